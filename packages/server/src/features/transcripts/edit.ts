/**
 * The pure part of an edit (PATCH /api/transcripts/{id}): validation of the sent title and segments
 * against the limits of the contract (api-client `editLimits`), what a revision changed, and the plain
 * text rebuilt from the segments.
 */
import { editLimits, UNKNOWN_SPEAKER, type RevisionChange, type Segment } from '@scribe/api-client';
import type { StoredSegment } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { retimeWords, wordIndex, wordsWithin } from './words.ts';

/**
 * C0 and C1 controls (line breaks and tabs too: a segment is one subtitle-like line) and unpaired
 * surrogates (PostgreSQL's jsonb refuses them).
 */
const CONTROL = /[\p{Cc}\p{Cs}]/u;
const CONTROL_ALL = /[\p{Cc}\p{Cs}]+/gu;

/** End times may pass the decoded duration by this much (engines round their last timestamp up). */
export const DURATION_TOLERANCE_SECONDS = 0.5;

/** A title as stored: controls become spaces (a title is one line), trimmed; 400 when empty or too long. */
export function cleanTitle(title: string): string {
  const clean = title.replace(CONTROL_ALL, ' ').trim();
  if (!clean) throw new HttpError(400, 'TITLE_REQUIRED', { field: 'title' });
  if ([...clean].length > editLimits.titleMaxChars) {
    throw new HttpError(400, 'TITLE_TOO_LONG', { params: { max: editLimits.titleMaxChars }, field: 'title' });
  }
  return clean;
}

/**
 * The sent segments as stored, or a 400 naming the first offending segment. A text or a time pair
 * that the current revision already holds is accepted as it is: an engine's output (which may hold a
 * line break) never blocks an edit of another segment.
 */
export function cleanSegments(sent: Segment[], current: StoredSegment[], durationSeconds: number | null): StoredSegment[] {
  if (sent.length > editLimits.maxSegments) {
    throw new HttpError(400, 'TOO_MANY_SEGMENTS', { params: { max: editLimits.maxSegments }, field: 'segments' });
  }
  const knownTexts = new Set<string>();
  // start -> ends at that start: a time pair the current revision holds.
  const knownTimes = new Map<number, number[]>();
  for (const c of current) {
    knownTexts.add(c.text);
    const ends = knownTimes.get(c.start);
    if (ends) ends.push(c.end);
    else knownTimes.set(c.start, [c.end]);
  }
  const maxEnd = durationSeconds !== null && durationSeconds > 0 ? durationSeconds + DURATION_TOLERANCE_SECONDS : Infinity;
  const out: StoredSegment[] = new Array(sent.length);
  const knownWords = wordIndex(current);
  let previousStart = 0;
  for (let i = 0; i < sent.length; i++) {
    const s = sent[i]!;
    if (!knownTexts.has(s.text)) {
      if (s.text.length > editLimits.segmentTextMaxChars) {
        throw new HttpError(400, 'SEGMENT_TEXT_TOO_LONG', { params: { max: editLimits.segmentTextMaxChars }, field: `segments.${i}.text` });
      }
      if (CONTROL.test(s.text)) throw new HttpError(400, 'SEGMENT_CONTROL_CHARACTERS', { field: `segments.${i}.text` });
    }
    const speaker = s.speaker.trim();
    if (!speaker) throw new HttpError(400, 'SPEAKER_NAME_REQUIRED', { field: `segments.${i}.speaker` });
    if (speaker.length > editLimits.speakerMaxChars && [...speaker].length > editLimits.speakerMaxChars) {
      throw new HttpError(400, 'SPEAKER_NAME_TOO_LONG', { params: { max: editLimits.speakerMaxChars }, field: `segments.${i}.speaker` });
    }
    if (CONTROL.test(speaker)) throw new HttpError(400, 'SEGMENT_CONTROL_CHARACTERS', { field: `segments.${i}.speaker` });
    const timesKnown = knownTimes.get(s.start)?.includes(s.end) === true;
    const timesValid =
      Number.isFinite(s.start) &&
      Number.isFinite(s.end) &&
      s.start >= previousStart &&
      (timesKnown || (s.start < s.end && s.end <= maxEnd));
    if (!timesValid) throw new HttpError(400, 'SEGMENT_TIMES_INVALID', { field: `segments.${i}.start` });
    previousStart = s.start;
    const seg: StoredSegment = { start: s.start, end: s.end, text: s.text, speaker };
    if (s.confidence !== undefined) seg.confidence = s.confidence;
    if (s.flags !== undefined) seg.flags = s.flags;
    if (s.reviewed !== undefined) seg.reviewed = s.reviewed;
    const words = retimeWords(seg.text, seg.start, seg.end, wordsWithin(knownWords, seg.start, seg.end));
    if (words) seg.words = words;
    out[i] = seg;
  }
  return out;
}

/** The plain text of a transcript (transcripts.content), as the worker writes it. */
export function contentOf(segments: StoredSegment[]): string {
  return segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(' ');
}

const words = (segments: StoredSegment[]) =>
  segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
const reviewState = (s: StoredSegment) => `${s.reviewed === true}|${(s.flags ?? []).join(',')}|${s.confidence ?? ''}`;

/**
 * What an edit changed, in the order of `revisionChanges`. More segments than before is a split,
 * fewer a merge; with as many segments they are compared one by one. A review mark is named only when
 * nothing else changed in the text (editing a segment marks it reviewed anyway).
 */
export function changesOf(before: { title: string; segments: StoredSegment[] }, after: { title: string; segments: StoredSegment[] }) {
  const found = new Set<RevisionChange>();
  if (before.title !== after.title) found.add('title');
  const a = before.segments;
  const b = after.segments;
  if (a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      const y = b[i]!;
      if (x.text !== y.text) found.add('text');
      if (x.speaker !== y.speaker) found.add('speakers');
      if (x.start !== y.start || x.end !== y.end) found.add('timing');
      if (reviewState(x) !== reviewState(y)) found.add('review');
    }
  } else {
    found.add(b.length > a.length ? 'split' : 'merge');
    if (words(a) !== words(b)) found.add('text');
    const speakers = (segs: StoredSegment[]) => [...new Set(segs.map((s) => s.speaker))].sort().join('\n');
    if (speakers(a) !== speakers(b)) found.add('speakers');
  }
  if (found.has('review') && (found.has('text') || found.has('split') || found.has('merge'))) found.delete('review');
  return CHANGE_ORDER.filter((c) => found.has(c));
}

/** The order in which a revision names what it changed. */
export const CHANGE_ORDER: readonly RevisionChange[] = ['title', 'text', 'speakers', 'timing', 'split', 'merge', 'review'];

/** A segment as the search index keys it: its start, text and speaker. */
export interface SearchPair {
  start: number;
  text: string;
  /** As stored; 'Unknown Speaker' for a segment without one (as the search migration writes it). */
  speaker: string;
}

/** The speaker the search index writes for a segment (one stored without a speaker is the engine's 'Unknown Speaker'). */
const indexedSpeaker = (x: StoredSegment): string => (x.speaker as string | undefined) ?? UNKNOWN_SPEAKER;

/**
 * The (start, text, speaker) triples an edit removes and adds, for the search index
 * (search_apply_segment_changes in the search migrations), so saving one changed segment of a long
 * transcript writes one index row instead of the database comparing every segment. Segments without a
 * visible character are not indexed, as there. A segment whose speaker changed is removed and added
 * again (the database takes its words over from the row it replaces, so nothing is stemmed again).
 */
export function searchPairChanges(
  before: readonly StoredSegment[],
  after: readonly StoredSegment[],
): { removed: SearchPair[]; added: SearchPair[] } {
  // Position by position first: an edit leaves almost every segment where it was, and comparing three
  // fields is far cheaper than keying thousands of texts (3 ms for 2,500 segments).
  const same = (x: StoredSegment, y: StoredSegment) => x.start === y.start && x.text === y.text && indexedSpeaker(x) === indexedSpeaker(y);
  const went: StoredSegment[] = [];
  const came: StoredSegment[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const was = before[i];
    const now = after[i];
    if (was && now && same(was, now)) continue;
    if (was) went.push(was);
    if (now) came.push(now);
  }
  // Then a triple that only moved (a split or merge shifts the rest) or that stands elsewhere too is
  // neither removed nor added: looked up in all segments when few changed, else among the changed.
  const few = went.length + came.length <= 64;
  const key = (x: StoredSegment) => `${x.start}\u0000${x.text}\u0000${indexedSpeaker(x)}`;
  const among = (list: readonly StoredSegment[]) => {
    if (few) return (x: StoredSegment) => list.some((y) => same(x, y));
    const keys = new Set(list.map(key));
    return (x: StoredSegment) => keys.has(key(x));
  };
  const pairs = (segments: StoredSegment[], elsewhere: (x: StoredSegment) => boolean) => {
    const out = new Map<string, SearchPair>();
    for (const x of segments) {
      if (/[^ \t\n\r\f\v]/.test(x.text) && !elsewhere(x)) out.set(key(x), { start: x.start, text: x.text, speaker: indexedSpeaker(x) });
    }
    return [...out.values()];
  };
  return { removed: pairs(went, among(few ? after : came)), added: pairs(came, among(few ? before : went)) };
}
