/**
 * Word times through an edit. The engine times each segment's words; an edit sends segments without
 * trustworthy times for them (a client's word times are never taken), so the server derives them from
 * the current revision: a sent segment's words that the current revision holds, in order, inside the
 * segment's span (the same segment, the halves of a split, the parts of a merge) keep their times; the
 * words in between (typed, changed) are timed within the gap their neighbours leave, by their length.
 */
import type { SegmentWord } from '@scribe/api-client';

/** The words of `text` as the engine writes them: each with the space before it, the first without. */
export function wordsOf(text: string): string[] {
  return (text.trim().match(/\s*\S+/g) ?? []).map((w, i) => (i === 0 ? w.trimStart() : w));
}

const bare = (word: string) => word.trim();
/** Cells of the matching table at most (a segment's text is at most 2,000 characters). */
const MAX_TABLE = 250_000;

/**
 * The words of a segment `text` from `start` to `end`, timed from `known` (the current revision's words
 * that lie inside that span, in time order). Null when nothing is known (a transcript without word times
 * keeps none). Words are the same when their `key`s are (by default: the same characters).
 */
export function retimeWords(
  text: string,
  start: number,
  end: number,
  known: readonly SegmentWord[],
  key: (word: string) => string = bare,
): SegmentWord[] | null {
  if (known.length === 0) return null;
  const words = wordsOf(text);
  const wordKeys = words.map(key);
  const knownKeys = known.map((w) => key(w.text));
  // Longest common subsequence of the bare words: those keep their times. A segment sent over a span of
  // many known words (a merge of much of the transcript) is timed by length alone: the table stays small.
  const n = words.length;
  const m = n * known.length > MAX_TABLE ? 0 : known.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = wordKeys[i] === knownKeys[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const timed: (SegmentWord | null)[] = new Array<SegmentWord | null>(n).fill(null);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (wordKeys[i] === knownKeys[j]) {
      const clamp = (t: number) => Math.min(end, Math.max(start, t));
      timed[i] = { text: words[i], start: clamp(known[j].start), end: clamp(known[j].end) };
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  // Each run of untimed words shares the gap between its neighbours (or the segment's edges) by length.
  for (let i = 0; i < n;) {
    if (timed[i]) {
      i++;
      continue;
    }
    let k = i;
    while (k < n && !timed[k]) k++;
    const from = i > 0 ? timed[i - 1]!.end : start;
    const to = k < n ? timed[k]!.start : end;
    const span = Math.max(0, to - from);
    const lengths = words.slice(i, k).map((w) => bare(w).length);
    const total = lengths.reduce((a, b) => a + b, 0);
    let at = from;
    for (let x = i; x < k; x++) {
      const length = (span * lengths[x - i]) / total;
      timed[x] = { text: words[x], start: round2(at), end: round2(at + length) };
      at += length;
    }
    i = k;
  }
  return timed as SegmentWord[];
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Every word of `segments` in time order, for `wordsWithin` (an edit of 5,000 segments asks 5,000 times). */
export function wordIndex(segments: readonly { words?: SegmentWord[] }[]): SegmentWord[] {
  return segments.flatMap((s) => s.words ?? []).sort((a, b) => a.start - b.start);
}

/** The words of `index` (wordIndex) that lie inside [start, end], in time order. */
export function wordsWithin(index: readonly SegmentWord[], start: number, end: number): SegmentWord[] {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index[mid].start < start) lo = mid + 1;
    else hi = mid;
  }
  const out: SegmentWord[] = [];
  for (let i = lo; i < index.length && index[i].start <= end; i++) if (index[i].end <= end) out.push(index[i]);
  return out;
}
