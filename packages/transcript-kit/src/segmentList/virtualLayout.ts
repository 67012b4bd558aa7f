/*
 * What a virtualised list renders, from the items TanStack Virtual places (paragraphs or cards stacked
 * with a fixed CSS gap). Pure, unit-tested: the list renders only these units, in normal flow, with the
 * space of the skipped ones as padding before the first, a margin between two apart, and padding after.
 */

/** An item as TanStack Virtual places it: `start` and `end` in the scroller's coordinates (scroll margin included). */
export interface PlacedUnit {
  index: number;
  start: number;
  end: number;
}

export interface RenderPlan {
  /** Units to render, in order, each with the margin above it that stands for the units skipped before it. */
  units: { index: number; marginTop: number }[];
  paddingTop: number;
  paddingBottom: number;
}

/**
 * The plan for `items` (in order; more than one run when a unit far from the window stays rendered, such
 * as the one holding the focus): `scrollMargin` is where the list starts in the scroller, `gap` the CSS
 * gap the list puts between its children, `total` the whole list's height. The space stands in whole
 * pixels, so where a row's text falls between pixels depends on the rendered rows alone, not on how many
 * estimates lie above it (text drawn half a pixel lower looks different).
 */
export function renderPlan(items: readonly PlacedUnit[], scrollMargin: number, gap: number, total: number): RenderPlan {
  if (items.length === 0) return { units: [], paddingTop: 0, paddingBottom: Math.max(0, total) };
  const units = items.map((item, k) => ({
    index: item.index,
    // The gap between neighbours is there already; a jump adds the skipped units and their gaps.
    marginTop: k === 0 ? 0 : Math.max(0, Math.round(item.start - items[k - 1].end - gap)),
  }));
  const last = items[items.length - 1];
  const paddingTop = Math.max(0, Math.round(items[0].start - scrollMargin));
  return { units, paddingTop, paddingBottom: Math.max(0, Math.round(total - (last.end - scrollMargin))) };
}

/** Every unit of a short list, nothing skipped. */
export function everyUnit(count: number): RenderPlan {
  return { units: Array.from({ length: count }, (_, index) => ({ index, marginTop: 0 })), paddingTop: 0, paddingBottom: 0 };
}

/** The first `n` units of a long list (before the virtualiser places any), the rest as space at `estimate` each. */
export function firstUnits(count: number, n: number, estimate: number): RenderPlan {
  const shown = Math.min(count, n);
  return { ...everyUnit(shown), paddingBottom: (count - shown) * estimate };
}

/** The window's indexes plus `keep` (when it is a unit outside them), in order. */
export function withKeptUnit(indexes: readonly number[], keep: number, count: number): number[] {
  if (keep < 0 || keep >= count || indexes.includes(keep)) return [...indexes];
  return [...indexes, keep].sort((a, b) => a - b);
}
