/**
 * Subtitle cues from transcript segments, after the usual subtitle conventions (docs/decisions.md,
 * Subtitles): at most `maxLineChars` characters a line and `maxLines` lines a cue, cues of
 * `minCueSeconds` to `maxCueSeconds`, and at most `maxCharsPerSecond` where the timing allows. A long
 * segment is cut at word boundaries into cues timed by its words (from the first word's start to the
 * last word's end) when the engine timed them, else in proportion to their characters; nothing is ever
 * merged (so never across speakers).
 */
import { subtitleDefaults, UNKNOWN_SPEAKER, type SegmentWord, type SubtitleOptions } from '@scribe/api-client';
import type { StoredSegment } from '../../db/schema.ts';
import { isDetectedSpeakerName } from '../../i18n/messages.ts';

export interface Cue {
  start: number;
  end: number;
  lines: string[];
  /** The speaker's display name when the transcript names speakers; null otherwise. */
  speaker: string | null;
  /** The first cue of a speaker's turn (where a label belongs). */
  turnStart: boolean;
}

export interface CueSource {
  segments: StoredSegment[];
  /** The name shown for a segment's speaker (the engine's 'Unknown Speaker' in the reader's language). */
  speakerName: (speaker: string | undefined) => string;
  /** Put before the text of a turn's first cue and counted in its line length (SRT); none for VTT. */
  label?: (name: string) => string;
  options?: Partial<SubtitleOptions>;
}

/**
 * True when a segment has a speaker other than the engine's 'Unknown Speaker', except where one voice
 * named only by speaker detection ('Speaker 1' throughout) speaks every segment: a name that tells the
 * viewer nothing, on every cue.
 */
export function namesSpeakers(segments: StoredSegment[]): boolean {
  const speakers = new Set(segments.filter((s) => s.text.trim()).map((s) => s.speaker?.trim() || UNKNOWN_SPEAKER));
  const [only] = speakers;
  if (speakers.size === 1 && isDetectedSpeakerName(only)) return false;
  return [...speakers].some((name) => name !== UNKNOWN_SPEAKER);
}

/** A word's span in the audio (seconds). */
interface Span {
  start: number;
  end: number;
}

const bareWords = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The words of `text`, a word longer than a line cut into line-sized pieces (e.g. a long URL), each
 * with its span when `spans` gives one per word (the pieces of a word share it).
 */
function wordsOf(text: string, maxLineChars: number, spans?: Span[]): { words: string[]; spans?: Span[] } {
  const words: string[] = [];
  const pieceSpans: Span[] = [];
  bareWords(text).forEach((word, w) => {
    const chars = [...word];
    for (let i = 0; i < chars.length; i += maxLineChars) {
      words.push(chars.slice(i, i + maxLineChars).join(''));
      if (spans) pieceSpans.push(spans[w]!);
    }
  });
  return spans ? { words, spans: pieceSpans } : { words };
}

/**
 * The span of each of the segment's words, when the engine timed them and they are still the text's
 * words (an edit re-times what it changes, transcripts/words.ts); undefined otherwise.
 */
function wordSpans(text: string, words: readonly SegmentWord[] | undefined, start: number, end: number): Span[] | undefined {
  if (!words?.length) return undefined;
  const timed = words.map((w) => w.text.trim());
  const bare = bareWords(text);
  if (timed.length !== bare.length || timed.some((w, i) => w !== bare[i])) return undefined;
  const clamp = (t: number) => Math.min(end, Math.max(start, t));
  return words.map((w) => ({ start: clamp(w.start), end: clamp(Math.max(w.start, w.end)) }));
}

const charCount = (s: string) => [...s].length;
const joinedLength = (words: string[]) => words.reduce((n, w) => n + charCount(w), 0) + Math.max(0, words.length - 1);

/** Greedy wrap at `width`: the lines. */
function wrapAt(words: string[], width: number): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  for (const w of words) {
    if (line.length && joinedLength([...line, w]) > width) {
      lines.push(line);
      line = [];
    }
    line.push(w);
  }
  if (line.length) lines.push(line);
  return lines;
}

/**
 * The words as at most `maxLines` lines of at most `maxLineChars`, as even as possible (the narrowest
 * width that still fits), or null when they do not fit.
 */
export function wrapLines(words: string[], maxLineChars: number, maxLines: number): string[] | null {
  const total = joinedLength(words);
  // What fits on one line stays on one line.
  if (total <= maxLineChars) return [words.join(' ')];
  for (let width = Math.max(1, Math.ceil(total / maxLines)); width <= maxLineChars; width++) {
    const lines = wrapAt(words, width);
    if (lines.length <= maxLines && lines.every((l) => joinedLength(l) <= maxLineChars)) return lines.map((l) => l.join(' '));
  }
  return null;
}

/** The words cut into `n` runs at the word boundaries nearest to even shares of the characters. */
function evenRuns(words: string[], n: number): string[][] {
  const total = joinedLength(words);
  const runs: string[][] = [];
  let at = 0;
  let before = 0;
  for (let k = 1; k < n; k++) {
    const target = (total * k) / n;
    let end = at + 1;
    let pos = before + charCount(words[at]!);
    // Move on while the next boundary is nearer the target, leaving a word for each remaining run.
    while (end < words.length - (n - k) && Math.abs(pos + 1 + charCount(words[end]!) - target) < Math.abs(pos - target)) {
      pos += 1 + charCount(words[end]!);
      end++;
    }
    runs.push(words.slice(at, end));
    before = pos + 1;
    at = end;
  }
  runs.push(words.slice(at));
  return runs;
}

/**
 * The cues of one segment's words over [start, end], before the timing pass: each from its first word's
 * start to its last word's end when `spans` times the words, else by its share of the characters.
 */
function segmentCues(
  words: string[],
  start: number,
  end: number,
  o: SubtitleOptions,
  spans?: Span[],
): Array<{ start: number; end: number; lines: string[] }> {
  const total = joinedLength(words);
  const duration = Math.max(0, end - start);
  const byChars = Math.ceil(total / (o.maxLineChars * o.maxLines));
  const byTime = Math.min(words.length, Math.ceil(duration / o.maxCueSeconds));
  for (let n = Math.max(1, byChars, byTime); n <= words.length; n++) {
    const runs = evenRuns(words, n);
    const wrapped = runs.map((r) => wrapLines(r, o.maxLineChars, o.maxLines));
    if (wrapped.some((w) => w === null)) continue;
    let before = 0;
    let firstWord = 0;
    const cues = runs.map((r, i) => {
      const lines = wrapped[i]!;
      if (spans) {
        const from = spans[firstWord]!.start;
        firstWord += r.length;
        return { start: from, end: spans[firstWord - 1]!.end, lines };
      }
      const from = start + (duration * before) / total;
      before += joinedLength(r) + 1;
      const to = i === runs.length - 1 ? end : start + (duration * Math.min(before, total)) / total;
      return { start: from, end: to, lines };
    });
    // Word boundaries rarely fall on even shares: one more cue when a run of several words came out too long.
    const tooLong = cues.some((c, i) => c.end - c.start > o.maxCueSeconds + 1e-9 && runs[i]!.length > 1);
    if (tooLong && n < words.length) continue;
    return cues;
  }
  // One word a cue always fits (words are cut to the line length); not reached.
  return words.map((w) => ({ start, end, lines: [w] }));
}

export function buildCues({ segments, speakerName, label, options }: CueSource): Cue[] {
  const o: SubtitleOptions = { ...subtitleDefaults, ...options };
  const named = namesSpeakers(segments);
  const cues: Cue[] = [];
  let previousSpeaker: string | null | undefined;
  for (const s of segments) {
    const text = s.text.trim();
    if (!text) continue;
    const speaker = named ? speakerName(s.speaker) : null;
    const turnStart = speaker !== previousSpeaker;
    previousSpeaker = speaker;
    const prefix = speaker !== null && turnStart && label ? label(speaker) : '';
    const start = Math.max(0, s.start);
    const end = Math.max(start, s.end);
    let spans = wordSpans(text, s.words, start, end);
    // A label's words are shown with the first word.
    if (spans && prefix) spans = [...bareWords(prefix).map(() => ({ start: spans![0]!.start, end: spans![0]!.start })), ...spans];
    const words = wordsOf(`${prefix}${text}`, o.maxLineChars, spans);
    segmentCues(words.words, start, end, o, words.spans).forEach((c, i) => cues.push({ ...c, speaker, turnStart: turnStart && i === 0 }));
  }
  return timeCues(cues, o);
}

/**
 * Each cue lasts at least `minCueSeconds` and long enough to read at `maxCharsPerSecond`, stretched into
 * the silence after it but never over the next cue; none lasts longer than `maxCueSeconds`.
 */
function timeCues(cues: Cue[], o: SubtitleOptions): Cue[] {
  const ms = (t: number) => Math.round(t * 1000) / 1000;
  return cues.map((c, i) => {
    const chars = c.lines.reduce((n, l) => n + charCount(l), 0);
    const wanted = Math.min(o.maxCueSeconds, Math.max(o.minCueSeconds, chars / o.maxCharsPerSecond));
    const next = cues[i + 1]?.start ?? Infinity;
    let end = c.end;
    if (end - c.start < wanted) end = Math.max(end, Math.min(c.start + wanted, next));
    end = Math.min(end, c.start + o.maxCueSeconds);
    // A cue always ends after it starts (a zero-length segment still shows for a moment).
    if (end <= c.start) end = c.start + 0.001;
    return { ...c, start: ms(c.start), end: ms(end) };
  });
}
