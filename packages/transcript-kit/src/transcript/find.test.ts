import { describe, expect, it } from 'vitest';
import { findMatches, firstMatchFrom, MAX_FIND_MATCHES, replaceAll, stepMatch } from './find.ts';
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

describe('replaceAll', () => {
  const segments = [seg(0, 'The migration starts Monday.'), seg(1, 'No change here.'), seg(2, ' MIGRATION and  migration done ')];

  it('replaces every match in every segment in one step, case-insensitively, and counts them', () => {
    const result = replaceAll(segments, 'migration', 'move');
    expect(result.problem).toBeNull();
    expect(result.count).toBe(3);
    expect(result.segmentCount).toBe(2);
    expect(result.segments.map((s) => s.text)).toEqual(['The move starts Monday.', 'No change here.', 'move and move done']);
    // Changed segments are edited (reviewed); the others keep their identity.
    expect(result.segments[0].reviewed).toBe(true);
    expect(result.segments[1]).toBe(segments[1]);
    // The input is never changed.
    expect(segments[0].text).toBe('The migration starts Monday.');
  });

  it('takes the replacement literally, may delete (empty replacement) and matches inner spaces loosely', () => {
    expect(replaceAll([seg(0, 'cost 5 dollars')], 'dollars', '$& $1').segments[0].text).toBe('cost 5 $& $1');
    expect(replaceAll([seg(0, 'um so um yes')], 'um', '').segments[0].text).toBe('so yes');
    expect(replaceAll([seg(0, 'three\u00a0weeks')], 'three weeks', '3 weeks').segments[0].text).toBe('3 weeks');
  });

  it('changes nothing without a match or a query, and refuses a result past the text limit', () => {
    expect(replaceAll(segments, 'absent', 'x').segments).toBe(segments);
    expect(replaceAll(segments, '  ', 'x')).toMatchObject({ segments, count: 0 });
    const refused = replaceAll([seg(0, 'a b')], 'b', 'x'.repeat(30), 10);
    expect(refused.problem).toBe('too_long');
    expect(refused.count).toBe(0);
  });
});
