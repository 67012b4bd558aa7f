import { describe, expect, it } from 'vitest';
import { renderPlan, totalHeight, unitAt, unitTops, unitWindow } from './virtualLayout.ts';

describe('virtual layout', () => {
  // Heights 10, 20 (measured), then two unmeasured units at the estimate of 30; gap 5.
  const tops = unitTops([10, 20, 0, -1], 4, 30, 5);

  it('stacks measured heights and estimates with the gap', () => {
    expect([...tops]).toEqual([0, 15, 40, 75, 110]);
    expect(totalHeight(tops, 5)).toBe(105);
    expect(totalHeight(unitTops([], 0, 30, 5), 5)).toBe(0);
  });

  it('finds the unit under an offset and the window of a viewport', () => {
    expect(unitAt(tops, 0)).toBe(0);
    expect(unitAt(tops, 14.9)).toBe(0);
    expect(unitAt(tops, 15)).toBe(1);
    expect(unitAt(tops, 1000)).toBe(4);
    expect(unitWindow(tops, 20, 50)).toEqual({ start: 1, end: 3 });
    expect(unitWindow(tops, -100, 1)).toEqual({ start: 0, end: 1 });
    // Scrolled past the end (the list shrank): still the last unit, never nothing.
    expect(unitWindow(tops, 5000, 6000)).toEqual({ start: 3, end: 4 });
  });

  it('keeps the skipped space, so rendered units sit where the full list would put them', () => {
    const plan = renderPlan(tops, 5, 2, 3);
    expect(plan).toEqual({ units: [{ index: 2, marginTop: 0 }], paddingTop: 40, paddingBottom: 35 });
    // paddingTop + unit + gap + paddingBottom = the full height.
    expect(plan.paddingTop + 30 + 5 + plan.paddingBottom).toBe(totalHeight(tops, 5) + 5);
  });

  it('renders an extra unit far from the window in its place, with the gap between as a margin', () => {
    const plan = renderPlan(tops, 5, 3, 4, [0, 3, 9]);
    expect(plan.units).toEqual([
      { index: 0, marginTop: 0 },
      // Units 1 and 2 (20 + 5 and 30 + 5) are skipped.
      { index: 3, marginTop: 60 },
    ]);
    expect(plan.paddingTop).toBe(0);
    expect(plan.paddingBottom).toBe(0);
  });
});
