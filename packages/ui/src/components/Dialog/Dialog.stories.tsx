import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { Dialog, DialogTrigger } from './Dialog.tsx';

/**
 * Modal dialog titled by its heading. Focus moves in and is trapped, Escape closes, focus returns to
 * the trigger. Dismissable dialogs get a Close button and close on an outside click.
 */
const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: { title: 'New folder', children: null },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTrigger: Story = {
  render: (args) => (
    <DialogTrigger>
      <Button variant="primary">New folder</Button>
      <Dialog
        {...args}
        footer={({ close }) => (
          <>
            <Button onPress={close}>Cancel</Button>
            <Button variant="primary" onPress={close}>
              Create
            </Button>
          </>
        )}
      >
        <TextField label="Folder name" autoFocus />
      </Dialog>
    </DialogTrigger>
  ),
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'New folder' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const field = within(dialog).getByRole('textbox', { name: 'Folder name' });
    await waitFor(() => expect(field).toHaveFocus());
    // Focus is trapped: Tab cycles through the dialog's controls only.
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveFocus();
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    // Open again and leave it open for the screenshot.
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'New folder' });
  },
};

export const Controlled: Story = {
  args: {
    isOpen: true,
    onOpenChange: fn(),
    title: 'Settings saved',
    children: <Text>Your preferences were stored and apply on every device.</Text>,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Settings saved' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const ControlledDark: Story = { ...Controlled, globals: { scheme: 'dark' } };

export const NotDismissable: Story = {
  args: {
    isOpen: true,
    isDismissable: false,
    size: 'sm',
    title: 'Processing upload',
    isKeyboardDismissDisabled: true,
    onOpenChange: fn(),
    children: <Text tone="muted">This dialog cannot be closed while processing.</Text>,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Processing upload' });
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(dialog).toBeVisible();
  },
};

export const Large: Story = {
  args: {
    isOpen: true,
    size: 'lg',
    title: 'Keyboard shortcuts',
    children: (
      <Stack gap="sm">
        <Text>Space plays or pauses the audio.</Text>
        <Text>Arrow keys skip 10 seconds back or forward.</Text>
      </Stack>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog.getBoundingClientRect().width).toBeGreaterThan(600);
  },
};
