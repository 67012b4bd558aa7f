import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { arrowToControl, focusRow, folderTreeArgs, frame, getTree, LiveTree, row } from '../testing/folderTreeStory.tsx';
import { FolderTree } from './FolderTree.tsx';

/**
 * Moving things in the "Folders" panel: transcripts and folders dragged onto folders with the mouse or
 * the keyboard, moves that are refused, 'Move to…' from a row's menu, and the tree without drag and drop.
 */
const meta = {
  title: 'Transcript Kit/FolderTree/Moving',
  component: FolderTree,
  decorators: [frame],
  args: folderTreeArgs,
  render: (args) => <LiveTree {...args} />,
} satisfies Meta<typeof FolderTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Keyboard drag and drop: Right arrow to the row's grip, Enter picks the transcript up, arrows move
 * between drop targets (folders, and the tree itself for the top level), Enter drops.
 */
export const KeyboardDragAndDrop: Story = {
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const memo = await focusRow(tree, 'Voice memo');
    await arrowToControl(memo, 'Drag Voice memo');
    await userEvent.keyboard('{Enter}');
    // Drop targets: only folders (and the top level); the up arrow walks back to Interviews.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label') ?? '').toMatch(/Interviews|Clients|Folders/));
    for (let i = 0; i < 6 && !/Drop on Interviews/.test(document.activeElement?.getAttribute('aria-label') ?? ''); i++) {
      await userEvent.keyboard('{ArrowUp}');
    }
    await expect(document.activeElement).toHaveAttribute('aria-label', expect.stringMatching(/Drop on Interviews/));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onMoveTranscript).toHaveBeenCalledWith(12, 3));
    // The folder opens to show where it landed.
    await waitFor(() => expect(row(tree, 'Interviews')).toHaveAttribute('aria-expanded', 'true'));
    const moved = row(tree, 'Voice memo');
    await expect(moved).toHaveAttribute('aria-level', '2');

    // Back out to the top level the same way: onto the tree itself.
    moved.focus();
    await arrowToControl(moved, 'Drag Voice memo');
    await userEvent.keyboard('{Enter}');
    // Home goes to the first drop target: the tree itself, i.e. the top level.
    await userEvent.keyboard('{Home}');
    await expect(document.activeElement).toHaveAccessibleName('Drop on Folders');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onMoveTranscript).toHaveBeenLastCalledWith(12, null));
    await waitFor(() => expect(row(tree, 'Voice memo')).toHaveAttribute('aria-level', '1'));
  },
};

/** Mouse drag and drop: a transcript dropped on a folder row moves into it. */
export const MouseDragAndDrop: Story = {
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    // A real mouse drag needs the test runner's browser driver (Playwright through vitest/browser): synthetic
    // DOM drag events do not reproduce the browser's drag and drop. In Storybook's own UI, drag by hand.
    const browser = await import('vitest/browser').catch(() => null);
    if (!browser) return;
    const browserEvent = browser.userEvent;
    await browserEvent.dragAndDrop(row(tree, 'Team standup'), row(tree, 'Interviews'));
    await waitFor(() => expect(args.onMoveTranscript).toHaveBeenCalledWith(13, 3));
    await waitFor(() => expect(row(tree, 'Team standup')).toHaveAttribute('aria-level', '2'));
    await browserEvent.dragAndDrop(row(tree, 'Team standup'), row(tree, 'Voice memo'));
    await waitFor(() => expect(args.onMoveTranscript).toHaveBeenLastCalledWith(13, null));
  },
};

/** With onMoveFolder, folders drag too; a folder dropped into its own subfolder is refused with a message. */
export const InvalidMove: Story = {
  args: { onMoveFolder: fn(), defaultExpandedKeys: ['folder:1'] },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const clients = await focusRow(tree, 'Clients');
    await arrowToControl(clients, 'Drag Clients');
    await userEvent.keyboard('{Enter}');
    for (let i = 0; i < 6 && !/Drop on Acme/.test(document.activeElement?.getAttribute('aria-label') ?? ''); i++) {
      await userEvent.keyboard('{ArrowDown}');
    }
    await expect(document.activeElement).toHaveAttribute('aria-label', expect.stringMatching(/Drop on Acme/));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onInvalidMove).toHaveBeenCalledWith('Cannot move a folder into itself or its subfolders'));
    await expect(args.onMoveFolder).not.toHaveBeenCalled();
    await expect(row(tree, 'Clients')).toHaveAttribute('aria-level', '1');
  },
};

/**
 * react-aria's announcement of the row that kept focus names it by id; the virtualizer re-renders that
 * row at its new place after a move, so wait until the announcer's message has expired (axe checks it).
 */
async function announcementsSettled() {
  await waitFor(
    () =>
      expect(
        [...document.querySelectorAll('[role="img"][aria-labelledby]')].every(
          (el) => !!document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
      ).toBe(true),
    { timeout: 9000 },
  );
}

/**
 * 'Move to…' in a transcript's row menu, by keyboard only (also the phone's way: there is no dragging
 * there): the dialog lists the top level and every folder, the current place disabled.
 */
export const MoveTranscriptByKeyboard: Story = {
  args: { isDragAndDropEnabled: false },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const memo = await focusRow(tree, 'Voice memo');
    await arrowToControl(memo, 'Actions for Voice memo');
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Voice memo' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Move to…' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    await expect(within(dialog).getByRole('radio', { name: 'Top level (no folder) (current location)' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Acme' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await expect(args.onMoveTranscript).toHaveBeenCalledWith(12, 2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // It went into Acme, which is opened (with its parent) to show it there.
    await waitFor(() => expect(row(tree, 'Voice memo')).toHaveAttribute('aria-level', '3'));
    await announcementsSettled();
  },
};

/** A folder's 'Move to…' (with onMoveFolder) disables the folder itself and its subfolders. */
export const MoveFolder: Story = {
  args: { onMoveFolder: fn() },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await userEvent.click(within(row(tree, 'Clients')).getByRole('button', { name: 'Actions for Clients' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for Clients' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to…' });
    const reason = 'cannot move a folder into itself or its subfolders';
    await expect(within(dialog).getByRole('radio', { name: `Clients (${reason})` })).toBeDisabled();
    await expect(within(dialog).getByRole('radio', { name: `Acme (${reason})` })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Interviews' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await expect(args.onMoveFolder).toHaveBeenCalledWith(1, 3);
    await waitFor(() => expect(row(tree, 'Clients')).toHaveAttribute('aria-level', '2'));
    await announcementsSettled();
  },
};

/** A folder dropped onto a folder (mouse) lands inside it. */
export const MouseDropFolderOnFolder: Story = {
  args: { onMoveFolder: fn() },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const browser = await import('vitest/browser').catch(() => null);
    if (!browser) return;
    await browser.userEvent.dragAndDrop(row(tree, 'Interviews'), row(tree, 'Clients'));
    await waitFor(() => expect(args.onMoveFolder).toHaveBeenCalledWith(3, 1));
    await waitFor(() => expect(row(tree, 'Interviews')).toHaveAttribute('aria-level', '2'));
  },
};

/** Small screens: no drag and drop (docs/product-spec.md §5) - no grips, rows are not draggable; the rest works. */
export const DragDisabled: Story = {
  args: { isDragAndDropEnabled: false },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await expect(within(tree).queryByRole('button', { name: /^Drag / })).toBeNull();
    await expect(row(tree, 'Voice memo')).not.toHaveAttribute('draggable', 'true');
    await userEvent.click(within(row(tree, 'Voice memo')).getByText('Voice memo'));
    await expect(args.onSelectTranscript).toHaveBeenCalledWith(12);
  },
};
