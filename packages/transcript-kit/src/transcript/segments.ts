/** Why a segment is worth a second listen (same values as @scribe/api-client's `reviewFlags`). */
export type ReviewFlag = 'low_confidence' | 'repetition' | 'silence' | 'speech_rate';

/** One timed piece of a transcript (start and end in seconds). */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /**
   * Who speaks it. Absent or empty when nobody is known: the kit then shows 'Unknown Speaker' in the
   * reader's language. A host that stores a marker for that (Scribe's API: 'Unknown Speaker') leaves it out.
   */
  speaker?: string;
  /** The engine's confidence, 0..1, when it gives one. */
  confidence?: number;
  /** Why the segment should be reviewed; absent or empty when nothing stands out. */
  flags?: ReviewFlag[];
  /** Set once the user edited or confirmed the segment: it leaves the review queue. */
  reviewed?: boolean;
  /**
   * The segment's words in order, each with its start and end in seconds, when the engine times words; each
   * keeps the space before it (the first none), so the words joined are `text`.
   */
  words?: { text: string; start: number; end: number }[];
}

/** The number of a speaker as speaker detection names them ('Speaker 2': 2), else null (a name a user gave). */
export function numberedSpeaker(name: string): number | null {
  const match = /^Speaker ([1-9]\d{0,2})$/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * Index of the segment containing `time` (start <= time < end) in segments sorted by start, or -1 (before
 * the first, in a gap, after the last, or a non-finite time). Binary search: O(log n), so the player can
 * ask four times a second on a 5,000-segment transcript. With overlapping segments, the latest start wins.
 */
export function segmentAt(segments: readonly TranscriptSegment[], time: number): number {
  if (!Number.isFinite(time) || segments.length === 0) return -1;
  let lo = 0;
  let hi = segments.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (segments[mid].start <= time) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && time < segments[found].end ? found : -1;
}

/** Number of speaker badge colours (docs/product-spec.md §9). */
export const SPEAKER_COLOR_COUNT = 8;

/**
 * A stable colour slot 0..7 for a speaker name (FNV-1a over UTF-16 code units): the same name gets the
 * same colour in every transcript and session. No name (an unknown speaker, '') takes the first slot.
 */
export function speakerColorIndex(name: string): number {
  if (name === '') return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SPEAKER_COLOR_COUNT;
}
