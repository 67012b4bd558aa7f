import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** An alertdialog for consequential actions; Cancel and Escape decline, the confirm button accepts. */
const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Delete transcript',
    message: 'Are you sure you want to delete this transcript?',
    confirmLabel: 'Delete',
    variant: 'danger',
    onConfirm: fn(),
    onOpenChange: fn(),
    isOpen: false,
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button variant="danger" onPress={() => setOpen(true)}>
          Delete
        </Button>
        <ConfirmDialog
          {...args}
          isOpen={open}
          onOpenChange={(next) => {
            setOpen(next);
            args.onOpenChange(next);
          }}
        />
      </>
    );
  },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete' });
    await userEvent.click(trigger);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete transcript' });
    await expect(within(dialog).getByText('Are you sure you want to delete this transcript?')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();

    await userEvent.click(trigger);
    dialog = await screen.findByRole('alertdialog', { name: 'Delete transcript' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Leave it open for the screenshot.
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog');
  },
};

export const OpenDark: Story = {
  args: { isOpen: true, title: 'Delete folder', message: 'Are you sure you want to delete this folder and all its contents?' },
  globals: { scheme: 'dark' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete folder' });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

export const German: Story = {
  args: { isOpen: true, title: 'Ordner löschen', message: 'Wirklich löschen?', confirmLabel: 'Löschen', variant: 'default' },
  globals: { locale: 'de' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Ordner löschen' });
    // ui's own string comes from its German catalog.
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  },
};
