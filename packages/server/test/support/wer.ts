/**
 * Word error rate for measuring the engine (tests and `bench/transcription.bench.ts`).
 * Both texts are normalised first: case, punctuation and hyphens do not count as errors, and a few
 * written abbreviations count as their spoken form (Whisper writes "Mr." where a reference says "mister").
 */

const SPOKEN: Record<string, string> = {
  mr: 'mister',
  mrs: 'missus',
  dr: 'doctor',
  st: 'saint',
  '&': 'and',
};

export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[-\u2010-\u2015/]/g, ' ') // hyphens, dashes and slashes separate words
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}&]+|[^\p{L}\p{N}&]+$/gu, '')) // outer punctuation
    .map((word) => word.replace(/[^\p{L}\p{N}'&]/gu, ''))
    .filter((word) => word.length > 0)
    .map((word) => SPOKEN[word] ?? word);
}

export interface WerResult {
  /** substitutions + deletions + insertions */
  errors: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** Words in the reference. */
  referenceWords: number;
  /** errors / referenceWords; with an empty reference: 0 if the hypothesis is empty too, else 1. */
  rate: number;
}

/** Word-level Levenshtein distance between the normalised reference and hypothesis. */
export function wordErrorRate(reference: string, hypothesis: string): WerResult {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  const n = ref.length;
  const m = hyp.length;
  // cost[i][j]: edits turning ref[0..i) into hyp[0..j); op tracks the last step for counting kinds.
  const cost: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const op: Uint8Array[] = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1)); // 0 match,1 sub,2 del,3 ins
  for (let i = 1; i <= n; i++) {
    cost[i][0] = i;
    op[i][0] = 2;
  }
  for (let j = 1; j <= m; j++) {
    cost[0][j] = j;
    op[0][j] = 3;
  }
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = ref[i - 1] === hyp[j - 1];
      const diagonal = cost[i - 1][j - 1] + (same ? 0 : 1);
      const deletion = cost[i - 1][j] + 1;
      const insertion = cost[i][j - 1] + 1;
      if (diagonal <= deletion && diagonal <= insertion) {
        cost[i][j] = diagonal;
        op[i][j] = same ? 0 : 1;
      } else if (deletion <= insertion) {
        cost[i][j] = deletion;
        op[i][j] = 2;
      } else {
        cost[i][j] = insertion;
        op[i][j] = 3;
      }
    }
  }
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  for (let i = n, j = m; i > 0 || j > 0;) {
    const o = op[i][j];
    if (o === 0 || o === 1) {
      if (o === 1) substitutions++;
      i--;
      j--;
    } else if (o === 2) {
      deletions++;
      i--;
    } else {
      insertions++;
      j--;
    }
  }
  const errors = cost[n][m];
  return {
    errors,
    substitutions,
    deletions,
    insertions,
    referenceWords: n,
    rate: n === 0 ? (m === 0 ? 0 : 1) : errors / n,
  };
}
