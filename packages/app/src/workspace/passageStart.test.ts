import { describe, expect, it } from 'vitest';
import { passageStart } from './passageStart.ts';

const segments = [{ start: 0 }, { start: 4.72 }, { start: 7.76 }, { start: 12 }];

describe("an AI output's time seeks the start of its passage", () => {
  it('goes to the segment that starts within the shown second', () => {
    expect(passageStart(segments, 7)).toBe(7.76);
    expect(passageStart(segments, 4)).toBe(4.72);
    expect(passageStart(segments, 12)).toBe(12);
    expect(passageStart(segments, 0)).toBe(0);
  });

  it('keeps a time no segment starts in, and works without segments', () => {
    expect(passageStart(segments, 9)).toBe(9);
    expect(passageStart(segments, 3666)).toBe(3666);
    expect(passageStart([], 7)).toBe(7);
  });
});
