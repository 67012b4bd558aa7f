import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { withOpenState } from '../testing/withOpenState.tsx';
import { FolderDialog } from './FolderDialog.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

/** The app's part: open state (withOpenState); the dialog closes itself through onOpenChange(false) after onSubmit. */
const Controlled = withOpenState(FolderDialog);

/**
 * Create and rename folders. A blank name (after trimming) shows 'Please enter a folder name'; while
 * onSubmit runs the dialog is busy and cannot be dismissed; an Error thrown by onSubmit is shown.
 */
const meta = {
  title: 'Transcript Kit/FolderDialog',
  component: FolderDialog,
  args: { mode: 'create', isOpen: true, onOpenChange: fn(), onSubmit: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof FolderDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' });
    const field = within(dialog).getByRole('textbox', { name: /Folder name/ });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, '  Interviews  ');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Interviews');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const CreateSubfolder: Story = {
  args: { parentName: 'Clients' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'New Subfolder' });
    await expect(within(dialog).getByText('Inside Clients')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Create' })).toBeVisible();
  },
};

export const Edit: Story = {
  args: { mode: 'edit', initialName: 'Clients' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Rename Folder' });
    const field = within(dialog).getByRole('textbox', { name: /Folder name/ });
    await expect(field).toHaveValue('Clients');
    await userEvent.clear(field);
    await userEvent.type(field, 'Customers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('Customers');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const ValidationError: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' });
    const field = within(dialog).getByRole('textbox', { name: /Folder name/ });
    await userEvent.type(field, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await expect(within(dialog).getByText('Please enter a folder name')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Please enter a folder name/);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(screen.getByRole('dialog', { name: 'New Folder' })).toBeVisible();
  },
};

export const ServerError: Story = {
  args: {
    mode: 'edit',
    initialName: 'Clients',
    onSubmit: fn(async () => {
      throw new Error('A folder with this name already exists');
    }),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Rename Folder' });
    // Enter in the field submits. (Not a click: react-aria's announcement of a focused pending button
    // stays in its global live region for seconds and would point the next story's axe run at a gone button.)
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Folder name/ })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('A folder with this name already exists');
    await expect(args.onSubmit).toHaveBeenCalledWith('Clients');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    // The cursor is back in the field, ready for a corrected name.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Folder name/ })).toHaveFocus());
  },
};

/** While onSubmit runs: a busy button, no close button, and Escape does nothing. */
export const Pending: Story = {
  args: { onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'New Folder' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Folder name/ }), 'Archive{Enter}');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toHaveAttribute('aria-disabled', 'true'));
    await expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'New Folder' })).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Ordner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));
    await expect(within(dialog).getByText('Bitte geben Sie einen Ordnernamen ein')).toBeVisible();
    await expect(within(dialog).getByRole('textbox', { name: /Ordnername/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
