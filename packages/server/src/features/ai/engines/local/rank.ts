// Extractive ranking for bullet points and key points: TextRank over TF-IDF cosine similarity between
// sentences (a centroid score on long transcripts, where the similarity graph would be too big), then
// maximal marginal relevance (MMR) picks sentences that cover distinct topics without repeating one.
import { contentWords, isQuestion, stem, type Lang, type Sentence } from './text.ts';

export type Vector = Map<string, number>;

/** TF-IDF vectors over stemmed content words, one per sentence, normalised to length 1. */
export function vectors(texts: string[], lang: Lang): Vector[] {
  const bags = texts.map((t) => contentWords(t, lang).map(stem));
  const df = new Map<string, number>();
  for (const bag of bags) for (const w of new Set(bag)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = texts.length;
  return bags.map((bag) => {
    const v: Vector = new Map();
    for (const w of bag) v.set(w, (v.get(w) ?? 0) + 1);
    let norm = 0;
    for (const [w, tf] of v) {
      const x = tf * Math.log(1 + n / (df.get(w) ?? 1));
      v.set(w, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [w, x] of v) v.set(w, x / norm);
    return v;
  });
}

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [w, x] of small) {
    const y = large.get(w);
    if (y) dot += x * y;
  }
  return dot;
}

/** PageRank over the sentence similarity graph (damping 0.85, 30 rounds): central sentences score high. */
export function textRank(vs: Vector[]): number[] {
  const n = vs.length;
  if (n === 0) return [];
  const sim = vs.map((a, i) => vs.map((b, j) => (i === j ? 0 : cosine(a, b))));
  const out = sim.map((row) => row.reduce((s, x) => s + x, 0));
  let rank: number[] = new Array<number>(n).fill(1 / n);
  for (let round = 0; round < 30; round++) {
    rank = rank.map((_, i) => {
      let s = 0;
      for (let j = 0; j < n; j++) if (sim[j][i] > 0 && out[j] > 0) s += (sim[j][i] / out[j]) * rank[j];
      return (1 - 0.85) / n + 0.85 * s;
    });
  }
  return rank;
}

/** Similarity to the mean of all sentences: the centroid method, linear in the number of sentences. */
export function centroidScores(vs: Vector[]): number[] {
  const c: Vector = new Map();
  for (const v of vs) for (const [w, x] of v) c.set(w, (c.get(w) ?? 0) + x / vs.length);
  return vs.map((v) => cosine(v, c));
}

/** Picks `k` indexes by maximal marginal relevance: relevance minus similarity to what is already picked. */
export function mmr(scores: number[], vs: Vector[], k: number, lambda = 0.7): number[] {
  const picked: number[] = [];
  const max = Math.max(...scores, 1e-9);
  const maxSim = new Array<number>(scores.length).fill(0);
  while (picked.length < k) {
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < scores.length; i++) {
      if (scores[i] <= 0 || picked.includes(i)) continue;
      const value = lambda * (scores[i] / max) - (1 - lambda) * maxSim[i];
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    }
    if (best < 0) break;
    picked.push(best);
    for (let i = 0; i < scores.length; i++) maxSim[i] = Math.max(maxSim[i], cosine(vs[i], vs[best]));
  }
  return picked;
}

export interface RankOptions {
  lang: Lang;
  /** How many sentences to pick. */
  count: number;
  /** Extra weight per sentence (figures, decisions, dates), added to the normalised score. */
  boost?: (s: Sentence) => number;
  /** The text that is compared (e.g. without fillers, so 'you know' is no topic). */
  textOf?: (s: Sentence) => string;
}

/** Sentences with fewer content words than this carry no point ('Sounds good.'), unless boosted. */
const MIN_CONTENT_WORDS = 3;
/** Above this many sentences the centroid method replaces TextRank (whose graph grows with n²). */
const TEXTRANK_LIMIT = 400;
/** Content words up to which a sentence counts as more informative. */
const INFO_CAP = 10;

/**
 * The most central, informative and distinct sentences, in transcript order. Centrality alone fails on
 * short recordings, where most sentences share no word with any other: the number of distinct content
 * words (capped) weighs in, and the boost favours sentences with figures, dates and decisions.
 */
export function rankSentences(all: Sentence[], opts: RankOptions): Sentence[] {
  const textOf = opts.textOf ?? ((s: Sentence) => s.text);
  const candidates = all
    .filter((s) => !isQuestion(s.text))
    .map((s) => ({ s, text: textOf(s), boost: opts.boost?.(s) ?? 0 }))
    .map((c) => ({ ...c, words: new Set(contentWords(c.text, opts.lang)).size }))
    .filter((c) => c.words >= MIN_CONTENT_WORDS || c.boost > 0);
  if (candidates.length === 0) return all.slice(0, Math.min(3, all.length));
  const vs = vectors(
    candidates.map((c) => c.text),
    opts.lang,
  );
  const raw = candidates.length <= TEXTRANK_LIMIT ? textRank(vs) : centroidScores(vs);
  const top = Math.max(...raw, 1e-9);
  const scores = raw.map((x, i) => 0.4 * (x / top) + 0.6 * (Math.min(candidates[i].words, INFO_CAP) / INFO_CAP) + candidates[i].boost);
  return mmr(scores, vs, Math.min(opts.count, candidates.length))
    .map((i) => candidates[i].s)
    .sort((a, b) => a.index - b.index);
}
