import { describe, expect, it } from 'vitest';
import { everyUnit, firstUnits, renderPlan, withKeptUnit } from './virtualLayout.ts';

describe('virtual layout', () => {
  // A list starting 100 px down its scroller, units stacked with a gap of 5: heights 10, 20, 30, 30.
  // Starts 100, 115, 140, 175; ends 110, 135, 170, 205; the whole list 105 px.
  const at = (index: number, start: number, size: number) => ({ index, start, end: start + size });
  const units = [at(0, 100, 10), at(1, 115, 20), at(2, 140, 30), at(3, 175, 30)];

  it('keeps the skipped space, so rendered units sit where the full list would put them', () => {
    const plan = renderPlan([units[2]], 100, 5, 105);
    expect(plan).toEqual({ units: [{ index: 2, marginTop: 0 }], paddingTop: 40, paddingBottom: 35 });
    // paddingTop + unit + paddingBottom = the full height.
    expect(plan.paddingTop + 30 + plan.paddingBottom).toBe(105);
  });

  it('renders neighbours with nothing between them but the gap', () => {
    expect(renderPlan(units.slice(1, 3), 100, 5, 105)).toEqual({
      units: [
        { index: 1, marginTop: 0 },
        { index: 2, marginTop: 0 },
      ],
      paddingTop: 15,
      paddingBottom: 35,
    });
  });

  it('renders a kept unit far from the window in its place, with the skipped space as a margin', () => {
    const plan = renderPlan([units[0], units[3]], 100, 5, 105);
    // Units 1 and 2 (20 + 5 and 30 + 5) are skipped.
    expect(plan.units).toEqual([
      { index: 0, marginTop: 0 },
      { index: 3, marginTop: 60 },
    ]);
    expect([plan.paddingTop, plan.paddingBottom]).toEqual([0, 0]);
  });

  it('stands the skipped space in whole pixels', () => {
    const plan = renderPlan([at(0, 100, 10), at(7, 300.4, 20.3)], 100, 5, 400.6);
    expect(plan).toEqual({
      units: [
        { index: 0, marginTop: 0 },
        { index: 7, marginTop: 185 },
      ],
      paddingTop: 0,
      paddingBottom: 180,
    });
  });

  it('leaves the whole height as padding when nothing is placed yet, and renders every unit of a short list', () => {
    expect(renderPlan([], 100, 5, 105)).toEqual({ units: [], paddingTop: 0, paddingBottom: 105 });
    expect(everyUnit(3)).toEqual({
      units: [0, 1, 2].map((index) => ({ index, marginTop: 0 })),
      paddingTop: 0,
      paddingBottom: 0,
    });
  });

  it('renders the first units of a long list before anything is placed, the rest as estimated space', () => {
    expect(firstUnits(100, 2, 60)).toEqual({
      units: [
        { index: 0, marginTop: 0 },
        { index: 1, marginTop: 0 },
      ],
      paddingTop: 0,
      paddingBottom: 98 * 60,
    });
    expect(firstUnits(1, 20, 60).units).toHaveLength(1);
  });

  it('adds the unit holding the focus to the window once, in order', () => {
    expect(withKeptUnit([4, 5, 6], 1, 10)).toEqual([1, 4, 5, 6]);
    expect(withKeptUnit([4, 5, 6], 5, 10)).toEqual([4, 5, 6]);
    expect(withKeptUnit([4, 5, 6], -1, 10)).toEqual([4, 5, 6]);
    expect(withKeptUnit([4, 5, 6], 12, 10)).toEqual([4, 5, 6]);
  });
});
