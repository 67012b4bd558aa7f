// What an edit tells the search index: the (start, text, speaker) triples it removed and added.
import { describe, expect, it } from 'vitest';
import { searchPairChanges } from '../../src/features/transcripts/edit.ts';
import type { StoredSegment } from '../../src/db/schema.ts';

const seg = (start: number, text: string): StoredSegment => ({ start, end: start + 1, speaker: 'A', text });

describe('searchPairChanges', () => {
  it('names only the changed segment of a long transcript', () => {
    const before = Array.from({ length: 2500 }, (_, i) => seg(i, `segment ${i}`));
    const after = before.map((s, i) => (i === 1000 ? { ...s, text: 'edited words' } : s));
    expect(searchPairChanges(before, after)).toEqual({
      removed: [{ start: 1000, text: 'segment 1000', speaker: 'A' }],
      added: [{ start: 1000, text: 'edited words', speaker: 'A' }],
    });
  });

  it('a split: the moved segments cancel out, the cut one goes and its two halves come', () => {
    const before = [seg(0, 'one two'), seg(5, 'three')];
    const after = [seg(0, 'one'), seg(2, 'two'), seg(5, 'three')];
    expect(searchPairChanges(before, after)).toEqual({
      removed: [{ start: 0, text: 'one two', speaker: 'A' }],
      added: [
        { start: 0, text: 'one', speaker: 'A' },
        { start: 2, text: 'two', speaker: 'A' },
      ],
    });
  });

  it('a new time end changes no triple; blank text is neither removed nor added', () => {
    const before = [seg(0, 'hello'), seg(3, '   ')];
    const after = [{ ...seg(0, 'hello'), end: 2 }, seg(3, ' \n ')];
    expect(searchPairChanges(before, after)).toEqual({ removed: [], added: [] });
  });

  it('a new speaker replaces the triple of each segment it names, and only those', () => {
    const before = Array.from({ length: 200 }, (_, i) => seg(i, `segment ${i}`));
    // Speaker A renamed to Anna in two segments: few changed (looked up in all segments)…
    const renamedTwo = before.map((s, i) => (i === 5 || i === 150 ? { ...s, speaker: 'Anna' } : s));
    expect(searchPairChanges(before, renamedTwo)).toEqual({
      removed: [
        { start: 5, text: 'segment 5', speaker: 'A' },
        { start: 150, text: 'segment 150', speaker: 'A' },
      ],
      added: [
        { start: 5, text: 'segment 5', speaker: 'Anna' },
        { start: 150, text: 'segment 150', speaker: 'Anna' },
      ],
    });
    // …and in every segment (many changed: looked up by key among the changed).
    const renamedAll = before.map((s) => ({ ...s, speaker: 'Anna' }));
    const all = searchPairChanges(before, renamedAll);
    expect(all.removed).toHaveLength(200);
    expect(all.added).toHaveLength(200);
    expect(all.added[7]).toEqual({ start: 7, text: 'segment 7', speaker: 'Anna' });
    // A segment stored without a speaker is the engine's 'Unknown Speaker', as the database indexes it.
    const unnamed = [{ start: 0, end: 1, text: 'hello' } as unknown as StoredSegment];
    expect(searchPairChanges(unnamed, [{ ...seg(0, 'hello'), speaker: 'Unknown Speaker' }])).toEqual({ removed: [], added: [] });
    expect(searchPairChanges(unnamed, [seg(0, 'hello')])).toEqual({
      removed: [{ start: 0, text: 'hello', speaker: 'Unknown Speaker' }],
      added: [{ start: 0, text: 'hello', speaker: 'A' }],
    });
  });

  it('keeps a pair that still stands at another position, and adds no pair twice', () => {
    const before = [seg(0, 'same'), seg(0, 'same'), seg(4, 'old')];
    const after = [seg(0, 'same'), seg(0, 'other'), seg(4, 'new'), seg(9, 'new')];
    expect(searchPairChanges(before, after)).toEqual({
      removed: [{ start: 4, text: 'old', speaker: 'A' }],
      added: [
        { start: 0, text: 'other', speaker: 'A' },
        { start: 4, text: 'new', speaker: 'A' },
        { start: 9, text: 'new', speaker: 'A' },
      ],
    });
  });
});
