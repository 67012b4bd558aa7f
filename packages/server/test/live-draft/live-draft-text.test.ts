// The draft text's bookkeeping without audio: what becomes final and what a draft event carries.
import { describe, expect, it } from 'vitest';
import { DraftText } from '../../src/features/live-draft/drafting.ts';

describe('draft text', () => {
  it('an event of a long recording repeats only the newest finals, then the provisional ones', () => {
    const draft = new DraftText();
    // Each pass hears a one-second sentence after a pause: the pause makes everything before it final.
    for (let i = 0; i < 40; i++) {
      draft.applyPass([{ start: i, end: i + 0.5, text: `Sentence ${i}.` }], { audioEnd: i + 1, pauseFrom: i + 0.5 });
    }
    draft.applyPass([{ start: 40, end: 40.5, text: 'Still talking' }], { audioEnd: 40.6, pauseFrom: null });
    const all = draft.segments();
    expect(all.filter((s) => s.final)).toHaveLength(40);
    const recent = draft.segments(20);
    expect(recent.filter((s) => s.final).map((s) => s.text)).toEqual(
      all
        .filter((s) => s.final)
        .slice(20)
        .map((s) => s.text),
    );
    expect(recent.at(-1)).toMatchObject({ text: 'Still talking', final: false });
    // Small enough for PostgreSQL's NOTIFY (under 8,000 bytes) however long the recording.
    expect(JSON.stringify(recent).length).toBeLessThan(4000);
  });
});
