import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { FolderNode, TranscriptNode, TreeNode } from '../types.ts';
import { withOpenState } from '../testing/withOpenState.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

const folder = (id: number, name: string, children: TreeNode[] = []): FolderNode => ({ id, type: 'folder', name, children });
const transcript = (id: number, name: string): TranscriptNode => ({ id, type: 'transcript', name, createdAt: '2025-01-05T09:00:00Z' });

/** Clients/ (Acme/ (Kickoff call)), Interviews/, Voice memo at the top level. */
const library: TreeNode[] = [
  folder(1, 'Clients', [folder(2, 'Acme', [transcript(10, 'Kickoff call')])]),
  folder(3, 'Interviews'),
  transcript(12, 'Voice memo'),
];
const clients = library[0] as FolderNode;
const memo = library[2];

/** The app's part: open state (withOpenState); the dialog closes itself through onOpenChange(false) after onMove. */
const Controlled = withOpenState(MoveDialog);

/**
 * 'Move to…' for a transcript or a folder: the keyboard's and the phone's alternative to dragging. The
 * top level and every folder are listed; the current place, the folder itself and its subfolders (and
 * places too deep, with maxDepth) are disabled with the reason. onMove gets the chosen folder id (null:
 * the top level); an Error it throws is shown.
 */
const meta = {
  title: 'Transcript Kit/MoveDialog',
  component: MoveDialog,
  args: { items: library, node: memo, isOpen: true, onOpenChange: fn(), onMove: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof MoveDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys choose among the enabled places, Enter on Move moves. */
export const MoveTranscriptByKeyboard: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    await expect(within(dialog).getByRole('radiogroup', { name: 'Move “Voice memo” to' })).toBeVisible();
    await expect(within(dialog).getByRole('radio', { name: 'Top level (no folder) (current location)' })).toBeDisabled();
    await expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Top level (no folder) (current location)', 'Clients', 'Acme', 'Interviews']);
    // Tab into the group lands on the first enabled place; arrows move between places.
    await userEvent.tab();
    while (document.activeElement?.getAttribute('type') !== 'radio') await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(dialog).getByRole('radio', { name: 'Acme' })).toBeChecked();
    await userEvent.tab();
    while (document.activeElement?.textContent !== 'Move') await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onMove).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** A folder cannot go into itself or its subfolders; it can go to the top level or a sibling. */
export const MoveFolder: Story = {
  args: { node: clients },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    const reason = 'cannot move a folder into itself or its subfolders';
    await expect(within(dialog).getByRole('radio', { name: `Clients (${reason})` })).toBeDisabled();
    await expect(within(dialog).getByRole('radio', { name: `Acme (${reason})` })).toBeDisabled();
    await expect(within(dialog).getByRole('radio', { name: 'Top level (no folder) (current location)' })).toBeDisabled();
    // Nothing chosen yet: Move says so instead of doing nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await expect(within(dialog).getByText('Choose where to move it')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Interviews' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await expect(args.onMove).toHaveBeenCalledWith(3);
  },
};

/** With the nesting limit, places that would make the folder too deep are disabled. */
export const TooDeep: Story = {
  args: { node: clients, maxDepth: 2 },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    await expect(within(dialog).getByRole('radio', { name: 'Interviews (too deeply nested)' })).toBeDisabled();
  },
};

/** A refused move (the server's reason) is shown in the dialog, which stays open. */
export const ServerError: Story = {
  args: {
    onMove: fn(async () => {
      throw new Error('Cannot move a folder into itself or its subfolders');
    }),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Interviews' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await expect(await within(dialog).findByText('Cannot move a folder into itself or its subfolders')).toBeVisible();
    await expect(screen.getByRole('dialog', { name: 'Move to…' })).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
