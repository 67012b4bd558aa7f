import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  arrowToControl,
  focusRow,
  folder,
  folderTreeArgs,
  frame,
  getTree,
  library,
  LiveTree,
  row,
  transcript,
} from '../testing/folderTreeStory.tsx';
import { FolderTree } from './FolderTree.tsx';
import { inAllModes } from '../../../../.storybook/modes.ts';

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
  args: folderTreeArgs,
  render: (args) => <LiveTree {...args} />,
} satisfies Meta<typeof FolderTree>;

export default meta;
type Story = StoryObj<typeof meta>;

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

/** The kit ships German: every label, menu and confirmation comes from its catalog. */
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
