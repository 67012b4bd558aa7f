import { speakerOf } from './paragraphs.ts';
import type { ReviewFlag, TranscriptSegment } from './segments.ts';

/*
 * Segment operations behind the transcript editor. Pure: each takes the segments and returns a new
 * array (the input is never changed; unchanged segments keep their identity, so memoised rows of the
 * editor re-render only where something changed). An operation that would do nothing, or break the
 * timing, returns the input array itself, so `next === segments` means "nothing to save".
 */

/** What an edit changed (the server's revision summary words, docs/decisions.md). */
export type SegmentChange = 'text' | 'split' | 'merge' | 'timing' | 'speakers' | 'review';

/** The server's limits of an edit (same values as @scribe/api-client's `editLimits`). */
export const EDIT_LIMITS = {
  titleMaxChars: 200,
  segmentTextMaxChars: 2000,
  speakerMaxChars: 100,
  maxSegments: 20000,
} as const;

/** A confidence below this puts a segment in the review queue even without an engine flag. */
export const LOW_CONFIDENCE = 0.5;

/** The shortest segment a split or a time change may leave (seconds). */
export const MIN_SEGMENT_SECONDS = 0.1;

/** Time steps of the keyboard's small and large nudges (seconds). */
export const NUDGE_STEP = 0.1;
export const NUDGE_STEP_LARGE = 0.5;

/** Times are kept to the hundredth, so repeated nudges never drift (0.1 + 0.2 !== 0.3). */
const round = (seconds: number) => Math.round(seconds * 100) / 100;

// Line breaks, tabs and other control characters (the server refuses them) become spaces.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Segment text as it is stored: no control characters, single spaces at the joins, trimmed. */
export function cleanSegmentText(text: string): string {
  return text.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
}

export type TextProblem = 'too_long';
/** Why a segment text cannot be saved, or null. Empty text is allowed (the words were not spoken). */
export function validateSegmentText(text: string, max: number = EDIT_LIMITS.segmentTextMaxChars): TextProblem | null {
  return cleanSegmentText(text).length > max ? 'too_long' : null;
}

export type NameProblem = 'required' | 'too_long';
/** Why a speaker name cannot be used, or null. */
export function validateSpeakerName(name: string, max: number = EDIT_LIMITS.speakerMaxChars): NameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  return trimmed.length > max ? 'too_long' : null;
}

/** Why a title cannot be saved, or null (1..200 characters after trimming). */
export function validateTitle(title: string, max: number = EDIT_LIMITS.titleMaxChars): NameProblem | null {
  return validateSpeakerName(title, max);
}

const replaceAt = (segments: readonly TranscriptSegment[], index: number, ...items: TranscriptSegment[]) => [
  ...segments.slice(0, index),
  ...items,
  ...segments.slice(index + 1),
];

const inRange = (segments: readonly TranscriptSegment[], index: number) => Number.isInteger(index) && index >= 0 && index < segments.length;

/** New text for one segment; an edit also marks it reviewed. Unchanged text changes nothing. */
export function editText(segments: readonly TranscriptSegment[], index: number, text: string): readonly TranscriptSegment[] {
  if (!inRange(segments, index)) return segments;
  const segment = segments[index];
  const next = cleanSegmentText(text);
  if (next === segment.text.trim()) return segments;
  return replaceAt(segments, index, { ...segment, text: next, reviewed: true });
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * The word boundary nearest to `offset` in `text` (a position next to whitespace), never the very start
 * or end; ties go to the earlier boundary. null when the text has no inner boundary (one word).
 */
export function wordBoundary(text: string, offset: number): number | null {
  const at = (i: number) => i > 0 && i < text.length && (isSpace(text[i - 1]) || isSpace(text[i]));
  const caret = Math.max(0, Math.min(text.length, Math.round(offset)));
  for (let d = 0; d <= text.length; d++) {
    if (at(caret - d)) return caret - d;
    if (at(caret + d)) return caret + d;
  }
  return null;
}

export interface SplitPoint {
  /** Where the text is cut (a word boundary). */
  offset: number;
  /** The estimated time of that point: proportional to the characters before it within [start, end]. */
  time: number;
}

/**
 * Where a split at the caret falls: the caret moved to the nearest word boundary, and the time estimated
 * from the share of characters before it (speech runs at a roughly even pace within a segment). Each half
 * keeps at least MIN_SEGMENT_SECONDS. null when there is no inner word boundary or the segment is too short.
 */
export function splitPoint(segment: TranscriptSegment, caret: number): SplitPoint | null {
  const { text, start, end } = segment;
  if (end - start < 2 * MIN_SEGMENT_SECONDS) return null;
  const offset = wordBoundary(text, caret);
  if (offset === null) return null;
  const left = text.slice(0, offset).trim();
  const right = text.slice(offset).trim();
  if (!left || !right) return null;
  // Whitespace at the cut belongs to neither half: count the characters that are spoken.
  const spoken = left.length + right.length;
  const estimate = start + ((end - start) * left.length) / spoken;
  const time = round(Math.min(end - MIN_SEGMENT_SECONDS, Math.max(start + MIN_SEGMENT_SECONDS, estimate)));
  return { offset, time };
}

/** Splits segment `index` at the caret into two segments (see splitPoint); both count as edited. */
export function splitAt(segments: readonly TranscriptSegment[], index: number, caret: number): readonly TranscriptSegment[] {
  if (!inRange(segments, index)) return segments;
  const segment = segments[index];
  const point = splitPoint(segment, caret);
  if (!point) return segments;
  const first: TranscriptSegment = { ...segment, end: point.time, text: segment.text.slice(0, point.offset).trim(), reviewed: true };
  const second: TranscriptSegment = { ...segment, start: point.time, text: segment.text.slice(point.offset).trim(), reviewed: true };
  return replaceAt(segments, index, first, second);
}

/** Joins segment `index` with the next one: the first one's speaker, both texts, both flags. */
export function mergeWithNext(segments: readonly TranscriptSegment[], index: number): readonly TranscriptSegment[] {
  if (!inRange(segments, index) || index + 1 >= segments.length) return segments;
  const a = segments[index];
  const b = segments[index + 1];
  const merged: TranscriptSegment = {
    ...a,
    end: Math.max(a.end, b.end),
    text: [a.text.trim(), b.text.trim()].filter(Boolean).join(' '),
    reviewed: true,
  };
  // The weaker confidence of the two: a merge must not hide a doubtful half.
  const confidences = [a.confidence, b.confidence].filter((c): c is number => typeof c === 'number');
  if (confidences.length > 0) merged.confidence = Math.min(...confidences);
  const flags = [...new Set([...(a.flags ?? []), ...(b.flags ?? [])])];
  if (flags.length > 0) merged.flags = flags;
  return [...segments.slice(0, index), merged, ...segments.slice(index + 2)];
}

export type SegmentEdge = 'start' | 'end';

/**
 * Moves one segment's start or end by `delta` seconds, stopping at the neighbour (no overlap), at 0, and
 * MIN_SEGMENT_SECONDS short of the segment's other edge. Moving against a limit already reached changes nothing.
 */
export function nudgeTime(
  segments: readonly TranscriptSegment[],
  index: number,
  edge: SegmentEdge,
  delta: number,
): readonly TranscriptSegment[] {
  if (!inRange(segments, index) || !Number.isFinite(delta) || delta === 0) return segments;
  const segment = segments[index];
  const prev = segments[index - 1];
  const next = segments[index + 1];
  const value = segment[edge];
  const [lower, upper] =
    edge === 'start'
      ? [Math.max(0, prev ? prev.end : 0), segment.end - MIN_SEGMENT_SECONDS]
      : [segment.start + MIN_SEGMENT_SECONDS, next ? next.start : Number.POSITIVE_INFINITY];
  // Never past a limit, and never backwards when data already sits beyond one.
  const moved = delta > 0 ? Math.max(value, Math.min(upper, round(value + delta))) : Math.min(value, Math.max(lower, round(value + delta)));
  if (moved === value) return segments;
  return replaceAt(segments, index, { ...segment, [edge]: moved });
}

/**
 * Moves the boundary between segment `index` and the next one by `delta` seconds: the end of one and the
 * start of the other together (a split estimated a little early or late), each keeping MIN_SEGMENT_SECONDS.
 */
export function nudgeSplit(segments: readonly TranscriptSegment[], index: number, delta: number): readonly TranscriptSegment[] {
  if (!inRange(segments, index) || index + 1 >= segments.length || !Number.isFinite(delta) || delta === 0) return segments;
  const a = segments[index];
  const b = segments[index + 1];
  const d =
    delta > 0
      ? Math.max(0, Math.min(delta, b.end - MIN_SEGMENT_SECONDS - b.start))
      : Math.min(0, Math.max(delta, a.start + MIN_SEGMENT_SECONDS - a.end));
  if (d === 0) return segments;
  return [...segments.slice(0, index), { ...a, end: round(a.end + d) }, { ...b, start: round(b.start + d) }, ...segments.slice(index + 2)];
}

/** Whether segment `index` ends exactly where the next one starts (a nudge of its end moves both). */
export function touchesNext(segments: readonly TranscriptSegment[], index: number): boolean {
  const next = segments[index + 1];
  return inRange(segments, index) && next !== undefined && Math.abs(segments[index].end - next.start) < 0.005;
}

/** Every segment of speaker `from` gets the name `to` (trimmed): one step for the whole transcript. */
export function renameSpeaker(segments: readonly TranscriptSegment[], from: string, to: string): readonly TranscriptSegment[] {
  const name = to.trim();
  if (!name || name === from) return segments;
  let changed = false;
  const next = segments.map((segment) => {
    if (speakerOf(segment) !== from) return segment;
    changed = true;
    return { ...segment, speaker: name };
  });
  return changed ? next : segments;
}

/** Segment `index` is spoken by `name` (an existing speaker, a new one, or '': nobody known). */
export function assignSpeaker(segments: readonly TranscriptSegment[], index: number, name: string): readonly TranscriptSegment[] {
  const speaker = name.trim();
  if (!inRange(segments, index) || speakerOf(segments[index]) === speaker) return segments;
  if (speaker) return replaceAt(segments, index, { ...segments[index], speaker });
  const { speaker: _unknown, ...rest } = segments[index];
  return replaceAt(segments, index, rest);
}

/** The speakers' names in order of first appearance ('' for segments whose speaker nobody knows). */
export function speakerNames(segments: readonly TranscriptSegment[]): string[] {
  return [...new Set(segments.map(speakerOf))];
}

/** Why a segment should be reviewed: its flags, plus 'low_confidence' when its confidence is low. */
export function reviewReasons(segment: TranscriptSegment, threshold: number = LOW_CONFIDENCE): ReviewFlag[] {
  const reasons = [...(segment.flags ?? [])];
  if (typeof segment.confidence === 'number' && segment.confidence < threshold && !reasons.includes('low_confidence')) {
    reasons.unshift('low_confidence');
  }
  return [...new Set(reasons)];
}

/** Whether a segment is in the review queue: flagged or low confidence, and not yet reviewed. */
export function needsReview(segment: TranscriptSegment, threshold: number = LOW_CONFIDENCE): boolean {
  return !segment.reviewed && reviewReasons(segment, threshold).length > 0;
}

/** How many segments remain to review. */
export function reviewCount(segments: readonly TranscriptSegment[], threshold: number = LOW_CONFIDENCE): number {
  let count = 0;
  for (const segment of segments) if (needsReview(segment, threshold)) count++;
  return count;
}

/**
 * The next segment to review after index `from` (-1: from the start), wrapping around to the start; -1
 * when none remains.
 */
export function nextToReview(segments: readonly TranscriptSegment[], from: number = -1, threshold: number = LOW_CONFIDENCE): number {
  const n = segments.length;
  for (let step = 1; step <= n; step++) {
    const i = (((from + step) % n) + n) % n;
    if (needsReview(segments[i], threshold)) return i;
  }
  return -1;
}

/** Marks a segment reviewed ('Confirm'): it leaves the review queue with its text unchanged. */
export function markReviewed(segments: readonly TranscriptSegment[], index: number): readonly TranscriptSegment[] {
  if (!inRange(segments, index) || segments[index].reviewed) return segments;
  return replaceAt(segments, index, { ...segments[index], reviewed: true });
}

/**
 * What changed between two versions of the segments, in the server's words (for a revision summary or an
 * autosave that batches several edits): count changes are splits or merges; then speakers, timing, text
 * and review marks per segment.
 */
export function segmentChanges(before: readonly TranscriptSegment[], after: readonly TranscriptSegment[]): SegmentChange[] {
  if (after.length > before.length) return ['split'];
  if (after.length < before.length) return ['merge'];
  const changes = new Set<SegmentChange>();
  for (let i = 0; i < after.length; i++) {
    const a = before[i];
    const b = after[i];
    if (a === b) continue;
    if (speakerOf(a) !== speakerOf(b)) changes.add('speakers');
    if (a.start !== b.start || a.end !== b.end) changes.add('timing');
    // An edit marks its segment reviewed: that is part of the text change, not a review of its own.
    if (a.text.trim() !== b.text.trim()) changes.add('text');
    else if (Boolean(a.reviewed) !== Boolean(b.reviewed)) changes.add('review');
  }
  const order: SegmentChange[] = ['split', 'merge', 'text', 'speakers', 'timing', 'review'];
  return order.filter((c) => changes.has(c));
}
