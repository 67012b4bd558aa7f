// The segment is defined by the contract (api-client's segmentSchema); the server stores exactly that
// type (db/schema.ts StoredSegment = Segment), and the kit's public prop type must accept what the API
// sends and give back what the API takes. These are type assertions: `pnpm typecheck` fails when one
// side drifts (a field added, renamed, made required or retyped on one side only).
import { segmentSchema, UNKNOWN_SPEAKER, type Segment, type SegmentInput } from '@scribe/api-client';
import type { TranscriptSegment } from '@scribe/transcript-kit';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toApiSegments, toKitSegments } from './data/kitSegments.ts';

/** The segment with every field required, so an optional field on one side only is a difference. */
type Fields<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

describe('the segment contract', () => {
  it('the kit takes the segment the API sends, field for field', () => {
    expectTypeOf<Fields<TranscriptSegment>>().toEqualTypeOf<Fields<Segment>>();
    expectTypeOf<Segment>().toExtend<TranscriptSegment>();
  });

  it('what the kit edits is a valid request segment (speaker may be left out: the schema defaults it)', () => {
    expectTypeOf<TranscriptSegment>().toExtend<SegmentInput>();
    // At run time too: a kit segment without a speaker parses, with the contract's default.
    const kit: TranscriptSegment = { start: 0, end: 1, text: 'Hello' };
    expect(segmentSchema.parse(kit)).toEqual({ start: 0, end: 1, text: 'Hello', speaker: UNKNOWN_SPEAKER });
  });

  it('the kit shows as unknown the speaker the contract writes for a segment without one', () => {
    // The marker is the contract's alone: the app leaves it out on the way into the kit and writes it back.
    const sent = segmentSchema.parse({ start: 0, end: 1, text: 'Hello' });
    expect(toKitSegments([sent])[0].speaker).toBeUndefined();
    expect(toApiSegments(toKitSegments([sent]))).toEqual([sent]);
  });
});
