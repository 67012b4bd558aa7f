// A user's custom vocabulary: names and terms the transcription engine should expect (Settings, and
// per upload). The built-in engine puts them in the decoder's previous-context prompt, a remote one
// sends them as `prompt`; both have a prompt limit, hence the bounds.
import { z } from 'zod';
import { apiErrors } from './errors.ts';

export const vocabularyLimits = {
  /** Names and terms in one vocabulary. */
  maxTerms: 100,
  /** Characters of all terms together (Whisper reads at most 223 prompt tokens: ~1,000 characters of names). */
  maxCharacters: 1000,
} as const;

export const vocabularyMessages = {
  tooManyTerms: apiErrors.VOCABULARY_TOO_MANY_TERMS,
  tooLong: apiErrors.VOCABULARY_TOO_LONG,
  notText: apiErrors.VOCABULARY_INVALID,
} as const;

/**
 * The terms of a vocabulary as a person types it: one per line or separated by commas (or semicolons);
 * spaces around and inside are tidied, empty entries and repeats dropped, control characters removed.
 */
export function parseVocabulary(text: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of text.split(/[\n\r,;]+/)) {
    // Control characters (Unicode Cc: tabs, NUL, ...) become spaces.
    const term = raw
      .replace(/\p{Cc}/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (term && !seen.has(term)) {
      seen.add(term);
      terms.push(term);
    }
  }
  return terms;
}

/** The terms as the settings field shows them: one per line. */
export function formatVocabulary(terms: readonly string[]): string {
  return terms.join('\n');
}

/** Characters counted against `maxCharacters`. */
export function vocabularyCharacters(terms: readonly string[]): number {
  return terms.reduce((sum, term) => sum + term.length, 0);
}

/** The first bound the terms break, as an error code; null when they fit. */
export function vocabularyProblem(terms: readonly string[]): 'VOCABULARY_TOO_MANY_TERMS' | 'VOCABULARY_TOO_LONG' | null {
  if (terms.length > vocabularyLimits.maxTerms) return 'VOCABULARY_TOO_MANY_TERMS';
  if (vocabularyCharacters(terms) > vocabularyLimits.maxCharacters) return 'VOCABULARY_TOO_LONG';
  return null;
}

/**
 * A vocabulary in a request: a list of terms, checked against the bounds after tidying (the server
 * stores `parseVocabulary` of each entry, so "a, b" as one entry is two terms).
 */
export const vocabularySchema = z
  .array(z.string({ error: vocabularyMessages.notText }), { error: vocabularyMessages.notText })
  .superRefine((entries, ctx) => {
    const problem = vocabularyProblem(parseVocabulary(entries.join('\n')));
    if (problem) ctx.addIssue({ code: 'custom', message: apiErrors[problem] });
  });
