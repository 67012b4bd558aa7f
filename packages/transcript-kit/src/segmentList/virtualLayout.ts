/*
 * Where the units of a virtualised list (paragraphs or cards, stacked with a fixed gap) sit, and which of
 * them to render for a scroll position. Pure, unit-tested; the viewer renders only the units returned,
 * in normal flow, with the space of the skipped ones as padding before and a margin between them.
 */

/**
 * The top of every unit (the space of the units before it, gaps included) and, at `count`, the total
 * plus one gap. A height of 0 or less (not measured yet) counts as `estimate`.
 */
export function unitTops(heights: ArrayLike<number>, count: number, estimate: number, gap: number): Float64Array {
  const tops = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) {
    const h = heights[i] > 0 ? heights[i] : estimate;
    tops[i + 1] = tops[i] + h + gap;
  }
  return tops;
}

/** The list's whole height. */
export function totalHeight(tops: Float64Array, gap: number): number {
  const count = tops.length - 1;
  return count > 0 ? tops[count] - gap : 0;
}

/** The first unit whose bottom lies below `offset` (binary search), or `count` past the end. */
export function unitAt(tops: Float64Array, offset: number): number {
  const count = tops.length - 1;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid + 1] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The units [start, end) that intersect [from, to) (list coordinates), at least one if there are any. */
export function unitWindow(tops: Float64Array, from: number, to: number): { start: number; end: number } {
  const count = tops.length - 1;
  if (count === 0) return { start: 0, end: 0 };
  const start = Math.min(count - 1, unitAt(tops, Math.max(0, from)));
  let end = start + 1;
  while (end < count && tops[end] < to) end++;
  return { start, end };
}

export interface RenderPlan {
  /** Units to render, in order, each with the margin above it that stands for the units skipped before it. */
  units: { index: number; marginTop: number }[];
  paddingTop: number;
  paddingBottom: number;
}

/**
 * What to render: the window [start, end) plus the `extra` units (e.g. the one holding the focus, which
 * must stay in the document when scrolled away), in order, with the skipped units' space as padding
 * before the first, margins between and padding after the last.
 */
export function renderPlan(tops: Float64Array, gap: number, start: number, end: number, extra: readonly number[] = []): RenderPlan {
  const count = tops.length - 1;
  const set = new Set<number>();
  for (let i = Math.max(0, start); i < Math.min(count, end); i++) set.add(i);
  for (const i of extra) if (i >= 0 && i < count) set.add(i);
  const indices = [...set].sort((a, b) => a - b);
  if (indices.length === 0) return { units: [], paddingTop: 0, paddingBottom: totalHeight(tops, gap) };
  const units = indices.map((index, k) => {
    const prev = indices[k - 1];
    // The gap between neighbours is there already; a jump adds the skipped units and their gaps.
    return { index, marginTop: k === 0 ? 0 : tops[index] - tops[prev + 1] };
  });
  const last = indices[indices.length - 1];
  return { units, paddingTop: tops[indices[0]], paddingBottom: Math.max(0, tops[count] - tops[last + 1]) };
}
