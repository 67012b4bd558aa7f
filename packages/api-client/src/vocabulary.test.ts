import { describe, expect, it } from 'vitest';
import { formatVocabulary, parseVocabulary, vocabularyLimits, vocabularyProblem, vocabularySchema } from './vocabulary.ts';

describe('custom vocabulary', () => {
  it('reads one term per line or comma-separated, tidied, without empties or repeats', () => {
    expect(parseVocabulary('  Siobhan   Kowalczyk \n\nZyntrix, Anneliese Oyelaran;Zyntrix\r\n\t')).toEqual([
      'Siobhan Kowalczyk',
      'Zyntrix',
      'Anneliese Oyelaran',
    ]);
    expect(parseVocabulary('')).toEqual([]);
    expect(formatVocabulary(['a', 'b c'])).toBe('a\nb c');
  });

  it('holds at most 100 terms and 1,000 characters', () => {
    const terms = (n: number, length: number) => Array.from({ length: n }, (_, i) => String(i).padStart(length, 'x'));
    expect(vocabularyProblem(terms(vocabularyLimits.maxTerms, 10))).toBeNull();
    expect(vocabularyProblem(terms(vocabularyLimits.maxTerms + 1, 3))).toBe('VOCABULARY_TOO_MANY_TERMS');
    expect(vocabularyProblem(terms(10, 101))).toBe('VOCABULARY_TOO_LONG');
    // The bounds apply to the tidied terms: 'a, b' as one entry is two.
    expect(vocabularySchema.safeParse(Array.from({ length: 60 }, (_, i) => `a${i}, b${i}`)).success).toBe(false);
    expect(vocabularySchema.safeParse(['Zyntrix']).success).toBe(true);
  });
});
