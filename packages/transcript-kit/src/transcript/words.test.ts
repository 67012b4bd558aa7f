import { describe, expect, it } from 'vitest';
import { type SegmentWord, speechStart, wordAt, wordAtOffset, wordRanges } from './words.ts';

const words: SegmentWord[] = [
  { text: 'The', start: 1, end: 1.2 },
  { text: ' migration,', start: 1.2, end: 1.8 },
  { text: ' finally', start: 2.5, end: 3 },
  { text: ' ends.', start: 3, end: 3.4 },
];
const text = ' The migration, finally ends. ';

describe('segment words', () => {
  it('finds each word in the shown (trimmed) text', () => {
    expect(wordRanges(text, words)).toEqual([
      { from: 0, to: 3 },
      { from: 4, to: 14 },
      { from: 15, to: 22 },
      { from: 23, to: 28 },
    ]);
  });

  it('gives no places when the words are no longer the text (an edit not yet timed) or there are none', () => {
    expect(wordRanges('The migration, finally ended.', words)).toBeNull();
    expect(wordRanges('The migration, finally ends. Done.', words)).toBeNull();
    expect(wordRanges('The migration, ends.', words)).toBeNull();
    expect(wordRanges(text, [])).toBeNull();
    expect(wordRanges(text, undefined)).toBeNull();
  });

  it('names the word spoken at a time, keeping it through the pause after it', () => {
    expect(wordAt(words, 0.5)).toBe(-1);
    expect(wordAt(words, 1)).toBe(0);
    expect(wordAt(words, 1.5)).toBe(1);
    // The pause from 1.8 s to 2.5 s.
    expect(wordAt(words, 2.2)).toBe(1);
    expect(wordAt(words, 2.5)).toBe(2);
    expect(wordAt(words, 3.3)).toBe(3);
    expect(wordAt(words, 3.5)).toBe(-1);
  });

  it('names the word a character belongs to, a space counting for the word before it', () => {
    const ranges = wordRanges(text, words)!;
    expect(wordAtOffset(ranges, 0)).toBe(0);
    expect(wordAtOffset(ranges, 3)).toBe(0);
    expect(wordAtOffset(ranges, 4)).toBe(1);
    expect(wordAtOffset(ranges, 16)).toBe(2);
    expect(wordAtOffset(ranges, 40)).toBe(3);
    expect(wordAtOffset([], 2)).toBe(-1);
  });
});

describe("where a segment's speech starts", () => {
  it("is its first timed word, after a breath the segment begins with; else the segment's start", () => {
    expect(speechStart({ start: 7.2, words: [{ text: 'So', start: 7.8, end: 8 }] })).toBe(7.8);
    expect(speechStart({ start: 7.2 })).toBe(7.2);
    expect(speechStart({ start: 7.2, words: [] })).toBe(7.2);
  });
});
