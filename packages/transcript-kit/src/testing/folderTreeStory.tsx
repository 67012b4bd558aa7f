import type { Decorator } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FolderTree } from '../FolderTree/FolderTree.tsx';
import { moveNode } from '../tree/treeOps.ts';
import type { FolderNode, TranscriptNode, TreeNode } from '../types.ts';

// Stories only: the FolderTree stories' fixtures, frame, app wrapper and play helpers, shared by
// FolderTree.stories.tsx and FolderTreeMoving.stories.tsx.

export const folder = (id: number, name: string, children: TreeNode[] = []): FolderNode => ({ id, type: 'folder', name, children });
export const transcript = (
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
export const library: TreeNode[] = [
  folder(1, 'Clients', [folder(2, 'Acme', [transcript(10, 'Kickoff call', 5)]), transcript(11, 'Quarterly review', 4)]),
  folder(3, 'Interviews'),
  transcript(12, 'Voice memo', 3),
  transcript(13, 'Team standup', 2),
];

/** The panel's frame: the tree fills the height it is given (and virtualizes inside it). */
export const frame: Decorator = (Story) => (
  <div style={{ width: 300, height: 420, border: '1px solid #d4d4d8', borderRadius: 8, padding: 4 }}>
    <Story />
  </div>
);

/**
 * How the app wires it: the tree is data in, callbacks out. This wrapper plays the app's part (applies
 * moves with treeOps.moveNode, keeps the selection) so the example behaves like the real panel.
 */
export function LiveTree(props: ComponentProps<typeof FolderTree>) {
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

/** The stories' common args: the library, and a spy for every callback the app passes. */
export const folderTreeArgs = {
  items: library,
  onSelectTranscript: fn(),
  onCreateFolder: fn(),
  onRenameFolder: fn(),
  onDeleteFolder: fn(),
  onDeleteTranscript: fn(),
  onMoveTranscript: fn(),
  onInvalidMove: fn(),
} satisfies Partial<ComponentProps<typeof FolderTree>>;

export const getTree = (canvasElement: HTMLElement) => within(canvasElement).findByRole('treegrid', { name: 'Folders' });
export const row = (tree: HTMLElement, name: string) => within(tree).getByRole('row', { name });

/** Moves keyboard focus onto the row, as a keyboard user gets there (Tab into the tree, then arrows). */
export async function focusRow(tree: HTMLElement, name: string) {
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
export async function arrowToControl(rowElement: HTMLElement, name: string | RegExp) {
  const control = within(rowElement).getByRole('button', { name });
  for (let i = 0; i < 5 && document.activeElement !== control; i++) await userEvent.keyboard('{ArrowRight}');
  await expect(control).toHaveFocus();
  return control;
}
