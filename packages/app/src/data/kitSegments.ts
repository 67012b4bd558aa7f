// The API writes 'Unknown Speaker' (UNKNOWN_SPEAKER) for a segment whose speaker nobody knows; the kit
// leaves `speaker` out for it and shows 'Unknown Speaker' in the reader's language. The marker is the
// API's rule, so the app turns one form into the other where segments cross into the kit and back.
import { UNKNOWN_SPEAKER, type Segment } from '@scribe/api-client';
import type { TranscriptSegment } from '@scribe/transcript-kit';

// A segment keeps its object across a round trip (API, kit, API): the kit redraws a row only when its
// segment changed, and an edit hands back every segment, most of them untouched.
const kitOf = new WeakMap<Segment, TranscriptSegment>();
const apiOf = new WeakMap<TranscriptSegment, Segment>();

function pair(api: Segment, kit: TranscriptSegment): void {
  kitOf.set(api, kit);
  apiOf.set(kit, api);
}

function toKit(segment: Segment): TranscriptSegment {
  if (segment.speaker !== UNKNOWN_SPEAKER) return segment;
  let kit = kitOf.get(segment);
  if (!kit) {
    const { speaker: _marker, ...rest } = segment;
    kit = rest;
    pair(segment, kit);
  }
  return kit;
}

function toApi(segment: TranscriptSegment): Segment {
  const known = apiOf.get(segment);
  if (known) return known;
  if (segment.speaker?.trim()) return segment as Segment;
  const api: Segment = { ...segment, speaker: UNKNOWN_SPEAKER, flags: segment.flags && [...segment.flags] };
  pair(api, segment);
  return api;
}

/** The API's segments as the kit takes them: the unknown speaker's marker left out. */
export function toKitSegments(segments: readonly Segment[]): TranscriptSegment[] {
  return segments.map(toKit);
}

/** The kit's segments as the API takes them: a segment without a speaker gets the marker. */
export function toApiSegments(segments: readonly TranscriptSegment[]): Segment[] {
  return segments.map(toApi);
}
