// What an edit tells the search index: the (start, text) pairs it removed and added.
import { describe, expect, it } from 'vitest';
import { searchPairChanges } from '../../src/features/transcripts/edit.ts';
import type { StoredSegment } from '../../src/db/schema.ts';

const seg = (start: number, text: string): StoredSegment => ({ start, end: start + 1, speaker: 'A', text });

describe('searchPairChanges', () => {
  it('names only the changed segment of a long transcript', () => {
    const before = Array.from({ length: 2500 }, (_, i) => seg(i, `segment ${i}`));
    const after = before.map((s, i) => (i === 1000 ? { ...s, text: 'edited words' } : s));
    expect(searchPairChanges(before, after)).toEqual({
      removed: [{ start: 1000, text: 'segment 1000' }],
      added: [{ start: 1000, text: 'edited words' }],
    });
  });

  it('a split: the moved segments cancel out, the cut one goes and its two halves come', () => {
    const before = [seg(0, 'one two'), seg(5, 'three')];
    const after = [seg(0, 'one'), seg(2, 'two'), seg(5, 'three')];
    expect(searchPairChanges(before, after)).toEqual({
      removed: [{ start: 0, text: 'one two' }],
      added: [
        { start: 0, text: 'one' },
        { start: 2, text: 'two' },
      ],
    });
  });

  it('a new speaker or time end changes no pair; blank text is neither removed nor added', () => {
    const before = [seg(0, 'hello'), seg(3, '   ')];
    const after = [{ ...seg(0, 'hello'), speaker: 'B', end: 2 }, seg(3, ' \n ')];
    expect(searchPairChanges(before, after)).toEqual({ removed: [], added: [] });
  });

  it('keeps a pair that still stands at another position, and adds no pair twice', () => {
    const before = [seg(0, 'same'), seg(0, 'same'), seg(4, 'old')];
    const after = [seg(0, 'same'), seg(0, 'other'), seg(4, 'new'), seg(9, 'new')];
    expect(searchPairChanges(before, after)).toEqual({
      removed: [{ start: 4, text: 'old' }],
      added: [
        { start: 0, text: 'other' },
        { start: 4, text: 'new' },
        { start: 9, text: 'new' },
      ],
    });
  });
});
