import type { TreeNode } from '@scribe/api-client';
import { describe, expect, it } from 'vitest';
import type { TranscriptTreeLine } from '../../src/features/folders/repository.ts';
import {
  buildTree,
  groupTranscriptLines,
  groupTranscriptTexts,
  patchTranscriptGroups,
  serializeFolderTree,
  serializeTree,
  treeDepth,
} from '../../src/features/folders/tree.ts';

const chain = (depth: number) =>
  Array.from({ length: depth }, (_, i) => ({ id: i + 1, parentId: i === 0 ? null : i, name: `level ${i + 1}` }));

describe('folder tree functions', () => {
  it('serialises a tree to the same text as JSON.stringify', () => {
    const tree = buildTree(
      [
        { id: 1, parentId: null, name: 'B "quoted"' },
        { id: 2, parentId: null, name: 'a' },
        { id: 3, parentId: 1, name: 'Ünïcödé \u2028 line' },
        { id: 4, parentId: 3, name: 'empty' },
      ],
      [
        {
          id: 10,
          folderId: 3,
          title: 'inside, with "quotes"\n',
          createdAt: '2025-01-02T03:04:05.000Z',
          status: 'completed',
          duration: 7.25,
        },
        { id: 11, folderId: null, title: 'top', createdAt: '2025-01-01T00:00:00.000Z', status: 'processing', duration: null },
      ],
    );
    expect(serializeTree(tree)).toBe(JSON.stringify(tree));
    expect(serializeTree([])).toBe('[]');
    expect(JSON.parse(serializeTree(tree))).toEqual(tree);
  });

  it('serialises a tree far deeper than JSON.stringify manages', () => {
    const tree = buildTree(chain(20_000), [
      { id: 1, folderId: 20_000, title: 'at the bottom', createdAt: '2025-01-01T00:00:00.000Z', status: 'completed', duration: 1 },
    ]);
    expect(() => JSON.stringify(tree)).toThrow(RangeError);
    const text = serializeTree(tree);
    const parsed = JSON.parse(text) as TreeNode[];
    expect(treeDepth(parsed)).toBe(20_001);
  });

  it('measures depth without recursion', () => {
    expect(treeDepth([])).toBe(0);
    expect(treeDepth(buildTree(chain(3), []))).toBe(3);
    const wide = buildTree(
      [
        { id: 1, parentId: null, name: 'a' },
        { id: 2, parentId: 1, name: 'b' },
        { id: 3, parentId: null, name: 'c' },
      ],
      [],
    );
    expect(treeDepth(wide)).toBe(2);
  });

  it('writes the same text from folders and the kept transcript texts as from the whole tree', () => {
    // Random libraries: folders nested at random (some with a missing parent), transcripts in folders
    // and at the top, titles with characters JSON escapes, durations whole and fractional or unknown.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 30; round++) {
      const folders = Array.from({ length: Math.floor(random() * 40) }, (_, i) => ({
        id: i + 1,
        parentId: random() < 0.3 ? null : random() < 0.1 ? 999 : Math.floor(random() * i) + 1 || null,
        name: ['Zeta', 'alpha', 'Ärger', 'item 10', 'item 9', 'x "q"'][Math.floor(random() * 6)],
      }));
      const transcripts = Array.from({ length: Math.floor(random() * 60) }, (_, i) => {
        const title = ['Call', 'line\nbreak', 'tab\t', '\u2028', 'Grüße 🎙️'][Math.floor(random() * 5)] + ` ${i}`;
        return {
          id: 1000 - i,
          folderId: folders.length > 0 && random() < 0.8 ? Math.floor(random() * folders.length) + 1 : null,
          title,
          createdAt: new Date(1_700_000_000_000 - i * 60_000).toISOString(),
          status: (['completed', 'processing', 'error'] as const)[i % 3],
          duration: i % 4 === 0 ? null : i * 1.5,
          titleJson: JSON.stringify(title),
        };
      });
      const expected = JSON.stringify(buildTree(folders, transcripts));
      expect(serializeFolderTree(folders, groupTranscriptTexts(transcripts))).toBe(expected);
    }
    expect(serializeFolderTree([], new Map())).toBe('[]');
  });

  it('declines when a transcript sits in a folder it was not given (read at another moment)', () => {
    const texts = groupTranscriptTexts([
      { id: 1, folderId: 5, titleJson: '"gone"', createdAt: '2025-01-01T00:00:00.000Z', status: 'completed', duration: 1 },
    ]);
    expect(serializeFolderTree([{ id: 4, parentId: null, name: 'other' }], texts)).toBeNull();
  });

  it('writes folders nested far deeper than JSON.stringify manages', () => {
    const texts = groupTranscriptTexts([
      { id: 1, folderId: 20_000, titleJson: '"at the bottom"', createdAt: '2025-01-01T00:00:00.000Z', status: 'completed', duration: 1 },
    ]);
    const text = serializeFolderTree(chain(20_000), texts)!;
    expect(text).toBe(
      serializeTree(
        buildTree(chain(20_000), [
          { id: 1, folderId: 20_000, title: 'at the bottom', createdAt: '2025-01-01T00:00:00.000Z', status: 'completed', duration: 1 },
        ]),
      ),
    );
    expect(treeDepth(JSON.parse(text) as TreeNode[])).toBe(20_001);
  });

  it('patches the kept groups to the groups of all current lines, whatever changed', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const newestFirst = (a: TranscriptTreeLine, b: TranscriptTreeLine) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
    const line = (id: number): TranscriptTreeLine => ({
      id,
      folderId: random() < 0.2 ? null : Math.floor(random() * 5) + 1,
      titleJson: JSON.stringify(`Call ${Math.floor(random() * 50)}`),
      // Few distinct times: lines often share one and are then ordered by id.
      createdAt: new Date(1_700_000_000_000 + Math.floor(random() * 4) * 60_000).toISOString(),
      status: (['completed', 'processing', 'error'] as const)[Math.floor(random() * 3)],
      duration: random() < 0.3 ? null : Math.floor(random() * 100) / 4,
    });
    let lines = Array.from({ length: 40 }, (_, i) => line(i + 1)).sort(newestFirst);
    let groups = groupTranscriptLines(lines);
    let nextId = 41;
    for (let round = 0; round < 200; round++) {
      // Some lines changed (moved, retitled, re-dated), some deleted, some added.
      const touched = new Set<number>();
      const current = new Map(lines.map((l) => [l.id, l]));
      for (let k = Math.floor(random() * 4); k >= 0; k--) {
        const id = lines.length > 0 && random() < 0.8 ? lines[Math.floor(random() * lines.length)].id : nextId++;
        touched.add(id);
        if (random() < 0.25) current.delete(id);
        else current.set(id, line(id));
      }
      lines = [...current.values()].sort(newestFirst);
      groups = patchTranscriptGroups(
        groups,
        touched,
        lines.filter((l) => touched.has(l.id)),
      );
      const rebuilt = groupTranscriptLines(lines);
      expect(new Map([...groups.texts].sort(([a], [b]) => a - b))).toEqual(new Map([...rebuilt.texts].sort(([a], [b]) => a - b)));
      expect(groups.chars).toBe(rebuilt.chars);
    }
  });
});
