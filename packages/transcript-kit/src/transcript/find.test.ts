import { describe, expect, it } from 'vitest';
import { findMatches, firstMatchFrom, MAX_FIND_MATCHES, stepMatch } from './find.ts';
import type { TranscriptSegment } from './segments.ts';

const seg = (start: number, text: string): TranscriptSegment => ({ start, end: start + 1, text });

describe('findMatches', () => {
  const segments = [seg(0, '  The budget is due. '), seg(1, 'No budget, no BUDGET.'), seg(2, 'Nothing here'), seg(3, 'Größe und größer')];

  it('finds every occurrence in reading order, case-insensitively, with ranges in the shown (trimmed) text', () => {
    expect(findMatches(segments, 'budget')).toEqual([
      { index: 0, from: 4, to: 10 },
      { index: 1, from: 3, to: 9 },
      { index: 1, from: 14, to: 20 },
    ]);
  });

  it('matches German letters case-insensitively', () => {
    expect(findMatches(segments, 'GRÖSSE')).toEqual([]);
    expect(findMatches(segments, 'größe')).toEqual([
      { index: 3, from: 0, to: 5 },
      { index: 3, from: 10, to: 15 },
    ]);
  });

  it('ignores surrounding spaces and lets inner spaces match any whitespace', () => {
    expect(findMatches([seg(0, 'due\n next  week')], '  next week ')).toEqual([{ index: 0, from: 5, to: 15 }]);
  });

  it('takes regular-expression characters literally', () => {
    expect(findMatches([seg(0, 'a.b a+b (c) [d]')], '.')).toEqual([{ index: 0, from: 1, to: 2 }]);
    expect(findMatches([seg(0, 'a.b a+b (c) [d]')], '(c)')).toEqual([{ index: 0, from: 8, to: 11 }]);
    expect(findMatches([seg(0, 'abc')], '.*')).toEqual([]);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(findMatches(segments, '')).toEqual([]);
    expect(findMatches(segments, '   ')).toEqual([]);
  });

  it('stops at MAX_FIND_MATCHES', () => {
    const many = Array.from({ length: 3000 }, (_, i) => seg(i, 'a a'));
    expect(findMatches(many, 'a')).toHaveLength(MAX_FIND_MATCHES);
  });
});

describe('stepMatch', () => {
  it('steps forward and back, wrapping around', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
  });

  it('starts at the first or last match when none is current, and is -1 without matches', () => {
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(5, 3, 1)).toBe(0);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });
});

describe('firstMatchFrom', () => {
  const matches = [
    { index: 1, from: 0, to: 1 },
    { index: 4, from: 0, to: 1 },
    { index: 4, from: 3, to: 4 },
  ];

  it('picks the first match in or after the given segment, wrapping to the first', () => {
    expect(firstMatchFrom(matches, 0)).toBe(0);
    expect(firstMatchFrom(matches, 2)).toBe(1);
    expect(firstMatchFrom(matches, 4)).toBe(1);
    expect(firstMatchFrom(matches, 9)).toBe(0);
    expect(firstMatchFrom([], 0)).toBe(-1);
  });
});
