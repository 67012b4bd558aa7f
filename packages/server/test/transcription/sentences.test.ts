import { describe, expect, it } from 'vitest';
import { mergeIntoSentences } from '../../src/features/transcription/engines/sentences.ts';

const seg = (start: number, end: number, text: string, speaker = 'Unknown Speaker') => ({ start, end, text, speaker });

describe('mergeIntoSentences', () => {
  it('joins a segment cut inside a sentence with its continuation', () => {
    const out = mergeIntoSentences([
      seg(0, 4, 'We need a plan, and Sarah prepares the'),
      seg(4, 6, 'launch plan.'),
      seg(6.2, 8, 'Next item.'),
    ]);
    expect(out).toEqual([seg(0, 6, 'We need a plan, and Sarah prepares the launch plan.'), seg(6.2, 8, 'Next item.')]);
  });

  it('leaves segments that end a sentence alone', () => {
    const input = [seg(0, 2, 'Hello there.'), seg(2, 4, 'How are you?'), seg(4, 5, 'Fine!')];
    expect(mergeIntoSentences(input)).toEqual(input);
  });

  it('does not join across a long pause, another speaker, or past the longest segment', () => {
    expect(mergeIntoSentences([seg(0, 2, 'and then'), seg(5, 6, 'later on.')])).toHaveLength(2);
    expect(mergeIntoSentences([seg(0, 2, 'and then', 'Ann'), seg(2, 3, 'later on.', 'Bob')])).toHaveLength(2);
    expect(mergeIntoSentences([seg(0, 10, 'a long run'), seg(10, 18, 'of speech.')], { maxSeconds: 15 })).toHaveLength(2);
  });

  it('keeps every word and the time order', () => {
    const input = Array.from({ length: 30 }, (_, i) => seg(i, i + 1, i % 3 === 2 ? `word${i}.` : `word${i}`));
    const out = mergeIntoSentences(input);
    expect(out.map((s) => s.text).join(' ')).toBe(input.map((s) => s.text).join(' '));
    expect(out).toHaveLength(10);
    for (let i = 1; i < out.length; i++) expect(out[i].start).toBeGreaterThanOrEqual(out[i - 1].end);
  });
});
