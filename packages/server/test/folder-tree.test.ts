import type { TreeNode } from '@scribe/api-client';
import { describe, expect, it } from 'vitest';
import { buildTree, serializeTree, treeDepth } from '../src/features/folders/tree.ts';

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
});
