import { UNKNOWN_SPEAKER, type Segment } from '@scribe/api-client';
import { describe, expect, it } from 'vitest';
import { toApiSegments, toKitSegments } from './kitSegments.ts';

const api: Segment[] = [
  { start: 0, end: 2, text: 'Hello.', speaker: 'Speaker 1' },
  { start: 2, end: 4, text: 'Who is there?', speaker: UNKNOWN_SPEAKER },
];

describe('segments between the API and the kit', () => {
  it("gives the kit no speaker where the API writes the unknown speaker's marker, and other names as they are", () => {
    const kit = toKitSegments(api);
    expect(kit[0]).toBe(api[0]);
    expect(kit[1]).toEqual({ start: 2, end: 4, text: 'Who is there?' });
  });

  it('gives the API the marker for a segment the kit has without a speaker (or with an empty one)', () => {
    const back = toApiSegments([
      { start: 0, end: 1, text: 'New.' },
      { start: 1, end: 2, text: 'Blank.', speaker: ' ' },
    ]);
    expect(back.map((s) => s.speaker)).toEqual([UNKNOWN_SPEAKER, UNKNOWN_SPEAKER]);
  });

  it('keeps every untouched segment the same object across a round trip', () => {
    const kit = toKitSegments(api);
    const back = toApiSegments(kit);
    expect(back[0]).toBe(api[0]);
    expect(back[1]).toBe(api[1]);
    expect(toKitSegments(back)[1]).toBe(kit[1]);
  });
});
