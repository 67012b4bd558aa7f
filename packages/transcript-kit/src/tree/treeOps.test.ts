import { describe, expect, it } from 'vitest';
import type { FolderNode, TranscriptNode, TreeNode } from '../types.ts';
import {
  ancestorKeys,
  canMove,
  checkMove,
  compareNodes,
  descendants,
  findNode,
  findParent,
  flatten,
  folderHeight,
  folderKeys,
  isDescendant,
  moveNode,
  moveTargets,
  moveTargetsForMany,
  libraryComparator,
  filterTree,
  nodeKey,
  parseKey,
  pathTo,
  sortTree,
} from './treeOps.ts';

const folder = (id: number, name: string, children: TreeNode[] = []): FolderNode => ({ id, type: 'folder', name, children });
const transcript = (id: number, name: string, createdAt: string): TranscriptNode => ({
  id,
  type: 'transcript',
  name,
  createdAt,
});

/**
 * Work/                (folder 1)
 *   Clients/           (folder 2)
 *     Acme/            (folder 3)
 *       kickoff.mp3    (transcript 10)
 *   standup.wav        (transcript 11)
 * Personal/            (folder 4)
 * voice-memo.m4a       (transcript 12, top level)
 */
const tree = (): TreeNode[] => [
  folder(1, 'Work', [
    folder(2, 'Clients', [folder(3, 'Acme', [transcript(10, 'kickoff.mp3', '2025-01-03T10:00:00Z')])]),
    transcript(11, 'standup.wav', '2025-01-02T09:00:00Z'),
  ]),
  folder(4, 'Personal'),
  transcript(12, 'voice-memo.m4a', '2025-01-01T08:00:00Z'),
];

describe('keys', () => {
  it('tells folders and transcripts with the same id apart', () => {
    expect(nodeKey({ type: 'folder', id: 5 })).toBe('folder:5');
    expect(nodeKey({ type: 'transcript', id: 5 })).toBe('transcript:5');
    expect(parseKey('transcript:5')).toEqual({ type: 'transcript', id: 5 });
    expect(parseKey('folder:12')).toEqual({ type: 'folder', id: 12 });
  });

  it('rejects anything that is not a tree key', () => {
    expect(parseKey(5)).toBeNull();
    expect(parseKey('file:5')).toBeNull();
    expect(parseKey('folder:')).toBeNull();
    expect(parseKey('folder:5x')).toBeNull();
  });
});

describe('sortTree', () => {
  it('puts folders first by name, then transcripts newest first, on every level', () => {
    const unsorted: TreeNode[] = [
      transcript(1, 'old', '2024-01-01T00:00:00Z'),
      folder(2, 'zeta', [transcript(5, 'a', '2024-01-01T00:00:00Z'), folder(6, 'b'), transcript(7, 'c', '2024-06-01T00:00:00Z')]),
      transcript(3, 'new', '2025-01-01T00:00:00Z'),
      folder(4, 'Alpha'),
    ];
    const sorted = sortTree(unsorted);
    expect(sorted.map((n) => n.name)).toEqual(['Alpha', 'zeta', 'new', 'old']);
    expect((sorted[1] as FolderNode).children.map((n) => n.name)).toEqual(['b', 'c', 'a']);
  });

  it('sorts folder names naturally and case-insensitively', () => {
    const sorted = sortTree([folder(1, 'Folder 10'), folder(2, 'folder 2'), folder(3, 'Folder 1')]);
    expect(sorted.map((n) => n.name)).toEqual(['Folder 1', 'folder 2', 'Folder 10']);
  });

  it('does not touch its input', () => {
    const input = [transcript(1, 'a', '2024-01-01T00:00:00Z'), folder(2, 'b')];
    const snapshot = JSON.stringify(input);
    sortTree(input);
    expect(JSON.stringify(input)).toBe(snapshot);
  });

  it('orders equal entries by id so the order is total', () => {
    expect(compareNodes(folder(1, 'Same'), folder(2, 'same'))).toBeLessThan(0);
    expect(compareNodes(transcript(1, 'a', '2024-01-01T00:00:00Z'), transcript(2, 'b', '2024-01-01T00:00:00Z'))).toBeGreaterThan(0);
  });
});

describe('find', () => {
  it('finds nodes at any depth by key or reference', () => {
    expect(findNode(tree(), 'transcript:10')?.name).toBe('kickoff.mp3');
    expect(findNode(tree(), { type: 'folder', id: 3 })?.name).toBe('Acme');
    expect(findNode(tree(), 'folder:10')).toBeUndefined();
  });

  it('tells the parent: a folder, null at the top level, undefined when missing', () => {
    expect(findParent(tree(), 'transcript:10')?.id).toBe(3);
    expect(findParent(tree(), 'transcript:12')).toBeNull();
    expect(findParent(tree(), 'transcript:99')).toBeUndefined();
  });

  it('gives the path from the top level to the node', () => {
    expect(pathTo(tree(), 'transcript:10').map((n) => n.name)).toEqual(['Work', 'Clients', 'Acme', 'kickoff.mp3']);
    expect(pathTo(tree(), 'folder:4').map((n) => n.name)).toEqual(['Personal']);
    expect(pathTo(tree(), 'folder:99')).toEqual([]);
    expect(ancestorKeys(tree(), 'transcript:10')).toEqual(['folder:1', 'folder:2', 'folder:3']);
  });
});

describe('flatten', () => {
  it('lists every node pre-order with depth and parent', () => {
    expect(flatten(tree()).map((f) => `${'  '.repeat(f.depth)}${f.key}<${f.parentId}`)).toEqual([
      'folder:1<null',
      '  folder:2<1',
      '    folder:3<2',
      '      transcript:10<3',
      '  transcript:11<1',
      'folder:4<null',
      'transcript:12<null',
    ]);
  });

  it('only descends into expanded folders when told which are expanded', () => {
    expect(flatten(tree(), { expandedKeys: ['folder:1'] }).map((f) => f.key)).toEqual([
      'folder:1',
      'folder:2',
      'transcript:11',
      'folder:4',
      'transcript:12',
    ]);
    expect(flatten(tree(), { expandedKeys: [] }).map((f) => f.key)).toEqual(['folder:1', 'folder:4', 'transcript:12']);
  });

  it('lists descendants and folder keys', () => {
    const work = tree()[0] as FolderNode;
    expect(descendants(work).map((n) => n.name)).toEqual(['Clients', 'Acme', 'kickoff.mp3', 'standup.wav']);
    expect(descendants(folder(9, 'empty'))).toEqual([]);
    expect(folderKeys(tree())).toEqual(['folder:1', 'folder:2', 'folder:3', 'folder:4']);
  });
});

describe('isDescendant', () => {
  it('is true anywhere below the folder and false for the folder itself and outside it', () => {
    expect(isDescendant(tree(), 1, 'transcript:10')).toBe(true);
    expect(isDescendant(tree(), 1, 'folder:3')).toBe(true);
    expect(isDescendant(tree(), 3, 'folder:3')).toBe(false);
    expect(isDescendant(tree(), 2, 'transcript:11')).toBe(false);
    expect(isDescendant(tree(), 4, 'transcript:12')).toBe(false);
  });
});

describe('canMove / checkMove', () => {
  it('allows transcripts into any folder and to the top level', () => {
    expect(checkMove(tree(), 'transcript:10', 4)).toBe('ok');
    expect(checkMove(tree(), 'transcript:10', null)).toBe('ok');
    expect(canMove(tree(), 'transcript:12', 3)).toBe(true);
  });

  it('refuses a folder into itself or its subfolders', () => {
    expect(checkMove(tree(), 'folder:1', 1)).toBe('into-itself');
    expect(checkMove(tree(), 'folder:1', 3)).toBe('into-itself');
    expect(checkMove(tree(), 'folder:2', 3)).toBe('into-itself');
    expect(canMove(tree(), 'folder:1', 2)).toBe(false);
  });

  it('allows a folder into a sibling or out to the top level', () => {
    expect(checkMove(tree(), 'folder:3', 4)).toBe('ok');
    expect(checkMove(tree(), 'folder:2', null)).toBe('ok');
    expect(checkMove(tree(), 'folder:4', 3)).toBe('ok');
  });

  it('reports moves to where the node already is, and unknown nodes or targets', () => {
    expect(checkMove(tree(), 'transcript:10', 3)).toBe('unchanged');
    expect(checkMove(tree(), 'transcript:12', null)).toBe('unchanged');
    expect(canMove(tree(), 'transcript:12', null)).toBe(true);
    expect(checkMove(tree(), 'transcript:99', 1)).toBe('not-found');
    expect(checkMove(tree(), 'transcript:10', 99)).toBe('not-found');
    // A transcript id is not a folder id.
    expect(checkMove(tree(), 'transcript:12', 10)).toBe('not-found');
    expect(canMove(tree(), 'transcript:10', 99)).toBe(false);
  });
});

describe('folder depth limit', () => {
  it('measures the levels of folders in and below a folder', () => {
    const work = findNode(tree(), 'folder:1') as FolderNode;
    expect(folderHeight(work)).toBe(3);
    expect(folderHeight(findNode(tree(), 'folder:4') as FolderNode)).toBe(1);
  });

  it('refuses a folder move that would nest deeper than allowed, and allows the same move within it', () => {
    // Work (3 levels deep inside) into Personal (level 1): Work would be level 2, Acme level 4.
    expect(checkMove(tree(), 'folder:1', 4, { maxDepth: 3 })).toBe('too-deep');
    expect(checkMove(tree(), 'folder:1', 4, { maxDepth: 4 })).toBe('ok');
    expect(canMove(tree(), 'folder:1', 4, { maxDepth: 3 })).toBe(false);
    // Transcripts never make the tree deeper.
    expect(checkMove(tree(), 'transcript:12', 3, { maxDepth: 3 })).toBe('ok');
  });
});

describe('moveTargets', () => {
  const summary = (targets: ReturnType<typeof moveTargets>) => targets.map((t) => [t.folderId, t.name, t.depth, t.check]);

  it('lists the top level and every folder in tree order, the current place marked unchanged', () => {
    expect(summary(moveTargets(tree(), 'transcript:10'))).toEqual([
      [null, '', 0, 'ok'],
      [1, 'Work', 1, 'ok'],
      [2, 'Clients', 2, 'ok'],
      [3, 'Acme', 3, 'unchanged'],
      [4, 'Personal', 1, 'ok'],
    ]);
    expect(moveTargets(tree(), 'transcript:12')[0].check).toBe('unchanged');
  });

  it('marks a folder itself and its subfolders as invalid targets for that folder', () => {
    expect(summary(moveTargets(tree(), 'folder:2'))).toEqual([
      [null, '', 0, 'ok'],
      [1, 'Work', 1, 'unchanged'],
      [2, 'Clients', 2, 'into-itself'],
      [3, 'Acme', 3, 'into-itself'],
      [4, 'Personal', 1, 'ok'],
    ]);
  });

  it('marks targets too deep for the folder with its subfolders', () => {
    // Clients has 2 levels (Clients, Acme): under Personal (level 1) it reaches level 3.
    const checks = moveTargets(tree(), 'folder:2', { maxDepth: 2 }).map((t) => t.check);
    expect(checks).toEqual(['ok', 'unchanged', 'into-itself', 'into-itself', 'too-deep']);
  });

  it('agrees with checkMove for every target', () => {
    for (const ref of ['folder:1', 'folder:2', 'folder:4', 'transcript:10', 'transcript:11'] as const) {
      for (const target of moveTargets(tree(), ref, { maxDepth: 3 })) {
        expect(target.check).toBe(checkMove(tree(), ref, target.folderId, { maxDepth: 3 }));
      }
    }
  });

  it('is empty for a bad key and not-found for a node that is gone', () => {
    expect(moveTargets(tree(), 'nonsense' as never)).toEqual([]);
    expect(moveTargets(tree(), 'transcript:99').every((t) => t.check === 'not-found')).toBe(true);
  });
});

describe('moveNode', () => {
  it('moves a transcript into a folder at its sorted place', () => {
    const input = tree();
    const next = moveNode(input, 'transcript:12', 1);
    const work = next[0] as FolderNode;
    // Folders first, then transcripts newest first: standup (Jan 2) before voice-memo (Jan 1).
    expect(work.children.map((n) => n.name)).toEqual(['Clients', 'standup.wav', 'voice-memo.m4a']);
    expect(next.map((n) => n.name)).toEqual(['Work', 'Personal']);
  });

  it('moves a transcript out to the top level', () => {
    const next = moveNode(tree(), 'transcript:10', null);
    expect(next.map((n) => n.name)).toEqual(['Work', 'Personal', 'kickoff.mp3', 'voice-memo.m4a']);
    expect(findParent(next, 'transcript:10')).toBeNull();
    expect((findNode(next, 'folder:3') as FolderNode).children).toEqual([]);
  });

  it('moves a folder with its contents', () => {
    const next = moveNode(tree(), 'folder:2', 4);
    expect(pathTo(next, 'transcript:10').map((n) => n.name)).toEqual(['Personal', 'Clients', 'Acme', 'kickoff.mp3']);
    expect((next[0] as FolderNode).children.map((n) => n.name)).toEqual(['standup.wav']);
  });

  it('is immutable and shares untouched subtrees', () => {
    const input = tree();
    const snapshot = JSON.stringify(input);
    const next = moveNode(input, 'transcript:12', 4);
    expect(JSON.stringify(input)).toBe(snapshot);
    expect(next).not.toBe(input);
    // Work was on neither path: the very same object.
    expect(next[0]).toBe(input[0]);
    expect(next[1]).not.toBe(input[1]);
  });

  it('returns the input itself for refused or no-op moves', () => {
    const input = tree();
    expect(moveNode(input, 'folder:1', 3)).toBe(input);
    expect(moveNode(input, 'transcript:10', 3)).toBe(input);
    expect(moveNode(input, 'transcript:99', 3)).toBe(input);
  });
});

describe('scale', () => {
  // 1,000 folders (100 top-level, each with 9 subfolders) holding 10,000 transcripts.
  function bigTree(): TreeNode[] {
    let transcriptId = 1;
    const makeTranscripts = (count: number) =>
      Array.from({ length: count }, () => {
        const id = transcriptId++;
        return transcript(id, `t${id}`, new Date(Date.UTC(2025, 0, 1) + id * 1000).toISOString());
      });
    return Array.from({ length: 100 }, (_, i) =>
      folder(i * 10 + 1, `Folder ${i}`, [
        ...Array.from({ length: 9 }, (_, j) => folder(i * 10 + 2 + j, `Sub ${j}`, makeTranscripts(10))),
        ...makeTranscripts(10),
      ]),
    );
  }

  it('handles 10,000 transcripts in 1,000 folders in linear time', () => {
    const big = bigTree();
    expect(folderKeys(big)).toHaveLength(1000);
    const start = performance.now();
    const sorted = sortTree(big);
    expect(flatten(sorted)).toHaveLength(11_000);
    expect(findNode(sorted, 'transcript:10000')).toBeDefined();
    let moved = sorted;
    // 200 moves, each a full O(n) pass: quadratic code would take far longer than the bound (200
    // passes of 11,000² steps: minutes). Linear code takes about 0.5 s here with other work on the
    // cores; the bound leaves room for a busy machine's 10x and still separates the two.
    for (let i = 1; i <= 200; i++) moved = moveNode(moved, `transcript:${i}`, 1000);
    expect((findNode(moved, 'folder:1000') as FolderNode).children).toHaveLength(210);
    expect(checkMove(moved, 'folder:1', 5)).toBe('into-itself');
    expect(performance.now() - start).toBeLessThan(5000);
  });
});

describe('moveTargetsForMany', () => {
  const items: TreeNode[] = [
    folder(1, 'Work', [folder(2, 'Calls', [transcript(10, 'a', '2024-01-01')]), transcript(11, 'b', '2024-01-02')]),
    transcript(12, 'c', '2024-01-03'),
  ];

  it('offers the top level and every folder in tree order', () => {
    expect(moveTargetsForMany(items, [10, 12]).map((t) => [t.folderId, t.depth, t.check])).toEqual([
      [null, 0, 'ok'],
      [1, 1, 'ok'],
      [2, 2, 'ok'],
    ]);
  });

  it('marks the one place that holds every chosen transcript as unchanged', () => {
    expect(moveTargetsForMany(items, [10]).find((t) => t.folderId === 2)?.check).toBe('unchanged');
    expect(moveTargetsForMany(items, [12]).find((t) => t.folderId === null)?.check).toBe('unchanged');
    expect(moveTargetsForMany(items, [10, 11]).every((t) => t.check === 'ok')).toBe(true);
  });
});

describe('libraryComparator and filterTree (sort and filter the library)', () => {
  const t = (id: number, name: string, createdAt: string, status: TranscriptNode['status'], duration: number | null): TranscriptNode => ({
    id,
    type: 'transcript',
    name,
    createdAt,
    status,
    duration,
  });
  const items: TreeNode[] = [
    t(1, 'banana', '2024-01-02T00:00:00Z', 'completed', 300),
    folder(9, 'Zeta', [t(5, 'inner', '2024-01-05T00:00:00Z', 'error', 20)]),
    t(2, 'Apple 10', '2024-01-01T00:00:00Z', 'processing', null),
    folder(8, 'alpha', []),
    t(3, 'Apple 9', '2024-01-03T00:00:00Z', 'error', 60),
  ];
  const names = (nodes: TreeNode[]) => nodes.map((n) => n.name);

  it('keeps folders first by name, and orders transcripts by name with numbers read as numbers', () => {
    expect(names(sortTree(items, libraryComparator({ by: 'name', direction: 'asc' })))).toEqual([
      'alpha',
      'Zeta',
      'Apple 9',
      'Apple 10',
      'banana',
    ]);
    expect(names(sortTree(items, libraryComparator({ by: 'name', direction: 'desc' })))).toEqual([
      'alpha',
      'Zeta',
      'banana',
      'Apple 10',
      'Apple 9',
    ]);
  });

  it('orders by date, length (unknown last either way) and status', () => {
    expect(names(sortTree(items, libraryComparator({ by: 'date', direction: 'desc' }))).slice(2)).toEqual([
      'Apple 9',
      'banana',
      'Apple 10',
    ]);
    expect(names(sortTree(items, libraryComparator({ by: 'date', direction: 'asc' }))).slice(2)).toEqual(['Apple 10', 'banana', 'Apple 9']);
    expect(names(sortTree(items, libraryComparator({ by: 'length', direction: 'asc' }))).slice(2)).toEqual([
      'Apple 9',
      'banana',
      'Apple 10',
    ]);
    expect(names(sortTree(items, libraryComparator({ by: 'length', direction: 'desc' }))).slice(2)).toEqual([
      'banana',
      'Apple 9',
      'Apple 10',
    ]);
    expect(names(sortTree(items, libraryComparator({ by: 'status', direction: 'asc' }))).slice(2)).toEqual([
      'Apple 10',
      'banana',
      'Apple 9',
    ]);
  });

  it('sorts inside folders too', () => {
    const nested = [folder(1, 'F', [t(2, 'b', '2024-01-01', 'completed', 1), t(3, 'a', '2024-01-02', 'completed', 2)])];
    const sorted = sortTree(nested, libraryComparator({ by: 'name', direction: 'asc' }));
    expect(names((sorted[0] as FolderNode).children)).toEqual(['a', 'b']);
  });

  it('filters by status, dropping folders left without a match, and changes nothing for "all"', () => {
    expect(filterTree(items, { status: 'all' })).toBe(items);
    const failed = filterTree(items, { status: 'error' });
    expect(names(failed)).toEqual(['Zeta', 'Apple 9']);
    expect(names((failed[0] as FolderNode).children)).toEqual(['inner']);
    expect(names(filterTree(items, { status: 'processing' }))).toEqual(['Apple 10']);
    // A transcript without a status counts as completed (older servers send none).
    expect(names(filterTree([transcript(7, 'old', '2020-01-01')], { status: 'completed' }))).toEqual(['old']);
  });
});
