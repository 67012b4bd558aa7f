// The pure steps of word timing (word-timing.ts): the warping path, the median filter, how tokens make
// words and where punctuation goes. The aligner on real speech: word-aligner.test.ts.
import { describe, expect, it } from 'vitest';
import {
  dtw,
  medianFilter,
  mergePunctuation,
  splitWords,
  timeWords,
} from '../../src/features/transcription/engines/whisper/word-timing.ts';

describe('dtw', () => {
  it('follows the cheap cells from the first to the last, one row or column at a time', () => {
    // Row 0 is cheap in columns 0-1, row 1 in column 2, row 2 in columns 3-4.
    const cost = [
      [0, 0, 9, 9, 9],
      [9, 9, 0, 9, 9],
      [9, 9, 9, 0, 0],
    ];
    const { rows, columns } = dtw(cost);
    expect(rows).toEqual([0, 0, 1, 2, 2]);
    expect(columns).toEqual([0, 1, 2, 3, 4]);
  });

  it('moves down when several rows share a column', () => {
    expect(
      dtw([
        [0, 9],
        [0, 9],
        [9, 0],
      ]),
    ).toEqual({ rows: [0, 1, 2], columns: [0, 0, 1] });
  });
});

describe('medianFilter', () => {
  it('removes a lone spike and keeps a step, the edges reflected', () => {
    expect(Array.from(medianFilter([1, 1, 1, 50, 1, 1, 1], 3))).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(medianFilter([0, 0, 0, 5, 5, 5], 3))).toEqual([0, 0, 0, 5, 5, 5]);
    // Reflected without repeating the edge: [1, 3, 1, 2, 1].
    expect(Array.from(medianFilter([3, 1, 2], 3))).toEqual([1, 2, 1]);
  });

  it('takes the median of seven (the width word timing uses) as sorting each window does', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 10 - 5;
    const values = Array.from({ length: 200 }, random);
    const reflect = (i: number) => values[i < 0 ? -i : i >= values.length ? 2 * values.length - 2 - i : i];
    const sorted = values.map((_, i) => [-3, -2, -1, 0, 1, 2, 3].map((k) => reflect(i + k)).sort((a, b) => a - b)[3]);
    expect(Array.from(medianFilter(values, 7))).toEqual(sorted);
  });
});

// A toy vocabulary: token id -> text.
const vocab = ['Hello', ' wor', 'ld', ',', ' "', 'quoted', '"', ' end', '.', ' it', "'s"];
const textOf = (ids: number[]) => ids.map((id) => vocab[id]).join('');

describe('splitWords', () => {
  it('starts a word at a leading space or a punctuation mark and joins the pieces between', () => {
    expect(splitWords([0, 1, 2, 3, 7, 8, 9, 10], textOf)).toEqual([
      { text: 'Hello', tokens: [0] },
      { text: ' world', tokens: [1, 2] },
      { text: ',', tokens: [3] },
      { text: ' end', tokens: [7] },
      { text: '.', tokens: [8] },
      { text: " it's", tokens: [9, 10] },
    ]);
  });

  it('keeps the bytes of one character together', () => {
    const bytes = ['caf', '\xc3', '\xa9'];
    // The tokenizer decodes bytes as UTF-8: 'é' is two tokens, neither a character alone.
    const decode = (ids: number[]) => new TextDecoder().decode(Uint8Array.from(ids.flatMap((id) => [...Buffer.from(bytes[id], 'latin1')])));
    expect(splitWords([0, 1, 2], decode)).toEqual([{ text: 'café', tokens: [0, 1, 2] }]);
  });
});

describe('mergePunctuation', () => {
  it('gives closing marks to the word before and opening ones to the word after', () => {
    const words = [
      { text: ' world', start: 1, end: 2 },
      { text: ',', start: 2, end: 2.1 },
      { text: ' "', start: 2.1, end: 2.2 },
      { text: 'quoted', start: 2.2, end: 3 },
      { text: '"', start: 3, end: 3.1 },
    ];
    expect(mergePunctuation(words)).toEqual([
      { text: ' world,', start: 1, end: 2 },
      { text: ' "quoted"', start: 2.1, end: 3 },
    ]);
  });
});

describe('timeWords', () => {
  it("times each word from the first frame of its first token's row on the path", () => {
    // Rows: <|notimestamps|> (-> 'Hello'), 'Hello' (-> ' wor'), ' wor' (-> 'ld'), 'ld' (-> end of text).
    const frames = 10;
    const cheapAt = (from: number, to: number) => Float32Array.from({ length: frames }, (_, f) => (f >= from && f < to ? 1 : 0));
    const matrix = [cheapAt(0, 3), cheapAt(3, 6), cheapAt(6, 8), cheapAt(8, 10)];
    const words = timeWords(matrix, [0, 1, 2], textOf);
    expect(words.map((w) => w.text)).toEqual(['Hello', ' world']);
    expect(words[0].start).toBeCloseTo(0);
    expect(words[0].end).toBeCloseTo(0.06);
    expect(words[1].start).toBeCloseTo(0.06);
    expect(words[1].end).toBeCloseTo(0.16);
  });

  it('gives no words when the matrix does not fit the tokens', () => {
    expect(timeWords([new Float32Array(4)], [0, 1], textOf)).toEqual([]);
  });
});
