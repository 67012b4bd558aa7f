import { describe, expect, it } from 'vitest';
import { moveAround, moveBy, sameOrder } from './promptOrder.ts';

describe('saved prompt order', () => {
  it('moves dragged prompts before or after the drop target', () => {
    expect(moveAround([1, 2, 3, 4], new Set([4]), 1, 'before')).toEqual([4, 1, 2, 3]);
    expect(moveAround([1, 2, 3, 4], new Set([1]), 3, 'after')).toEqual([2, 3, 1, 4]);
    expect(moveAround([1, 2, 3, 4], new Set([1, 3]), 4, 'after')).toEqual([2, 4, 1, 3]);
    // Onto itself, or an unknown target: nothing changes.
    expect(moveAround([1, 2, 3], new Set([2]), 2, 'before')).toEqual([1, 2, 3]);
    expect(moveAround([1, 2, 3], new Set([2]), 9, 'before')).toEqual([1, 2, 3]);
  });

  it('moves one prompt up or down, and not past either end', () => {
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveBy([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 7, 1)).toEqual([1, 2, 3]);
  });

  it('tells a changed order from an unchanged one', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});
