import { describe, expect, it } from 'vitest';
import { normalizeWords, wordErrorRate } from '../support/wer.ts';

describe('word error rate', () => {
  it('ignores case, punctuation and hyphens and reads Mr. as mister', () => {
    expect(normalizeWords('And Mr. John Dashwood, ill-disposed — "quite"!')).toEqual([
      'and',
      'mister',
      'john',
      'dashwood',
      'ill',
      'disposed',
      'quite',
    ]);
    expect(normalizeWords("Don't  stop")).toEqual(["don't", 'stop']);
    expect(wordErrorRate('and mister john dashwood', 'And Mr. John Dashwood.').rate).toBe(0);
  });

  it('counts substitutions, deletions and insertions (word-level Levenshtein)', () => {
    const r = wordErrorRate('the cat sat on the mat', 'the bat sat on mat');
    expect(r).toMatchObject({ substitutions: 1, deletions: 1, insertions: 0, errors: 2, referenceWords: 6 });
    expect(r.rate).toBeCloseTo(2 / 6);
    expect(wordErrorRate('he was not ill', 'he was not very ill')).toMatchObject({ insertions: 1, errors: 1, rate: 0.25 });
    // Errors can exceed the reference length.
    expect(wordErrorRate('yes', 'no no no').rate).toBe(3);
  });

  it('handles empty texts', () => {
    expect(wordErrorRate('', '').rate).toBe(0);
    expect(wordErrorRate('', 'hello').rate).toBe(1);
    expect(wordErrorRate('hello world', '')).toMatchObject({ deletions: 2, rate: 1 });
  });

  it('scores a real transcript of a LibriVox clip', () => {
    const r = wordErrorRate(
      'unless to be rather cold hearted and rather selfish is to be ill disposed',
      'Unless to be rather coldhearted and rather selfish is to be ill-disposed.',
    );
    expect(r).toMatchObject({ substitutions: 1, deletions: 1, insertions: 0, referenceWords: 14 });
  });
});
