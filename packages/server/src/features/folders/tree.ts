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

/** One transcript's node text, with what places it: its folder (0: the top level) and its order. */
interface GroupedLine {
  id: number;
  folder: number;
  createdMs: number;
  text: string;
}

/**
 * The transcripts' part of the tree: each folder's transcript nodes (0: the top level) as text, newest
 * first, joined by commas (`texts`, what serializeFolderTree takes), and the lines they are made of, so
 * that a few changed transcripts are patched in (patchTranscriptGroups) instead of all read again.
 * Never changed once made: a patch returns a new value sharing what it did not touch.
 */
export interface TranscriptGroups {
  readonly texts: ReadonlyMap<number, string>;
  readonly lists: ReadonlyMap<number, readonly GroupedLine[]>;
  readonly byId: ReadonlyMap<number, GroupedLine>;
  /** Characters held: the joined texts and the lines' own. */
  readonly chars: number;
}

// Newest first, then the higher id first: the order the repository sorts lines in.
const newestFirst = (x: GroupedLine, y: GroupedLine) => y.createdMs - x.createdMs || y.id - x.id;

function groupedLine(t: TranscriptTreeLine): GroupedLine {
  return {
    id: t.id,
    folder: t.folderId ?? 0,
    createdMs: t.createdMs ?? Date.parse(t.createdAt),
    // createdAt (ISO 8601) and status (a word) need no escaping; the title is JSON already.
    text:
      `{"id":${t.id},"type":"transcript","name":${t.titleJson},"createdAt":"${t.createdAt}",` +
      `"status":"${t.status}","duration":${t.duration === null ? 'null' : String(t.duration)}}`,
  };
}

/** The groups of all of a user's transcript lines, given newest first (as the repository reads them). */
export function groupTranscriptLines(rows: readonly TranscriptTreeLine[]): TranscriptGroups {
  const lists = new Map<number, GroupedLine[]>();
  const byId = new Map<number, GroupedLine>();
  let chars = 0;
  for (const t of rows) {
    const line = groupedLine(t);
    byId.set(line.id, line);
    chars += line.text.length;
    let list = lists.get(line.folder);
    if (!list) lists.set(line.folder, (list = []));
    list.push(line);
  }
  const texts = new Map<number, string>();
  for (const [folder, list] of lists) {
    const text = list.map((l) => l.text).join(',');
    texts.set(folder, text);
    chars += text.length;
  }
  return { texts, lists, byId, chars };
}

/**
 * The groups after some transcripts changed: `ids` are those touched (added, changed, moved, deleted or
 * given to another user), `rows` the current lines of those still there. Only the folders a changed
 * transcript left or entered are joined again. The same value as groupTranscriptLines of all current lines.
 */
export function patchTranscriptGroups(
  groups: TranscriptGroups,
  ids: Iterable<number>,
  rows: readonly TranscriptTreeLine[],
): TranscriptGroups {
  const byId = new Map(groups.byId);
  const lists = new Map(groups.lists);
  const texts = new Map(groups.texts);
  let chars = groups.chars;
  const touched = new Set<number>();
  const leave = (id: number) => {
    const old = byId.get(id);
    if (!old) return;
    touched.add(old.folder);
    chars -= old.text.length;
    byId.delete(id);
  };
  for (const id of ids) leave(id);
  const added = new Map<number, GroupedLine[]>();
  for (const row of rows) {
    leave(row.id);
    const line = groupedLine(row);
    byId.set(line.id, line);
    chars += line.text.length;
    touched.add(line.folder);
    let list = added.get(line.folder);
    if (!list) added.set(line.folder, (list = []));
    list.push(line);
  }
  for (const folder of touched) {
    // Lines still current stay in their order; the new ones are sorted in.
    const list = (groups.lists.get(folder) ?? []).filter((l) => byId.get(l.id) === l);
    const entering = added.get(folder);
    if (entering) {
      list.push(...entering);
      list.sort(newestFirst);
    }
    chars -= groups.texts.get(folder)?.length ?? 0;
    if (list.length === 0) {
      lists.delete(folder);
      texts.delete(folder);
      continue;
    }
    const text = list.map((l) => l.text).join(',');
    lists.set(folder, list);
    texts.set(folder, text);
    chars += text.length;
  }
  return { texts, lists, byId, chars };
}

/**
 * The transcripts' part of the tree as text: each folder's transcript nodes (0: the top level), newest
 * first, joined by commas. Kept while only folders change, so a folder rename rewrites 1,000 folder
 * headers instead of 10,000 transcript nodes.
 */
export function groupTranscriptTexts(rows: readonly TranscriptTreeLine[]): Map<number, string> {
  return new Map(groupTranscriptLines(rows).texts);
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
