/**
 * Review flags: pure rules that mark segments worth a second listen (docs/product-spec.md, review
 * queue). Each rule looks for a known way a small speech model goes wrong; none of them changes text.
 * The thresholds were calibrated on the test clips (test/transcription/review.test.ts and
 * engine.test.ts): clean LibriVox speech gets no flags.
 */
import type { ReviewFlag } from '@scribe/api-client';
import type { TranscriptSegment } from './types.ts';

/**
 * Below this confidence a segment is 'low_confidence'. Whisper's reference decoder treats a window as
 * failed below avg_logprob -1 (confidence 0.37). Measured on tiny.en: the LibriVox clip's sentences
 * 0.82 to 0.99 (in many cuts and mixes), reversed speech read as words 0.24 to 0.26, '[BEEP]' over a
 * tone 0.22, '[ sound ]' over noise 0.30. 0.5 sits between, leaning to flag: a false mark costs a
 * glance, a missed one a wrong word.
 */
export const LOW_CONFIDENCE_BELOW = 0.5;

/**
 * A segment whose span has less speech than this (fraction of VAD frames) is 'silence'. Measured: the
 * LibriVox sentences 0.87 to 0.91 (spans include the pauses between words); '[BEEP]' written over a
 * 1.8 s tone 0.16, because Silero takes the tone's onset for 0.3 s of speech.
 */
export const SILENCE_SPEECH_BELOW = 0.25;
/**
 * Shorter spans are widened to this around their middle before looking for speech: engine timestamps
 * are off by a frame or two. Not wider: padding a 2 s '[BEEP]' between two sentences by 0.25 s on each
 * side took in enough of the sentences' edges to read as 20 % speech (measured).
 */
export const SILENCE_MIN_SPAN_SECONDS = 0.5;
/** Segments further apart than this are not a loop even when they say the same. */
export const REPEAT_MAX_GAP_SECONDS = 1;
/**
 * A run of this many words said again, in order, from the segment just before is a loop that varies
 * its ending. Measured on tiny.en over reversed speech (on an AMD EPYC machine): an invented segment at
 * confidence 0.85 repeating 15 words of the one before it, which no other rule caught. Natural speech
 * repeats short phrases, not eight words of the sentence just said.
 */
export const REPEATED_RUN_WORDS = 8;

/**
 * Words per second a person can say: conversational English is 2-3, fast speech 4-5 (LibriVox readers
 * measured 2.2-3.3). Above the maximum the words cannot fit the time (a loop or a compressed
 * hallucination); below the minimum over a long span, a word or two sits on what is mostly silence.
 */
export const MAX_WORDS_PER_SECOND = 6;
export const MIN_WORDS_PER_SECOND = 0.3;
/** The low rate is judged only on spans at least this long; the high one on at least 1 s. */
export const MIN_RATE_SECONDS = 2;

// Scripts written without spaces between words: word counts and n-grams mean nothing there.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Lower-case words without surrounding punctuation; null for text in a script without spaces. */
export function wordsOf(text: string): string[] | null {
  if (UNSPACED_SCRIPT.test(text)) return null;
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

export function isLowConfidence(confidence: number | undefined): boolean {
  return confidence !== undefined && confidence < LOW_CONFIDENCE_BELOW;
}

/**
 * Whisper's classic failure: a decoding loop. True when the segment
 * - repeats a phrase of 1 to 8 words back to back at least 3 times, 4 words or more in all
 *   ('the the the the', 'thank you thank you thank you');
 * - has any 3-word sequence 3 times or more (a loop with variations between the repeats);
 * - or says the same as the segment just before it (`previousText`), 3 words or more, or repeats
 *   REPEATED_RUN_WORDS words of it in a row.
 * Natural speech repeats single words ('no, no') and short phrases twice, rarely more.
 */
export function isRepetition(text: string, previousText?: string): boolean {
  const words = wordsOf(text);
  if (!words) return false;
  for (let n = 1; n <= 8; n++) {
    for (let i = 0; i + 3 * n <= words.length; i++) {
      let repeats = 1;
      while (i + (repeats + 1) * n <= words.length && sameRun(words, i, i + repeats * n, n)) repeats++;
      if (repeats >= 3 && repeats * n >= 4) return true;
    }
  }
  const trigrams = new Map<string, number>();
  for (let i = 0; i + 3 <= words.length; i++) {
    const key = words.slice(i, i + 3).join(' ');
    const count = (trigrams.get(key) ?? 0) + 1;
    if (count >= 3) return true;
    trigrams.set(key, count);
  }
  if (previousText !== undefined && words.length >= 3) {
    const previous = wordsOf(previousText);
    if (previous && previous.join(' ') === words.join(' ')) return true;
    if (previous && longestSharedRun(previous, words) >= REPEATED_RUN_WORDS) return true;
  }
  return false;
}

/** The length of the longest run of words that stands, in the same order, in both lists. */
function longestSharedRun(a: readonly string[], b: readonly string[]): number {
  // Run lengths ending at a[i - 1] and b[j - 1], one row at a time.
  let row = new Array<number>(b.length + 1).fill(0);
  let longest = 0;
  for (let i = 1; i <= a.length; i++) {
    const next = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] !== b[j - 1]) continue;
      next[j] = row[j - 1]! + 1;
      if (next[j]! > longest) longest = next[j]!;
    }
    row = next;
  }
  return longest;
}

function sameRun(words: readonly string[], a: number, b: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (words[a + k] !== words[b + k]) return false;
  return true;
}

/**
 * The fraction of the span [start, end] (seconds; at least SILENCE_MIN_SPAN_SECONDS around its middle)
 * in which there is speech, from per-frame speech probabilities (the VAD's, or 0/1 from the level;
 * `frameSeconds` each). A frame counts as speech at probability 0.5 or more (Silero's own threshold).
 */
export function speechFraction(start: number, end: number, frames: ArrayLike<number>, frameSeconds: number): number {
  const widen = Math.max(0, SILENCE_MIN_SPAN_SECONDS - (end - start)) / 2;
  const from = Math.max(0, Math.floor((start - widen) / frameSeconds));
  const to = Math.min(frames.length, Math.ceil((end + widen) / frameSeconds));
  if (to <= from) return 0;
  let speech = 0;
  for (let i = from; i < to; i++) if (frames[i] >= 0.5) speech++;
  return speech / (to - from);
}

/** Text over (near) silence: the model heard words where the VAD or the level found no speech. */
export function isOverSilence(fraction: number | undefined): boolean {
  return fraction !== undefined && fraction < SILENCE_SPEECH_BELOW;
}

/** Implausible words per second for the segment's span (see MAX_/MIN_WORDS_PER_SECOND). */
export function isImplausibleRate(segment: Pick<TranscriptSegment, 'start' | 'end' | 'text'>): boolean {
  const words = wordsOf(segment.text);
  if (!words || words.length === 0) return false;
  const seconds = Math.max(0, segment.end - segment.start);
  // Under a second the time is too coarse for a rate: judge the count against a full second.
  if (words.length > MAX_WORDS_PER_SECOND * Math.max(1, seconds)) return true;
  return seconds >= MIN_RATE_SECONDS && words.length / seconds < MIN_WORDS_PER_SECOND;
}

export interface ReviewContext {
  /** The segment before this one (for repeats across segments). */
  previous?: Pick<TranscriptSegment, 'text' | 'end'>;
  /** Speech fraction of the segment's span (speechFraction), when the engine measured it. */
  speechFraction?: number;
}

/** Every flag that applies to `segment`, in the contract's order. */
export function reviewFlagsFor(segment: TranscriptSegment, context: ReviewContext = {}): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (isLowConfidence(segment.confidence)) flags.push('low_confidence');
  const previous = context.previous;
  const adjacent = previous && segment.start - previous.end <= REPEAT_MAX_GAP_SECONDS ? previous.text : undefined;
  if (isRepetition(segment.text, adjacent)) flags.push('repetition');
  if (isOverSilence(context.speechFraction)) flags.push('silence');
  if (isImplausibleRate(segment)) flags.push('speech_rate');
  return flags;
}

const ORDER: readonly ReviewFlag[] = ['low_confidence', 'repetition', 'silence', 'speech_rate'];

/** The union of flag lists in the contract's order; undefined when empty (segments omit `flags` then). */
export function unionFlags(...lists: (readonly ReviewFlag[] | undefined)[]): ReviewFlag[] | undefined {
  const all = new Set(lists.flatMap((l) => l ?? []));
  const out = ORDER.filter((f) => all.has(f));
  return out.length ? out : undefined;
}

/**
 * The segments with their review flags added to any they already carry (`flags` left out when none).
 * `speechFractionOf` gives a segment's speech fraction when the engine can measure it.
 */
export function flagSegments(
  segments: readonly TranscriptSegment[],
  speechFractionOf?: (segment: TranscriptSegment) => number | undefined,
): TranscriptSegment[] {
  return segments.map((segment, i) => {
    const found = reviewFlagsFor(segment, { previous: segments[i - 1], speechFraction: speechFractionOf?.(segment) });
    const flags = unionFlags(segment.flags, found);
    const { flags: _old, ...rest } = segment;
    return flags ? { ...rest, flags } : rest;
  });
}
