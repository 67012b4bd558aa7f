import { searchLimits } from '@scribe/api-client';

/** Words of a query beyond this are ignored: each adds to every match test. */
export const MAX_TERMS = 8;
/** Longer words are cut (PostgreSQL ignores lexemes over 2 KB, and nobody types one). */
const MAX_TERM_LENGTH = 64;

/**
 * The words of a search query, in order, lower-cased and without duplicates. Only letters, digits and
 * combining marks make words, so tsquery syntax ('&|!():*<->', quotes) never reaches PostgreSQL as
 * operators: a query of operators or quotes alone has no words and finds nothing, never an error.
 */
export function searchTerms(query: string): string[] {
  const words =
    query
      .slice(0, searchLimits.queryMax)
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = word.slice(0, MAX_TERM_LENGTH);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}
