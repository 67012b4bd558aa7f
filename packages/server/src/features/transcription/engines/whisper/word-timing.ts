/**
 * Word times from the decoder's cross-attention, as Whisper's reference implementation does it
 * (`whisper/timing.py`): the alignment heads' attention over the audio frames, for each text token of a
 * window, is normalised, smoothed and followed by dynamic time warping; a word starts where the path
 * first reaches its first token. The scores come from the aligner model (aligner-model.ts).
 */

/** Seconds per encoder frame (1,500 frames per 30 s window). */
export const FRAME_SECONDS = 0.02;
/** Audio samples per encoder frame at 16 kHz. */
export const SAMPLES_PER_FRAME = 320;

/**
 * tiny.en's alignment heads, [layer, head]: the cross-attention heads whose weights follow the speech,
 * from the reference implementation's `_ALIGNMENT_HEADS` for this model.
 */
export const TINY_EN_ALIGNMENT_HEADS: readonly (readonly [number, number])[] = [
  [1, 0],
  [2, 0],
  [2, 5],
  [3, 0],
  [3, 1],
  [3, 2],
  [3, 3],
  [3, 4],
];

/** One layer's cross-attention scores (Q·Kᵀ, scaled, before the softmax): 1 × heads × tokens × frames. */
export interface LayerScores {
  data: Float32Array;
  heads: number;
  tokens: number;
  frames: number;
}

/**
 * The alignment matrix (rows: token positions, columns: the audio's frames): each head's softmax over the
 * audio frames, z-normalised per frame across tokens, median-filtered over 7 frames, averaged over heads.
 */
export function alignmentMatrix(
  layers: readonly LayerScores[],
  heads: readonly (readonly [number, number])[],
  audioFrames: number,
): Float32Array[] {
  const tokens = layers[0].tokens;
  const frames = Math.max(1, Math.min(audioFrames, layers[0].frames));
  const sum = Array.from({ length: tokens }, () => new Float32Array(frames));
  const weights = Array.from({ length: tokens }, () => new Float64Array(frames));
  const mean = new Float64Array(frames);
  const square = new Float64Array(frames);
  const filtered = new Float64Array(frames);
  // Row by row throughout (the scores are laid out by token): this ran 78-142 ms per window column by column.
  for (const [layer, head] of heads) {
    const scores = layers[layer];
    mean.fill(0);
    square.fill(0);
    for (let t = 0; t < tokens; t++) {
      const row = (head * scores.tokens + t) * scores.frames;
      const w = weights[t];
      let max = -Infinity;
      for (let f = 0; f < frames; f++) max = Math.max(max, scores.data[row + f]);
      let total = 0;
      for (let f = 0; f < frames; f++) total += w[f] = Math.exp(scores.data[row + f] - max);
      for (let f = 0; f < frames; f++) {
        const v = (w[f] /= total);
        mean[f] += v;
        square[f] += v * v;
      }
    }
    for (let f = 0; f < frames; f++) {
      mean[f] /= tokens;
      // 1 / standard deviation over the tokens, per frame (population, as the reference's unbiased=False).
      square[f] = 1 / (Math.sqrt(Math.max(0, square[f] / tokens - mean[f] * mean[f])) || 1);
    }
    for (let t = 0; t < tokens; t++) {
      const w = weights[t];
      for (let f = 0; f < frames; f++) w[f] = (w[f] - mean[f]) * square[f];
      medianFilter(w, 7, filtered);
      const out = sum[t];
      for (let f = 0; f < frames; f++) out[f] += filtered[f] / heads.length;
    }
  }
  return sum;
}

/** Median over a window of `width` (odd) values, the edges reflected (as scipy's and the reference's). */
export function medianFilter(values: ArrayLike<number>, width: number, out = new Float64Array(values.length)): Float64Array {
  const n = values.length;
  const half = width >> 1;
  const padded = new Float64Array(n + 2 * half);
  for (let i = -half; i < n + half; i++) padded[i + half] = values[i < 0 ? Math.min(-i, n - 1) : i >= n ? Math.max(2 * n - 2 - i, 0) : i];
  if (width === 7) {
    for (let i = 0; i < n; i++) out[i] = median7(padded, i);
    return out;
  }
  const window = new Float64Array(width);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < width; k++) {
      const v = padded[i + k];
      let j = k;
      while (j > 0 && window[j - 1] > v) window[j] = window[--j];
      window[j] = v;
    }
    out[i] = window[half];
  }
  return out;
}

/**
 * The median of `p[i..i+6]` by a fixed network of 13 compare-exchanges (Devillard's opt_med7): the filter
 * runs over every frame of 8 heads for each token (about a million windows per 30 s), where sorting each
 * window took ~100 ms.
 */
function median7(p: Float64Array, i: number): number {
  let a = p[i];
  let b = p[i + 1];
  let c = p[i + 2];
  let d = p[i + 3];
  let e = p[i + 4];
  let f = p[i + 5];
  let g = p[i + 6];
  let x: number;
  if (a > f) {
    x = a;
    a = f;
    f = x;
  }
  if (a > d) {
    x = a;
    a = d;
    d = x;
  }
  if (b > g) {
    x = b;
    b = g;
    g = x;
  }
  if (c > e) {
    x = c;
    c = e;
    e = x;
  }
  if (a > b) {
    x = a;
    a = b;
    b = x;
  }
  if (d > f) {
    x = d;
    d = f;
    f = x;
  }
  if (c > g) {
    x = c;
    c = g;
    g = x;
  }
  if (c > d) {
    x = c;
    c = d;
    d = x;
  }
  if (d > g) {
    x = d;
    d = g;
    g = x;
  }
  if (e > f) {
    x = e;
    e = f;
    f = x;
  }
  if (b > e) {
    x = b;
    b = e;
    e = x;
  }
  if (b > d) {
    x = b;
    b = d;
    d = x;
  }
  if (d > e) {
    x = d;
    d = e;
    e = x;
  }
  return d;
}

/**
 * The cheapest monotonic path through `cost` (rows × columns) from its first cell to its last, moving
 * down, right or diagonally; for each step of the path, its row and column.
 */
export function dtw(cost: readonly ArrayLike<number>[]): { rows: number[]; columns: number[] } {
  const n = cost.length;
  const m = cost[0]?.length ?? 0;
  const total = new Float64Array((n + 1) * (m + 1)).fill(Infinity);
  const trace = new Int8Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  total[0] = 0;
  for (let j = 1; j <= m; j++) {
    for (let i = 1; i <= n; i++) {
      const diagonal = total[at(i - 1, j - 1)];
      const up = total[at(i - 1, j)];
      const left = total[at(i, j - 1)];
      let best = diagonal;
      let move = 0;
      if (up < best) [best, move] = [up, 1];
      if (left < best) [best, move] = [left, 2];
      total[at(i, j)] = cost[i - 1][j - 1] + best;
      trace[at(i, j)] = move;
    }
  }
  const rows: number[] = [];
  const columns: number[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    rows.push(i - 1);
    columns.push(j - 1);
    const move = i === 0 ? 2 : j === 0 ? 1 : trace[at(i, j)];
    if (move === 0) [i, j] = [i - 1, j - 1];
    else if (move === 1) i -= 1;
    else j -= 1;
  }
  return { rows: rows.reverse(), columns: columns.reverse() };
}

/** A word of a window, with its tokens and its times in seconds from the window's start. */
export interface TimedWord {
  /** The word as written, with its leading space when it had one. */
  text: string;
  start: number;
  end: number;
}

// Punctuation that belongs to the next word (opening) or the previous one (closing), as the reference's
// `merge_punctuations` defaults.
const OPENING = `"'“¿([{-`;
const CLOSING = `"'.。,，!！?？:：”)]}、`;

/** Groups text tokens into words: a piece starting with a space, or standing alone as punctuation, starts one. */
export function splitWords(tokens: readonly number[], textOf: (ids: number[]) => string): { text: string; tokens: number[] }[] {
  const words: { text: string; tokens: number[] }[] = [];
  let pending: number[] = [];
  // Tokens that end inside a multi-byte character have no text of their own yet: they join the next.
  for (const id of tokens) {
    pending.push(id);
    const text = textOf(pending);
    if (text.includes('\uFFFD')) continue;
    const startsWord = words.length === 0 || text.startsWith(' ') || isPunctuation(text.trim());
    if (startsWord) words.push({ text, tokens: pending });
    else {
      const last = words[words.length - 1];
      last.text += text;
      last.tokens.push(...pending);
    }
    pending = [];
  }
  if (pending.length) words.push({ text: textOf(pending), tokens: pending });
  return words;
}

const isPunctuation = (text: string) => text.length > 0 && /^[\p{P}\p{S}]+$/u.test(text);

/** Joins leading punctuation to the next word and trailing punctuation to the previous one. */
export function mergePunctuation(words: TimedWord[]): TimedWord[] {
  const out: TimedWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = { ...words[i] };
    const bare = word.text.trim();
    const previous = out[out.length - 1];
    if (previous && bare.length > 0 && [...bare].every((c) => CLOSING.includes(c)) && !word.text.startsWith(' ')) {
      previous.text += word.text;
      continue;
    }
    if (previous && [...previous.text.trim()].every((c) => OPENING.includes(c)) && previous.text.trim().length > 0) {
      out.pop();
      word.text = previous.text + word.text.trimStart();
      word.start = previous.start;
    }
    out.push(word);
  }
  return out;
}

/** For each row of `matrix`, the first frame where the cheapest path (dtw over its negation) enters it. */
export function firstFrames(matrix: readonly Float32Array[]): Int32Array {
  const frames = new Int32Array(matrix.length).fill(-1);
  if (matrix.length === 0) return frames;
  const { rows, columns } = dtw(matrix.map((row) => row.map((v) => -v)));
  for (let k = 0; k < rows.length; k++) if (frames[rows[k]] < 0) frames[rows[k]] = columns[k];
  return frames;
}

/**
 * The words of consecutive groups of text tokens (a window's segments, in order), timed in seconds from the
 * window's start by `frames`: the first frame of each text token and, last, of end-of-text (firstFrames).
 */
export function timeGroupWords(
  groups: readonly (readonly number[])[],
  frames: Int32Array,
  textOf: (ids: number[]) => string,
): TimedWord[][] {
  let index = 0;
  return groups.map((tokens) => {
    const timed: TimedWord[] = [];
    for (const word of splitWords(tokens, textOf)) {
      const startFrame = frames[index];
      index += word.tokens.length;
      const endFrame = index < frames.length ? frames[index] : startFrame;
      timed.push({ text: word.text, start: startFrame * FRAME_SECONDS, end: Math.max(startFrame, endFrame) * FRAME_SECONDS });
    }
    return mergePunctuation(timed);
  });
}

/**
 * Times of the words of `textTokens` in one window. `matrix` has one row per token position of the
 * aligner's input from the one before the first text token (`<|notimestamps|>`) to the last text token,
 * whose attention predicts the next token: text tokens and end-of-text.
 */
export function timeWords(matrix: readonly Float32Array[], textTokens: readonly number[], textOf: (ids: number[]) => string): TimedWord[] {
  if (textTokens.length === 0 || matrix.length !== textTokens.length + 1) return [];
  return timeGroupWords([textTokens], firstFrames(matrix), textOf)[0];
}
