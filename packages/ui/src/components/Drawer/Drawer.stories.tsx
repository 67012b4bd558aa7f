import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../IconButton/IconButton.tsx';
import { MenuIcon } from '../icons/icons.tsx';
import { Link } from '../Link/Link.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Drawer } from './Drawer.tsx';

/** A modal panel sliding in from the left or right (small-screen navigation and panels). */
const meta = {
  title: 'UI/Drawer',
  component: Drawer,
  args: { title: 'Navigation', side: 'left', isOpen: false, onOpenChange: fn(), children: null },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const Nav = () => (
  <nav aria-label="Main">
    <Stack gap="xs">
      <Link variant="nav" href="#home" isCurrent>
        Home
      </Link>
      <Link variant="nav" href="#credits">
        Credits
      </Link>
    </Stack>
  </nav>
);

export const OpenAndClose: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <IconButton aria-label="Open navigation" icon={<MenuIcon />} variant="secondary" onPress={() => setOpen(true)} />
        <Drawer {...args} isOpen={open} onOpenChange={(v) => (setOpen(v), args.onOpenChange(v))}>
          <Nav />
        </Drawer>
      </>
    );
  },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open navigation' });
    await userEvent.click(trigger);
    let drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await expect(within(drawer).getByRole('link', { name: 'Home' })).toBeVisible();
    // Escape closes and gives focus back.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveFocus();
    // The Close button closes too.
    await userEvent.click(trigger);
    drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'Navigation' });
  },
};

export const Right: Story = {
  args: { side: 'right', isOpen: true, title: 'AI outputs', description: 'Prompts run on this transcript', children: 'No outputs yet.' },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'AI outputs' });
    const rect = drawer.getBoundingClientRect();
    await expect(Math.round(rect.right)).toBe(window.innerWidth);
  },
};

export const LeftDark: Story = {
  args: { isOpen: true, children: <Nav /> },
  globals: { scheme: 'dark' },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await expect(Math.round(drawer.getBoundingClientRect().left)).toBe(0);
  },
};
