import { describe, expect, it } from 'vitest';
import { paragraphRanges, speakerRuns } from './paragraphs.ts';
import type { TranscriptSegment } from './segments.ts';

const seg = (start: number, end: number, text: string, speaker?: string): TranscriptSegment => ({ start, end, text, speaker });

describe('paragraphRanges', () => {
  it('keeps running speech in one paragraph', () => {
    const segments = [seg(0, 2, 'We met on Monday'), seg(2.1, 4, 'and talked about the budget.'), seg(4.2, 6, 'It went well.')];
    expect(paragraphRanges(segments)).toEqual([{ start: 0, end: 3 }]);
  });

  it('starts a paragraph after a sentence end followed by a pause', () => {
    const segments = [seg(0, 2, 'First topic done.'), seg(3.5, 5, 'Now the second topic.'), seg(5.1, 6, 'More on it.')];
    expect(paragraphRanges(segments)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 3 },
    ]);
  });

  it('never breaks inside a sentence on a short pause', () => {
    const segments = [seg(0, 2, 'We will prepare the'), seg(3.6, 5, 'launch plan.')];
    expect(paragraphRanges(segments)).toEqual([{ start: 0, end: 2 }]);
  });

  it('breaks on a long pause even without punctuation', () => {
    const segments = [seg(0, 2, 'and then'), seg(6, 7, 'later on')];
    expect(paragraphRanges(segments)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
  });

  it('breaks a long text at a sentence end', () => {
    const sentence = 'This sentence is here to make the paragraph long enough to split.';
    const segments = Array.from({ length: 12 }, (_, i) => seg(i * 3, i * 3 + 2.9, sentence));
    const ranges = paragraphRanges(segments, { maxChars: 200 });
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.flatMap((r) => Array.from({ length: r.end - r.start }, (_, k) => r.start + k))).toEqual(segments.map((_, i) => i));
  });

  it('breaks where the speaker changes, and handles no segments', () => {
    const segments = [seg(0, 1, 'Hello', 'Ann'), seg(1, 2, 'hi', 'Bob')];
    expect(paragraphRanges(segments)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
    expect(paragraphRanges([])).toEqual([]);
  });
});

describe('speakerRuns', () => {
  it('groups consecutive segments of one speaker; missing and empty names are one unknown speaker', () => {
    const segments = [seg(0, 1, 'a'), seg(1, 2, 'b', ''), seg(2, 3, 'c', 'Ann'), seg(3, 4, 'd', 'Ann'), seg(4, 5, 'e')];
    expect(speakerRuns(segments)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 5 },
    ]);
    expect(speakerRuns([])).toEqual([]);
  });
});
