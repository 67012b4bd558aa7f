/**
 * Word onsets against reference times (the word-timing test and `pnpm bench word-timing`): each timed
 * word is paired with the next reference word of the same spelling, and the errors are summarised.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReferenceWord {
  word: string;
  start: number;
  end: number;
}
export interface WordReference {
  text: string;
  words: ReferenceWord[];
}

const FIXTURES = fileURLToPath(new URL('../fixtures/audio/', import.meta.url));

/** The held-out readings with their forced-alignment word times (fixtures README, "Word times"), by file path. */
export function wordTimeReferences(): [path: string, reference: WordReference][] {
  const all = JSON.parse(readFileSync(join(FIXTURES, 'librivox-word-times.json'), 'utf8')) as Record<string, WordReference>;
  return Object.entries(all).map(([file, reference]) => [join(FIXTURES, file), reference]);
}

// The reference spells words as the pronouncing dictionary does: lower case, no punctuation.
const bare = (word: string) => word.toLowerCase().replace(/[^a-z']/g, '');

/** Onset errors (seconds) of the words that pair with a reference word, and the pairs as text. */
export function onsetErrors(
  words: readonly { text: string; start: number }[],
  reference: WordReference,
): { errors: number[]; pairs: string[] } {
  const errors: number[] = [];
  const pairs: string[] = [];
  let next = 0;
  for (const word of words) {
    const k = reference.words.findIndex((r, i) => i >= next && r.word === bare(word.text));
    if (k < 0) continue;
    next = k + 1;
    errors.push(Math.abs(word.start - reference.words[k].start));
    pairs.push(`${word.text.trim()} ${word.start.toFixed(2)}/${reference.words[k].start.toFixed(2)}`);
  }
  return { errors, pairs };
}

export interface OnsetSummary {
  matched: number;
  median: number;
  p90: number;
  /** Share of the matched words within 0.3 s. */
  within300ms: number;
}

export function summariseOnsets(errors: readonly number[]): OnsetSummary {
  const sorted = [...errors].sort((a, b) => a - b);
  return {
    matched: sorted.length,
    median: sorted[sorted.length >> 1],
    p90: sorted[Math.floor(sorted.length * 0.9)],
    within300ms: sorted.filter((e) => e <= 0.3).length / sorted.length,
  };
}
