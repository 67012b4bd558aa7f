import type { FolderNode, TranscriptNode, TranscriptStatus, TreeKey, TreeNode, TreeNodeType } from '../types.ts';

/**
 * Pure operations on the folder tree (Mantine-tree style: the FolderTree component is a thin shell
 * around these). Nothing here mutates its input; everything is O(n) in the number of nodes (sorting
 * O(n log n)), so a library of 10,000 transcripts in 1,000 folders stays instant. Walks use explicit
 * stacks where depth is unbounded by input, so a very deep tree cannot overflow the call stack.
 */

export interface NodeRef {
  type: TreeNodeType;
  id: number;
}

/** `folder:1`, `transcript:5`: folder and transcript ids are separate sequences. */
export function nodeKey(node: NodeRef): TreeKey {
  return `${node.type}:${node.id}` as TreeKey;
}

export const folderKey = (id: number): TreeKey => `folder:${id}`;
export const transcriptKey = (id: number): TreeKey => `transcript:${id}`;

/** The inverse of nodeKey; null for anything that is not a tree key (react-aria keys are `string | number`). */
export function parseKey(key: unknown): NodeRef | null {
  if (typeof key !== 'string') return null;
  const match = /^(folder|transcript):(-?\d+)$/.exec(key);
  if (!match) return null;
  return { type: match[1] as TreeNodeType, id: Number(match[2]) };
}

export const isFolder = (node: TreeNode): node is FolderNode => node.type === 'folder';
export const isTranscript = (node: TreeNode): node is TranscriptNode => node.type === 'transcript';

const nameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function time(node: TranscriptNode): number {
  const t = Date.parse(node.createdAt);
  return Number.isNaN(t) ? 0 : t;
}

/**
 * The server's order: folders before transcripts, folders by name (natural, case-insensitive),
 * transcripts newest first. Ties fall back to the id so the order is total and stable.
 */
export function compareNodes(a: TreeNode, b: TreeNode): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  if (a.type === 'folder') return nameCollator.compare(a.name, b.name) || a.id - b.id;
  return time(b as TranscriptNode) - time(a) || b.id - a.id;
}

/** A sorted copy of the whole tree (every level). */
export function sortTree(nodes: readonly TreeNode[], compare: (a: TreeNode, b: TreeNode) => number = compareNodes): TreeNode[] {
  const sortLevel = (level: readonly TreeNode[]): TreeNode[] =>
    level.map((n) => (isFolder(n) ? { ...n, children: sortLevel(n.children) } : n)).sort(compare);
  return sortLevel(nodes);
}

/** What the library can be sorted by (folders always come first, by name). */
export type LibrarySortKey = 'name' | 'date' | 'length' | 'status';
export interface LibrarySort {
  by: LibrarySortKey;
  /** 'asc': A→Z, oldest, shortest, processing→completed→failed first; 'desc' the reverse. */
  direction: 'asc' | 'desc';
}
/** The server's order: newest first. */
export const defaultLibrarySort: LibrarySort = { by: 'date', direction: 'desc' };

const statusRank: Record<string, number> = { processing: 0, completed: 1, error: 2 };

/**
 * A comparator for sortTree: folders first by name (A→Z, whatever the sort), then transcripts by the
 * chosen key; unknown lengths go last in either direction; ties are newest first, then by id.
 */
export function libraryComparator(sort: LibrarySort): (a: TreeNode, b: TreeNode) => number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return (a, b) => {
    if (a.type !== b.type || a.type === 'folder') return compareNodes(a, b);
    const x = a;
    const y = b as TranscriptNode;
    let order = 0;
    if (sort.by === 'name') order = sign * nameCollator.compare(x.name, y.name);
    else if (sort.by === 'date') order = sign * (time(x) - time(y));
    else if (sort.by === 'status') order = sign * ((statusRank[x.status ?? 'completed'] ?? 1) - (statusRank[y.status ?? 'completed'] ?? 1));
    else {
      const known = (n: TranscriptNode) => typeof n.duration === 'number' && n.duration > 0;
      if (known(x) !== known(y)) return known(x) ? -1 : 1;
      if (known(x)) order = sign * (x.duration! - y.duration!);
    }
    return order || time(y) - time(x) || y.id - x.id;
  };
}

/** What the library can be narrowed to: transcripts of one status ('all': every one). */
export interface LibraryFilter {
  status: 'all' | TranscriptStatus;
}
export const defaultLibraryFilter: LibraryFilter = { status: 'all' };

/**
 * The tree with only the transcripts the filter keeps. With a filter on, folders that are left with
 * no matching transcript anywhere below them go too; without one the tree comes back unchanged.
 */
export function filterTree(nodes: readonly TreeNode[], filter: LibraryFilter): TreeNode[] {
  if (filter.status === 'all') return nodes as TreeNode[];
  const keep = (n: TranscriptNode) => (n.status ?? 'completed') === filter.status;
  const level = (list: readonly TreeNode[]): TreeNode[] =>
    list.flatMap((n): TreeNode[] => {
      if (!isFolder(n)) return keep(n) ? [n] : [];
      const children = level(n.children);
      return children.length > 0 ? [{ ...n, children }] : [];
    });
  return level(nodes);
}

interface Visit {
  node: TreeNode;
  parent: Visit | null;
  depth: number;
}

/** Pre-order walk; `visit` returning true stops the walk and returns that visit. */
function walk(nodes: readonly TreeNode[], visit: (v: Visit) => boolean | void): Visit | undefined {
  const stack: Visit[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i], parent: null, depth: 0 });
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (visit(current)) return current;
    const { node } = current;
    if (isFolder(node)) {
      for (let i = node.children.length - 1; i >= 0; i--) {
        stack.push({ node: node.children[i], parent: current, depth: current.depth + 1 });
      }
    }
  }
  return undefined;
}

const matches = (node: TreeNode, ref: NodeRef) => node.id === ref.id && node.type === ref.type;
const toRef = (ref: NodeRef | TreeKey): NodeRef | null => (typeof ref === 'string' ? parseKey(ref) : ref);

export function findNode(nodes: readonly TreeNode[], ref: NodeRef | TreeKey): TreeNode | undefined {
  const target = toRef(ref);
  if (!target) return undefined;
  return walk(nodes, (v) => matches(v.node, target))?.node;
}

/** The folder holding the node: null at the top level, undefined when the node is not in the tree. */
export function findParent(nodes: readonly TreeNode[], ref: NodeRef | TreeKey): FolderNode | null | undefined {
  const target = toRef(ref);
  if (!target) return undefined;
  const found = walk(nodes, (v) => matches(v.node, target));
  if (!found) return undefined;
  return found.parent ? (found.parent.node as FolderNode) : null;
}

/** The nodes from the top level down to the node itself (inclusive); [] when it is not in the tree. */
export function pathTo(nodes: readonly TreeNode[], ref: NodeRef | TreeKey): TreeNode[] {
  const target = toRef(ref);
  if (!target) return [];
  const path: TreeNode[] = [];
  for (let v = walk(nodes, (x) => matches(x.node, target)); v; v = v.parent ?? undefined) path.push(v.node);
  return path.reverse();
}

export interface FlatNode {
  key: TreeKey;
  node: TreeNode;
  /** 0 at the top level. */
  depth: number;
  /** The holding folder's id, null at the top level. */
  parentId: number | null;
}

export interface FlattenOptions {
  /** Only descend into these folders (keys as from nodeKey); every folder when left out. */
  expandedKeys?: Iterable<TreeKey | string | number>;
}

/** Pre-order list with depths, e.g. for a flat list on small screens. */
export function flatten(nodes: readonly TreeNode[], options: FlattenOptions = {}): FlatNode[] {
  const expanded = options.expandedKeys ? new Set<unknown>(options.expandedKeys) : null;
  const out: FlatNode[] = [];
  const stack: Visit[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i], parent: null, depth: 0 });
  while (stack.length > 0) {
    const current = stack.pop()!;
    const { node } = current;
    const key = nodeKey(node);
    out.push({ key, node, depth: current.depth, parentId: current.parent ? current.parent.node.id : null });
    if (isFolder(node) && (!expanded || expanded.has(key))) {
      for (let i = node.children.length - 1; i >= 0; i--) {
        stack.push({ node: node.children[i], parent: current, depth: current.depth + 1 });
      }
    }
  }
  return out;
}

/** Every node below the folder, pre-order (the folder itself excluded). */
export function descendants(folder: FolderNode): TreeNode[] {
  return flatten(folder.children).map((f) => f.node);
}

/** Whether `ref` lies somewhere below the folder `ancestorId` (strictly: a folder is not its own descendant). */
export function isDescendant(nodes: readonly TreeNode[], ancestorId: number, ref: NodeRef | TreeKey): boolean {
  const target = toRef(ref);
  if (!target) return false;
  const found = walk(nodes, (v) => matches(v.node, target));
  for (let v = found?.parent; v; v = v.parent) {
    if (v.node.id === ancestorId && v.node.type === 'folder') return true;
  }
  return false;
}

export type MoveCheck =
  /** The move changes the tree. */
  | 'ok'
  /** Valid, but the node already sits there. */
  | 'unchanged'
  /** A folder into itself or one of its subfolders: 'Cannot move a folder into itself or its subfolders'. */
  | 'into-itself'
  /** The folder with its subfolders would end up nested deeper than the allowed number of levels. */
  | 'too-deep'
  /** The node or the target folder is not in the tree. */
  | 'not-found';

export interface MoveOptions {
  /** Levels of folder nesting allowed, the top level being 1 (the server's limit); no limit when left out. */
  maxDepth?: number;
}

/** Levels of folders in the folder itself and below it: 1 for a folder without subfolders. */
export function folderHeight(folder: FolderNode): number {
  let height = 1;
  walk(folder.children, (v) => {
    if (isFolder(v.node)) height = Math.max(height, v.depth + 2);
  });
  return height;
}

/** Why a move would or would not work, in one O(n) pass over the tree. */
export function checkMove(
  nodes: readonly TreeNode[],
  ref: NodeRef | TreeKey,
  targetFolderId: number | null,
  options: MoveOptions = {},
): MoveCheck {
  const source = toRef(ref);
  if (!source) return 'not-found';
  let sourceVisit: Visit | undefined;
  let targetVisit: Visit | undefined;
  walk(nodes, (v) => {
    if (matches(v.node, source)) sourceVisit = v;
    if (targetFolderId !== null && v.node.type === 'folder' && v.node.id === targetFolderId) targetVisit = v;
    return sourceVisit !== undefined && (targetFolderId === null || targetVisit !== undefined);
  });
  if (!sourceVisit || (targetFolderId !== null && !targetVisit)) return 'not-found';
  if (source.type === 'folder' && targetVisit) {
    for (let v: Visit | null = targetVisit; v; v = v.parent) {
      if (v === sourceVisit) return 'into-itself';
    }
  }
  const currentParentId = sourceVisit.parent ? sourceVisit.parent.node.id : null;
  if (currentParentId === targetFolderId) return 'unchanged';
  if (source.type === 'folder' && options.maxDepth !== undefined) {
    // The target sits at level depth + 1; the folder goes one below it, its subfolders further down.
    const targetLevel = targetVisit ? targetVisit.depth + 1 : 0;
    if (targetLevel + folderHeight(sourceVisit.node as FolderNode) > options.maxDepth) return 'too-deep';
  }
  return 'ok';
}

export interface MoveTarget {
  /** The folder's id; null for the top level. */
  folderId: number | null;
  /** The folder's name; '' for the top level (the caller names it). */
  name: string;
  /** 0 for the top level, 1 for top-level folders, and so on. */
  depth: number;
  /** 'ok' for a valid target; otherwise why not ('unchanged' marks where the node is now). */
  check: MoveCheck;
}

/**
 * Every place several transcripts could go together: the top level and every folder in tree order, each
 * 'ok' unless every one of them is there already ('unchanged').
 */
export function moveTargetsForMany(nodes: readonly TreeNode[], transcriptIds: Iterable<number>): MoveTarget[] {
  const ids = new Set(transcriptIds);
  const holders = new Set<number | null>();
  walk(nodes, (v) => {
    if (v.node.type === 'transcript' && ids.has(v.node.id)) holders.add(v.parent ? v.parent.node.id : null);
    return false;
  });
  const check = (folderId: number | null): MoveCheck => (holders.size === 1 && holders.has(folderId) ? 'unchanged' : 'ok');
  const targets: MoveTarget[] = [{ folderId: null, name: '', depth: 0, check: check(null) }];
  for (const { node, depth } of flatten(nodes)) {
    if (isFolder(node)) targets.push({ folderId: node.id, name: node.name, depth: depth + 1, check: check(node.id) });
  }
  return targets;
}

/**
 * Every place the node could go, for a 'Move to…' list: the top level, then every folder in tree
 * order, each with whether the move is allowed and, if not, why (one pass per folder: O(n·f)).
 */
export function moveTargets(nodes: readonly TreeNode[], ref: NodeRef | TreeKey, options: MoveOptions = {}): MoveTarget[] {
  const source = toRef(ref);
  if (!source) return [];
  const targets: MoveTarget[] = [{ folderId: null, name: '', depth: 0, check: checkMove(nodes, source, null, options) }];
  const sourceNode = findNode(nodes, source);
  const below = new Set<number>();
  if (sourceNode && isFolder(sourceNode)) {
    below.add(sourceNode.id);
    for (const n of descendants(sourceNode)) if (isFolder(n)) below.add(n.id);
  }
  const currentParent = findParent(nodes, source);
  const sourceHeight = sourceNode && isFolder(sourceNode) ? folderHeight(sourceNode) : 0;
  for (const { node, depth } of flatten(nodes)) {
    if (!isFolder(node)) continue;
    let check: MoveCheck;
    if (!sourceNode) check = 'not-found';
    else if (below.has(node.id)) check = 'into-itself';
    else if (currentParent?.id === node.id) check = 'unchanged';
    else if (sourceHeight > 0 && options.maxDepth !== undefined && depth + 1 + sourceHeight > options.maxDepth) check = 'too-deep';
    else check = 'ok';
    targets.push({ folderId: node.id, name: node.name, depth: depth + 1, check });
  }
  return targets;
}

/**
 * Whether the node may go into the folder (null: the top level). False for a folder into itself or
 * its subfolders, and for anything not in the tree. Moving to where it already is counts as allowed.
 */
export function canMove(
  nodes: readonly TreeNode[],
  ref: NodeRef | TreeKey,
  targetFolderId: number | null,
  options: MoveOptions = {},
): boolean {
  const check = checkMove(nodes, ref, targetFolderId, options);
  return check === 'ok' || check === 'unchanged';
}

/** Insert into an already sorted level at its sorted place (O(k), no re-sort). */
function insertSorted(level: readonly TreeNode[], node: TreeNode, compare: (a: TreeNode, b: TreeNode) => number): TreeNode[] {
  let at = level.findIndex((other) => compare(node, other) < 0);
  if (at === -1) at = level.length;
  return [...level.slice(0, at), node, ...level.slice(at)];
}

/**
 * The tree with the node moved into the folder (null: the top level), at its sorted place. Immutable
 * with structural sharing: only the folders on the two paths are copied. When the move is not allowed
 * or changes nothing, the input array itself is returned (compare references to tell).
 */
export function moveNode(
  nodes: readonly TreeNode[],
  ref: NodeRef | TreeKey,
  targetFolderId: number | null,
  compare: (a: TreeNode, b: TreeNode) => number = compareNodes,
): TreeNode[] {
  const source = toRef(ref);
  if (!source || checkMove(nodes, source, targetFolderId) !== 'ok') return nodes as TreeNode[];

  let moved: TreeNode | undefined;
  const remove = (level: readonly TreeNode[]): readonly TreeNode[] => {
    const at = level.findIndex((n) => matches(n, source));
    if (at !== -1) {
      moved = level[at];
      return [...level.slice(0, at), ...level.slice(at + 1)];
    }
    for (let i = 0; i < level.length; i++) {
      const n = level[i];
      if (!isFolder(n)) continue;
      const children = remove(n.children);
      if (children !== n.children) {
        const copy = level.slice();
        copy[i] = { ...n, children: children as TreeNode[] };
        return copy;
      }
    }
    return level;
  };
  const without = remove(nodes);
  const node = moved!;

  if (targetFolderId === null) return insertSorted(without, node, compare);
  const insert = (level: readonly TreeNode[]): readonly TreeNode[] => {
    for (let i = 0; i < level.length; i++) {
      const n = level[i];
      if (!isFolder(n)) continue;
      if (n.id === targetFolderId) {
        const copy = level.slice();
        copy[i] = { ...n, children: insertSorted(n.children, node, compare) };
        return copy;
      }
      const children = insert(n.children);
      if (children !== n.children) {
        const copy = level.slice();
        copy[i] = { ...n, children: children as TreeNode[] };
        return copy;
      }
    }
    return level;
  };
  return insert(without) as TreeNode[];
}

/** Keys of every folder (e.g. to expand all). */
export function folderKeys(nodes: readonly TreeNode[]): TreeKey[] {
  const keys: TreeKey[] = [];
  walk(nodes, (v) => {
    if (isFolder(v.node)) keys.push(nodeKey(v.node));
  });
  return keys;
}

/** Keys of the folders holding the node, top level first: expand these to reveal it. */
export function ancestorKeys(nodes: readonly TreeNode[], ref: NodeRef | TreeKey): TreeKey[] {
  return pathTo(nodes, ref)
    .slice(0, -1)
    .map((n) => nodeKey(n));
}
