import type { FolderNode, TranscriptNode, TreeNode } from '@scribe/api-client';
import type { FolderListRow, TranscriptListRow, TranscriptTreeLine } from './repository.ts';

// Folder names sort as people read them: locale-aware, case-insensitive, numbers by value.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The nested tree from flat rows in linear time after one sort: folders before transcripts,
 * folders by name, transcripts in the order given (newest first). A folder whose parent is
 * missing is shown at the top level rather than lost.
 */
// A transcript node's JSON text, written while building from rows that carry their title as JSON: the
// serialiser then joins text instead of stringifying 10,000 objects. Same text as JSON.stringify(node).
const nodeText = new WeakMap<TranscriptNode, string>();

function transcriptText(node: TranscriptNode, titleJson: string): string {
  return (
    `{"id":${node.id},"type":"transcript","name":${titleJson},"createdAt":${JSON.stringify(node.createdAt)},` +
    `"status":${JSON.stringify(node.status)},"duration":${JSON.stringify(node.duration)}}`
  );
}

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
      duration: t.duration,
    };
    if (t.titleJson !== undefined) nodeText.set(node, transcriptText(node, t.titleJson));
    const parent = t.folderId === null ? undefined : nodes.get(t.folderId);
    (parent ? parent.children : root).push(node);
  }
  return root;
}

/**
 * The tree as JSON text, written with an explicit stack: JSON.stringify recurses once per level
 * and overflows the call stack on trees a few thousand folders deep (older data can be deeper than
 * today's limit). Same text as JSON.stringify(nodes).
 */
export function serializeTree(nodes: readonly TreeNode[]): string {
  const out: string[] = ['['];
  const stack: Array<{ nodes: readonly TreeNode[]; next: number }> = [{ nodes, next: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.nodes.length) {
      stack.pop();
      // Closes this list, and the folder object that holds it (all but the outermost list).
      out.push(stack.length > 0 ? ']}' : ']');
      continue;
    }
    if (frame.next > 0) out.push(',');
    const node = frame.nodes[frame.next++];
    if (node.type === 'transcript') {
      out.push(nodeText.get(node) ?? JSON.stringify(node));
    } else {
      out.push(`{"id":${JSON.stringify(node.id)},"type":"folder","name":${JSON.stringify(node.name)},"children":[`);
      stack.push({ nodes: node.children, next: 0 });
    }
  }
  return out.join('');
}

/** How many levels deep the tree goes (0 for none), walked without recursion. */
export function treeDepth(nodes: readonly TreeNode[]): number {
  let deepest = 0;
  const stack: Array<{ nodes: readonly TreeNode[]; depth: number }> = [{ nodes, depth: 1 }];
  while (stack.length > 0) {
    const { nodes: level, depth } = stack.pop()!;
    for (const node of level) {
      deepest = Math.max(deepest, depth);
      if (node.type === 'folder') stack.push({ nodes: node.children, depth: depth + 1 });
    }
  }
  return deepest;
}

/**
 * The transcripts' part of the tree as text: each folder's transcript nodes (0: the top level), newest
 * first, joined by commas. Kept while only folders change, so a folder rename rewrites 1,000 folder
 * headers instead of 10,000 transcript nodes.
 */
export function groupTranscriptTexts(rows: readonly TranscriptTreeLine[]): Map<number, string> {
  const groups = new Map<number, string[]>();
  for (const t of rows) {
    const key = t.folderId ?? 0;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    // createdAt (ISO 8601) and status (a word) need no escaping; the title is JSON already.
    list.push(
      `{"id":${t.id},"type":"transcript","name":${t.titleJson},"createdAt":"${t.createdAt}",` +
        `"status":"${t.status}","duration":${t.duration === null ? 'null' : String(t.duration)}}`,
    );
  }
  return new Map([...groups].map(([key, texts]) => [key, texts.join(',')]));
}

/**
 * The tree's JSON from the folder rows and the grouped transcript texts: the same text as
 * serializeTree(buildTree(folders, transcripts)). Null when a transcript's folder is not among the
 * folders (read at another moment): the caller then builds the whole tree from one reading.
 */
export function serializeFolderTree(folderRows: readonly FolderListRow[], transcriptTexts: ReadonlyMap<number, string>): string | null {
  const sorted = [...folderRows].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  const children = new Map<number, FolderListRow[]>();
  for (const f of sorted) children.set(f.id, []);
  for (const key of transcriptTexts.keys()) if (key !== 0 && !children.has(key)) return null;
  const root: FolderListRow[] = [];
  for (const f of sorted) {
    const siblings = f.parentId === null ? undefined : children.get(f.parentId);
    (siblings ?? root).push(f);
  }
  const out: string[] = ['['];
  // Explicit stack, as in serializeTree: deep trees overflow recursion.
  const stack: Array<{ folders: FolderListRow[]; next: number; texts: string | undefined }> = [
    { folders: root, next: 0, texts: transcriptTexts.get(0) },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.folders.length) {
      stack.pop();
      // Folders first, then this level's transcripts; then close the list (and its folder object).
      if (frame.texts) out.push(frame.folders.length > 0 ? `,${frame.texts}` : frame.texts);
      out.push(stack.length > 0 ? ']}' : ']');
      continue;
    }
    if (frame.next > 0) out.push(',');
    const f = frame.folders[frame.next++];
    out.push(`{"id":${JSON.stringify(f.id)},"type":"folder","name":${JSON.stringify(f.name)},"children":[`);
    stack.push({ folders: children.get(f.id)!, next: 0, texts: transcriptTexts.get(f.id) });
  }
  return out.join('');
}
