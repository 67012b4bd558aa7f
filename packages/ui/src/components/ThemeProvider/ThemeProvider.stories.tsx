import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Dialog, DialogTrigger } from '../Dialog/Dialog.tsx';
import { Menu, MenuItem, MenuTrigger } from '../Menu/Menu.tsx';
import { ThemeProvider } from './ThemeProvider.tsx';

/**
 * Themes what is inside it and the overlays it opens, although they portal to <body>: 'light', 'dark',
 * 'system' or a token object (the public `--scribe-…` properties); `dir` for right to left.
 */
const meta = {
  title: 'UI/ThemeProvider',
  component: ThemeProvider,
  args: { children: null },
} satisfies Meta<typeof ThemeProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const ACCENT = 'rgb(0, 128, 96)';

/** A dark provider with a custom accent: the dialog opened from its button is dark, its primary button green. */
export const DarkDialogWithAccent: Story = {
  render: () => (
    <ThemeProvider theme={{ scheme: 'dark', color: { accent: ACCENT, accentHover: ACCENT, accentText: '#ffffff' } }}>
      <DialogTrigger>
        <Button variant="primary">Open dialog</Button>
        <Dialog
          title="Themed dialog"
          footer={({ close }) => (
            <Button variant="primary" onPress={close}>
              Done
            </Button>
          )}
        >
          The dialog is portaled to the page's body and still takes the provider's theme.
        </Dialog>
      </DialogTrigger>
    </ThemeProvider>
  ),
  play: async ({ canvasElement }) => {
    const open = within(canvasElement).getByRole('button', { name: 'Open dialog' });
    await expect(getComputedStyle(open).backgroundColor).toBe(ACCENT);
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Themed dialog' });
    await expect(canvasElement.contains(dialog)).toBe(false);
    // The dark theme's raised surface and text, and the custom accent on the dialog's own button.
    await expect(getComputedStyle(dialog).color).toBe('rgb(237, 237, 240)');
    await expect(getComputedStyle(within(dialog).getByRole('button', { name: 'Done' })).backgroundColor).toBe(ACCENT);
  },
};

/** No provider: a host's own container sets the accent; the open menu's check mark takes it. */
export const MenuFromHostContainer: Story = {
  render: () => (
    <div style={{ '--scribe-color-accent': ACCENT } as CSSProperties}>
      <MenuTrigger>
        <Button>Sort</Button>
        <Menu aria-label="Sort" selectionMode="single" defaultSelectedKeys={['newest']}>
          <MenuItem id="newest">Newest first</MenuItem>
          <MenuItem id="oldest">Oldest first</MenuItem>
        </Menu>
      </MenuTrigger>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sort' }));
    const menu = await screen.findByRole('menu', { name: 'Sort' });
    await expect(canvasElement.contains(menu)).toBe(false);
    const checked = within(menu).getByRole('menuitemradio', { checked: true });
    await expect(getComputedStyle(checked.querySelector('svg')!.parentElement!).color).toBe(ACCENT);
  },
};
