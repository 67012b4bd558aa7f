import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { moveNode } from '../tree/treeOps.ts';
import type { FolderNode, TranscriptNode, TreeNode } from '../types.ts';
import { FolderTree } from './FolderTree.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

const folder = (id: number, name: string, children: TreeNode[] = []): FolderNode => ({ id, type: 'folder', name, children });
const transcript = (
  id: number,
  name: string,
  day: number,
  status?: TranscriptNode['status'],
  duration: number | null = 60 + day * 7,
): TranscriptNode => ({
  id,
  type: 'transcript',
  name,
  createdAt: new Date(Date.UTC(2025, 0, day, 9)).toISOString(),
  ...(status ? { status } : {}),
  duration,
});

/** Clients/ (Acme/ (Kickoff call), Quarterly review), Interviews/ (empty), then two top-level transcripts. */
const library: TreeNode[] = [
  folder(1, 'Clients', [folder(2, 'Acme', [transcript(10, 'Kickoff call', 5)]), transcript(11, 'Quarterly review', 4)]),
  folder(3, 'Interviews'),
  transcript(12, 'Voice memo', 3),
  transcript(13, 'Team standup', 2),
];

/** The panel's frame: the tree fills the height it is given (and virtualizes inside it). */
const frame: Decorator = (Story) => (
  <div style={{ width: 300, height: 420, border: '1px solid #d4d4d8', borderRadius: 8, padding: 4 }}>
    <Story />
  </div>
);

/**
 * How the app wires it: the tree is data in, callbacks out. This wrapper plays the app's part (applies
 * moves with treeOps.moveNode, keeps the selection) so the example behaves like the real panel.
 */
function LiveTree(props: ComponentProps<typeof FolderTree>) {
  const [items, setItems] = useState(props.items);
  const [selected, setSelected] = useState(props.selectedTranscriptId ?? null);
  return (
    <FolderTree
      {...props}
      items={items}
      selectedTranscriptId={selected}
      onSelectTranscript={(id) => {
        setSelected(id);
        props.onSelectTranscript(id);
      }}
      onMoveTranscript={
        props.onMoveTranscript
          ? (id, folderId) => {
              setItems((current) => moveNode(current, { type: 'transcript', id }, folderId));
              props.onMoveTranscript!(id, folderId);
            }
          : undefined
      }
      onMoveFolder={
        props.onMoveFolder
          ? (id, parentId) => {
              setItems((current) => moveNode(current, { type: 'folder', id }, parentId));
              props.onMoveFolder!(id, parentId);
            }
          : undefined
      }
    />
  );
}

/**
 * The "Folders" panel: folders expand and collapse (click, or Right/Left arrows), a click or Enter on a
 * transcript selects it, each row has an actions menu (shown on hover and keyboard focus), deletes are
 * confirmed, and transcripts drag onto folders with the mouse or the keyboard (focus a row, Right arrow
 * to its grip, Enter to pick it up, arrows to a folder, Enter to drop).
 */
const meta = {
  title: 'Transcript Kit/FolderTree',
  component: FolderTree,
  decorators: [frame],
  args: {
    items: library,
    onSelectTranscript: fn(),
    onCreateFolder: fn(),
    onRenameFolder: fn(),
    onDeleteFolder: fn(),
    onDeleteTranscript: fn(),
    onMoveTranscript: fn(),
    onInvalidMove: fn(),
  },
  render: (args) => <LiveTree {...args} />,
} satisfies Meta<typeof FolderTree>;

export default meta;
type Story = StoryObj<typeof meta>;

const getTree = (canvasElement: HTMLElement) => within(canvasElement).findByRole('treegrid', { name: 'Folders' });
const row = (tree: HTMLElement, name: string) => within(tree).getByRole('row', { name });

/** Moves keyboard focus onto the row, as a keyboard user gets there (Tab into the tree, then arrows). */
async function focusRow(tree: HTMLElement, name: string) {
  await userEvent.tab();
  while (!tree.contains(document.activeElement)) await userEvent.tab();
  // Compare names, not elements: the virtualizer reuses row elements for other items as it scrolls.
  const focusedName = () =>
    document.activeElement?.getAttribute('role') === 'row' ? document.activeElement.getAttribute('aria-label') : null;
  for (let i = 0; i < 20 && focusedName() !== name; i++) await userEvent.keyboard('{ArrowDown}');
  const target = row(tree, name);
  await expect(target).toHaveFocus();
  return target;
}

/** Right arrow walks from the row into its controls (grip, chevron, menu button). */
async function arrowToControl(rowElement: HTMLElement, name: string | RegExp) {
  const control = within(rowElement).getByRole('button', { name });
  for (let i = 0; i < 5 && document.activeElement !== control; i++) await userEvent.keyboard('{ArrowRight}');
  await expect(control).toHaveFocus();
  return control;
}

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No items found')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Folders' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'New folder' }));
    await expect(args.onCreateFolder).toHaveBeenCalledWith(null);
  },
};

/** Right arrow opens a folder, Left arrow closes it; a click on a folder's row toggles it too. */
export const NestedExpandCollapse: Story = {
  play: async ({ canvasElement }) => {
    const tree = await getTree(canvasElement);
    const clients = await focusRow(tree, 'Clients');
    await expect(clients).toHaveAttribute('aria-expanded', 'false');
    await expect(within(tree).queryByRole('row', { name: 'Acme' })).toBeNull();

    await userEvent.keyboard('{ArrowRight}');
    await expect(clients).toHaveAttribute('aria-expanded', 'true');
    const acme = row(tree, 'Acme');
    await expect(acme).toHaveAttribute('aria-level', '2');
    await expect(row(tree, 'Quarterly review')).toBeVisible();

    await userEvent.keyboard('{ArrowLeft}');
    await expect(clients).toHaveAttribute('aria-expanded', 'false');
    await expect(within(tree).queryByRole('row', { name: 'Acme' })).toBeNull();

    // Mouse: the row itself toggles, and a second level opens the same way.
    await userEvent.click(within(clients).getByText('Clients'));
    await expect(clients).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(row(tree, 'Acme')).getByText('Acme'));
    await expect(row(tree, 'Kickoff call')).toHaveAttribute('aria-level', '3');
  },
};

/** A click, or Enter on the focused row, selects a transcript (aria-selected) and reports it. */
export const SelectTranscript: Story = {
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await userEvent.click(within(row(tree, 'Voice memo')).getByText('Voice memo'));
    await expect(args.onSelectTranscript).toHaveBeenLastCalledWith(12);
    await expect(row(tree, 'Voice memo')).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowDown}');
    await expect(row(tree, 'Team standup')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelectTranscript).toHaveBeenLastCalledWith(13);
    await expect(row(tree, 'Team standup')).toHaveAttribute('aria-selected', 'true');
    await expect(row(tree, 'Voice memo')).toHaveAttribute('aria-selected', 'false');
    // Folders open, they are never "selected".
    await expect(args.onSelectTranscript).toHaveBeenCalledTimes(2);
  },
};

/** A transcript selected from outside (e.g. restored after a reload) is revealed: its folders open. */
export const Selected: Story = {
  args: { selectedTranscriptId: 10 },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await expect(row(tree, 'Clients')).toHaveAttribute('aria-expanded', 'true');
    await expect(row(tree, 'Acme')).toHaveAttribute('aria-expanded', 'true');
    await expect(row(tree, 'Kickoff call')).toHaveAttribute('aria-selected', 'true');
    await expect(args.onSelectTranscript).not.toHaveBeenCalled();
  },
};

/** The actions menu opens from the keyboard; Rename and New Subfolder report the folder. */
export const FolderMenuByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const clients = await focusRow(tree, 'Clients');
    const trigger = await arrowToControl(clients, 'Actions for Clients');
    await expect(trigger).toBeVisible();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Clients' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'New Subfolder', 'Delete']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onRenameFolder).toHaveBeenCalledWith(expect.objectContaining({ id: 1, name: 'Clients' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await userEvent.click(trigger);
    const again = await screen.findByRole('menu', { name: 'Actions for Clients' });
    await userEvent.click(within(again).getByRole('menuitem', { name: 'New Subfolder' }));
    await expect(args.onCreateFolder).toHaveBeenCalledWith(1);
    await expect(args.onRenameFolder).toHaveBeenCalledTimes(1);
  },
};

/** With onRenameTranscript, a transcript's row menu offers 'Rename' first, by keyboard too. */
export const RenameTranscript: Story = {
  args: { onRenameTranscript: fn() },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const memo = await focusRow(tree, 'Voice memo');
    await arrowToControl(memo, 'Actions for Voice memo');
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Voice memo' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Rename', 'Move to…', 'Delete']);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onRenameTranscript).toHaveBeenCalledWith(expect.objectContaining({ id: 12, type: 'transcript', name: 'Voice memo' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(args.onDeleteTranscript).not.toHaveBeenCalled();
  },
};

/** With onShareTranscript, a finished transcript's row menu offers 'Share…'; a processing one does not. */
export const ShareTranscript: Story = {
  args: {
    onShareTranscript: fn(),
    items: [...library, transcript(14, 'Still processing', 1, 'processing')],
  },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    const memo = await focusRow(tree, 'Voice memo');
    await arrowToControl(memo, 'Actions for Voice memo');
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for Voice memo' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Share…', 'Move to…', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Share…' }));
    await expect(args.onShareTranscript).toHaveBeenCalledWith(expect.objectContaining({ id: 12, type: 'transcript', name: 'Voice memo' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions for Still processing' }));
    const other = await screen.findByRole('menu', { name: 'Actions for Still processing' });
    await expect(within(other).queryByRole('menuitem', { name: 'Share…' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** Delete asks first; Cancel keeps the item, Delete in the confirmation reports it. */
export const DeleteAsksForConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await userEvent.click(within(row(tree, 'Voice memo')).getByRole('button', { name: 'Actions for Voice memo' }));
    let menu = await screen.findByRole('menu', { name: 'Actions for Voice memo' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Move to…', 'Delete']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete transcript' });
    await expect(within(dialog).getByText('Are you sure you want to delete this transcript?')).toBeVisible();
    await expect(args.onDeleteTranscript).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onDeleteTranscript).not.toHaveBeenCalled();

    await userEvent.click(within(row(tree, 'Voice memo')).getByRole('button', { name: 'Actions for Voice memo' }));
    menu = await screen.findByRole('menu', { name: 'Actions for Voice memo' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete transcript' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onDeleteTranscript).toHaveBeenCalledWith(expect.objectContaining({ id: 12, type: 'transcript' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // Folders say what goes with them; leave this one open for the screenshot.
    await userEvent.click(within(row(tree, 'Clients')).getByRole('button', { name: 'Actions for Clients' }));
    menu = await screen.findByRole('menu', { name: 'Actions for Clients' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete folder' });
    // The count takes in the sub-folders' transcripts: Kickoff call (in Acme) and Quarterly review.
    await expect(within(dialog).getByText('Delete folder “Clients” and its 2 transcripts?')).toBeVisible();
    await expect(args.onDeleteFolder).not.toHaveBeenCalled();
  },
};

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

/** Transcripts being transcribed spin (live processingIds or status 'processing'); failed ones say so. */
export const Processing: Story = {
  args: {
    items: [
      transcript(20, 'Board meeting', 9, 'processing'),
      transcript(21, 'Client call', 8),
      transcript(22, 'Broken upload', 7, 'error'),
    ],
    processingIds: [21],
  },
  play: async ({ canvasElement }) => {
    const tree = await getTree(canvasElement);
    await expect(within(row(tree, 'Board meeting')).getByRole('progressbar', { name: 'Processing' })).toBeVisible();
    await expect(within(row(tree, 'Client call')).getByRole('progressbar', { name: 'Processing' })).toBeVisible();
    await expect(within(row(tree, 'Broken upload')).queryByRole('progressbar')).toBeNull();
    await expect(within(row(tree, 'Broken upload')).getByRole('img', { name: 'Transcription failed' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading folders' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('treegrid')).toBeNull();
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

/** No editing UI: no "New folder", no row menus, no grips, no draggable rows. */
async function expectNoEditingUi(canvasElement: HTMLElement, tree: HTMLElement) {
  const canvas = within(canvasElement);
  await expect(canvas.queryByRole('button', { name: 'New folder' })).toBeNull();
  await expect(canvas.queryAllByRole('button', { name: /^Actions for / })).toHaveLength(0);
  await expect(canvas.queryAllByRole('button', { name: /^Drag / })).toHaveLength(0);
  for (const r of within(tree).getAllByRole('row')) await expect(r).not.toHaveAttribute('draggable', 'true');
}

/** Opens Clients and Acme and selects Kickoff call with the keyboard alone, as in an editable tree. */
async function browseByKeyboard(tree: HTMLElement, onSelectTranscript: unknown) {
  const clients = await focusRow(tree, 'Clients');
  await userEvent.keyboard('{ArrowRight}');
  await expect(clients).toHaveAttribute('aria-expanded', 'true');
  await userEvent.keyboard('{ArrowDown}');
  await expect(row(tree, 'Acme')).toHaveFocus();
  await userEvent.keyboard('{ArrowRight}');
  await expect(row(tree, 'Acme')).toHaveAttribute('aria-expanded', 'true');
  // Right arrow on an open folder goes nowhere else: the row has no grip or menu to reach.
  await userEvent.keyboard('{ArrowRight}');
  await expect(row(tree, 'Acme')).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  await expect(row(tree, 'Kickoff call')).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect(onSelectTranscript).toHaveBeenLastCalledWith(10);
  await expect(row(tree, 'Kickoff call')).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{ArrowUp}{ArrowLeft}');
  await expect(row(tree, 'Acme')).toHaveAttribute('aria-expanded', 'false');
}

/**
 * An embedder that only shows a library: with none of the editing callbacks (create, rename, move,
 * delete) there is no editing UI at all, while opening folders and selecting transcripts work as usual.
 */
export const ReadOnlyWithoutCallbacks: Story = {
  args: {
    onCreateFolder: undefined,
    onRenameFolder: undefined,
    onDeleteFolder: undefined,
    onDeleteTranscript: undefined,
    onMoveTranscript: undefined,
    onInvalidMove: undefined,
  },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await expectNoEditingUi(canvasElement, tree);
    await browseByKeyboard(tree, args.onSelectTranscript);
    await expectNoEditingUi(canvasElement, tree);
  },
};

/** `readOnly` turns the editing UI off even when the app passes its editing callbacks (e.g. a viewer role). */
export const ReadOnlyProp: Story = {
  args: { readOnly: true, onMoveFolder: fn(), onRenameTranscript: fn(), onShareTranscript: fn() },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await expectNoEditingUi(canvasElement, tree);
    await browseByKeyboard(tree, args.onSelectTranscript);
    await userEvent.click(within(row(tree, 'Voice memo')).getByText('Voice memo'));
    await expect(args.onSelectTranscript).toHaveBeenLastCalledWith(12);
    await expect(row(tree, 'Voice memo')).toHaveAttribute('aria-selected', 'true');
    await expectNoEditingUi(canvasElement, tree);
    for (const callback of [args.onCreateFolder, args.onRenameFolder, args.onDeleteTranscript, args.onMoveTranscript])
      await expect(callback).not.toHaveBeenCalled();
  },
};

/** Only the controls whose callback is given: transcripts can be deleted here, nothing else is editable. */
export const OnlyDeleteTranscripts: Story = {
  args: {
    onCreateFolder: undefined,
    onRenameFolder: undefined,
    onDeleteFolder: undefined,
    onMoveTranscript: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tree = await getTree(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'New folder' })).toBeNull();
    await expect(canvas.queryAllByRole('button', { name: /^Drag / })).toHaveLength(0);
    await expect(within(row(tree, 'Clients')).queryByRole('button', { name: 'Actions for Clients' })).toBeNull();
    const memo = row(tree, 'Voice memo');
    await userEvent.hover(memo);
    await userEvent.click(within(memo).getByRole('button', { name: 'Actions for Voice memo' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for Voice memo' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete']);
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * 10,000 transcripts in 1,000 folders: only the rows in view are in the page (virtualized), closed
 * folders' children are not rendered at all, and unchanged rows are reused between renders.
 */
export const LargeLibrary: Story = {
  args: {
    items: Array.from({ length: 1000 }, (_, f) =>
      folder(
        f + 1,
        `Folder ${String(f + 1).padStart(4, '0')}`,
        Array.from({ length: 10 }, (_, i) => transcript(f * 10 + i + 1, `Recording ${f * 10 + i + 1}`, 28 - i)),
      ),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const tree = await getTree(canvasElement);
    await expect(within(tree).getAllByRole('row').length).toBeLessThan(40);
    // Keyboard reaches the far end; the virtualizer scrolls it into the page.
    await focusRow(tree, 'Folder 0001');
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(row(tree, 'Folder 1000')).toHaveFocus());
    await expect(within(tree).getAllByRole('row').length).toBeLessThan(40);
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(row(tree, 'Folder 0001')).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(row(tree, 'Folder 0001')).toHaveAttribute('aria-expanded', 'true');
    await expect(row(tree, 'Recording 1')).toHaveAttribute('aria-level', '2');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(row(tree, 'Recording 1')).toHaveAttribute('aria-selected', 'true'));
    await expect(args.onSelectTranscript).toHaveBeenCalledWith(1);
    // Left goes to the folder, Left again closes it.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(row(tree, 'Folder 0001')).toHaveAttribute('aria-expanded', 'false'));
    await expect(within(tree).queryByRole('row', { name: 'Recording 1' })).toBeNull();
  },
};

/** The kit ships German: every label, menu and confirmation comes from its catalog. */
/**
 * Each transcript row shows its date and duration after the name (the full date and time in the
 * tooltip), and a name cut off by the panel's width shows in full as a tooltip.
 */
export const DateDurationAndTooltip: Story = {
  args: {
    items: [
      transcript(20, 'Quarterly planning meeting with the whole product and design team', 3, undefined, 754),
      transcript(21, 'Short', 2, 'processing', null),
    ],
  },
  play: async ({ canvasElement }) => {
    const tree = await getTree(canvasElement);
    const long = row(tree, 'Quarterly planning meeting with the whole product and design team');
    await expect(within(long).getByText('Jan 3, 2025 · 12:34')).toBeVisible();
    // Still processing: no duration yet, the date alone.
    await expect(within(row(tree, 'Short')).getByText('Jan 2, 2025')).toBeVisible();
    const name = within(long).getByText('Quarterly planning meeting with the whole product and design team');
    await userEvent.hover(name);
    await expect(name).toHaveAttribute('title', 'Quarterly planning meeting with the whole product and design team');
    const short = within(row(tree, 'Short')).getByText('Short');
    await userEvent.hover(short);
    await expect(short).not.toHaveAttribute('title');
  },
};

export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tree = await canvas.findByRole('treegrid', { name: 'Ordner' });
    await expect(canvas.getByRole('button', { name: 'Neuer Ordner' })).toBeVisible();
    await userEvent.click(within(row(tree, 'Clients')).getByRole('button', { name: 'Aktionen für Clients' }));
    const menu = await screen.findByRole('menu', { name: 'Aktionen für Clients' });
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Umbenennen', 'Neuer Unterordner', 'Löschen']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ordner löschen' });
    await expect(within(dialog).getByText('Ordner „Clients“ mit 2 Transkripten löschen?')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeVisible();
  },
};

/** The default state in every review mode (phone/desktop × light/dark × English/German), a baseline each. */
export const Modes: Story = { ...inAllModes };
