/**
 * Segment confidence from a decoder's token log-probabilities, shared by the engines.
 *
 * Confidence = exp(mean log-probability of the segment's text tokens): the geometric mean of the
 * probabilities the model gave the words it chose. It is the per-token form of Whisper's own
 * `avg_logprob` (what OpenAI-compatible servers report per segment), so both engines' numbers mean the
 * same, and unlike the product of probabilities it does not fall with the segment's length. Timestamp
 * tokens are left out: they measure how sure the model is of a boundary, not of the words.
 */

/**
 * The log-probability of each generated token from running sums: the decoder reports, per step, the
 * chosen token's log-probability plus the sum of those before it (greedy search's beam score).
 */
export function stepLogProbs(cumulative: ArrayLike<number>, count: number): number[] {
  const out: number[] = [];
  let previous = 0;
  for (let i = 0; i < Math.min(count, cumulative.length); i++) {
    out.push(cumulative[i] - previous);
    previous = cumulative[i];
  }
  return out;
}

/** exp(mean), clamped to 0..1 and rounded to 3 decimals; undefined without tokens or with a non-number. */
export function confidenceFromLogProbs(logProbs: readonly number[]): number | undefined {
  if (logProbs.length === 0) return undefined;
  let sum = 0;
  for (const p of logProbs) sum += p;
  return confidenceFromAvgLogprob(sum / logProbs.length);
}

/** A server's `avg_logprob` (mean token log-probability) as confidence; undefined when absent or not a number. */
export function confidenceFromAvgLogprob(avgLogprob: unknown): number | undefined {
  if (typeof avgLogprob !== 'number' || Number.isNaN(avgLogprob)) return undefined;
  const value = Math.exp(Math.min(0, avgLogprob)); // log-probabilities are <= 0; rounding can nudge above
  return Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
}

/**
 * Confidence of two joined segments: the weighted geometric mean (weights: text length, which follows
 * the token count the means were taken over), so joining is the same as having averaged all tokens at
 * once. One side without confidence: the other's.
 */
export function joinConfidence(a: { confidence?: number; weight: number }, b: { confidence?: number; weight: number }): number | undefined {
  if (a.confidence === undefined) return b.confidence;
  if (b.confidence === undefined) return a.confidence;
  const wa = Math.max(1, a.weight);
  const wb = Math.max(1, b.weight);
  const log = (c: number) => Math.log(Math.max(c, 1e-6));
  return confidenceFromAvgLogprob((wa * log(a.confidence) + wb * log(b.confidence)) / (wa + wb));
}
