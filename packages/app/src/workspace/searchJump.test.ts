import { describe, expect, it, vi } from 'vitest';
import { createJumpStore } from './searchJump.ts';

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
});
