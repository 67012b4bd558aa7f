import { describe, expect, it, vi } from 'vitest';
import { createJumpStore, landOnWord } from './searchJump.ts';

describe('jump store', () => {
  it('hands the time to the transcript it was requested for, once', () => {
    const jumps = createJumpStore();
    jumps.request(7, 42.5);
    expect(jumps.take(8)).toBeNull();
    expect(jumps.take(7)).toBe(42.5);
    expect(jumps.take(7)).toBeNull();
  });

  it('keeps only the latest request and tells subscribers', () => {
    const jumps = createJumpStore();
    const listener = vi.fn();
    jumps.subscribe(listener);
    jumps.request(1, 10);
    jumps.request(2, 20);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(jumps.take(1)).toBeNull();
    expect(jumps.take(2)).toBe(20);
  });

  it('treats a missing or negative time as the start', () => {
    const jumps = createJumpStore();
    jumps.request(3, Number.NaN);
    expect(jumps.take(3)).toBe(0);
    jumps.request(3, -4);
    expect(jumps.take(3)).toBe(0);
  });

  it("lands on the hit's word when the transcript's words are timed", () => {
    const segments = [
      { start: 0, end: 4, text: 'Welcome', words: [{ text: 'Welcome', start: 0.2, end: 0.8 }] },
      {
        start: 4,
        end: 9,
        text: 'How long will the migrations take?',
        words: [
          { text: 'How', start: 4.1, end: 4.4 },
          { text: ' long', start: 4.4, end: 4.8 },
          { text: ' will', start: 4.8, end: 5.0 },
          { text: ' the', start: 5.0, end: 5.2 },
          { text: ' migrations', start: 5.2, end: 6.1 },
          { text: ' take?', start: 6.1, end: 6.6 },
        ],
      },
      { start: 9, end: 12, text: 'Thanks.' },
    ];
    const jumps = createJumpStore();
    jumps.request(5, 4, ['migration']);
    // A stemmed match ('migration' found 'migrations').
    expect(jumps.take(5, segments)).toBe(5.2);
    expect(landOnWord(segments, 4, ['TAKE'])).toBe(6.1);
    // Not in the segment, no words timed, no words given: the segment's time as before.
    expect(landOnWord(segments, 4, ['welcome'])).toBe(4);
    expect(landOnWord(segments, 9.5, ['anything'])).toBe(9.5);
    expect(landOnWord(segments, 4, [])).toBe(4);
  });
});
