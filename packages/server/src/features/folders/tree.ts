import type { FolderNode, TranscriptNode, TreeNode } from '@scribe/api-client';
import type { FolderListRow, TranscriptListRow } from './repository.ts';

// Folder names sort as people read them: locale-aware, case-insensitive, numbers by value.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The nested tree from flat rows in linear time after one sort: folders before transcripts,
 * folders by name, transcripts in the order given (newest first). A folder whose parent is
 * missing is shown at the top level rather than lost.
 */
export function buildTree(folderRows: FolderListRow[], transcriptRows: TranscriptListRow[]): TreeNode[] {
  const sorted = [...folderRows].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  const nodes = new Map<number, FolderNode>();
  for (const f of sorted) nodes.set(f.id, { id: f.id, type: 'folder', name: f.name, children: [] });

  const root: TreeNode[] = [];
  for (const f of sorted) {
    const parent = f.parentId === null ? undefined : nodes.get(f.parentId);
    (parent ? parent.children : root).push(nodes.get(f.id)!);
  }
  for (const t of transcriptRows) {
    const node: TranscriptNode = {
      id: t.id,
      type: 'transcript',
      name: t.title,
      createdAt: t.createdAt,
      status: t.status,
    };
    const parent = t.folderId === null ? undefined : nodes.get(t.folderId);
    (parent ? parent.children : root).push(node);
  }
  return root;
}
