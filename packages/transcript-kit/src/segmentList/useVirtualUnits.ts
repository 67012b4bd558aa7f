import { flushSync } from 'react-dom';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { renderPlan, unitAt, unitTops, unitWindow, type RenderPlan } from './virtualLayout.ts';

/** What the viewer asks of its virtualised list: bring a segment into view, or focus it (rendering it first). */
export interface VirtualHandle {
  /** Scrolls segment `index` to a third of the viewport, rendering it if it is not (then corrects the estimate). */
  reveal(index: number, behavior?: ScrollBehavior): void;
  /** Focuses segment `index` once it is rendered (at once if it is). */
  focus(index: number): void;
}

export interface VirtualUnitsOptions {
  /** How many units (paragraphs or cards) the list has. */
  count: number;
  /**
   * Whether to render only the units near the viewport. Off (a short list): every unit is rendered and
   * nothing is measured; the handle still reveals and focuses rows.
   */
  enabled: boolean;
  /** The unit that holds segment `index`. */
  unitOf: (index: number) => number;
  scrollerRef: RefObject<HTMLElement | null>;
  /** The unit that stays rendered wherever the scroll is (the one holding the Tab stop), and its changes. */
  keepUnit: () => number;
  subscribeKeep: (listener: () => void) => () => void;
  /** Changes when the units change shape (the view): measured heights start over. */
  resetKey: unknown;
  handleRef: RefObject<VirtualHandle | null>;
  /** Called after a commit that rendered other units (e.g. to paint find highlights on them). */
  onRendered?: () => void;
}

/** A first guess of a unit's height until some are measured; then the measured mean stands in. */
const INITIAL_ESTIMATE = 60;

/**
 * Renders only the units near the viewport of `scrollerRef` (plus `keep`): measures each rendered unit,
 * estimates the others from the measured mean, keeps the first visible unit where it was when estimates
 * turn into measurements, and re-renders only when the viewport leaves the rendered window's margin.
 */
export function useVirtualUnits({
  count,
  enabled,
  unitOf,
  scrollerRef,
  keepUnit,
  subscribeKeep,
  resetKey,
  handleRef,
  onRendered,
}: VirtualUnitsOptions): {
  listRef: RefObject<HTMLElement | null>;
  plan: RenderPlan;
} {
  const listRef = useRef<HTMLElement | null>(null);
  // On the first commit the scroller's ref is not attached yet (children commit first): it is the list's parent.
  const scrollerOf = useCallback(() => scrollerRef.current ?? listRef.current?.parentElement ?? null, [scrollerRef]);
  const geometry = useMemo(
    () => ({ heights: new Float64Array(count), estimate: INITIAL_ESTIMATE, gap: 0, gapRead: false, listTop: 0, adjust: 0 }),
    // A new view or transcript: nothing is measured.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [count, resetKey],
  );
  const [version, setVersion] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const tops = useMemo(() => unitTops(geometry.heights, count, geometry.estimate, geometry.gap), [geometry, count, version]);
  const topsRef = useRef(tops);
  const [win, setWin] = useState(() => ({ start: 0, end: Math.min(count, 20) }));
  const pending = useRef<{ reveal: number; tries: number; focus: number | null }>({ reveal: -1, tries: 0, focus: null });

  /** The window for the scroller's viewport, or the current one while it still covers the viewport with margin. */
  const winRef = useRef(win);
  const update = useCallback(
    (sync = false) => {
      const scroller = scrollerOf();
      if (!scroller) return;
      const t = topsRef.current;
      const n = t.length - 1;
      const top = scroller.scrollTop - geometry.listTop;
      const height = scroller.clientHeight || 600;
      // A small margin: a fast scroll renders a new window every frame anyway, and each row costs.
      const over = Math.max(120, height / 4);
      const prev = winRef.current;
      const covers =
        prev.start < prev.end &&
        prev.end <= n &&
        (prev.start === 0 || t[prev.start] <= top - over / 2) &&
        (prev.end === n || t[prev.end] >= top + height + over / 2);
      if (covers) return;
      const next = unitWindow(t, top - over, top + height + over);
      if (next.start === prev.start && next.end === prev.end) return;
      winRef.current = next;
      // From a scroll event: render the new rows before this frame paints, never a blank frame.
      if (sync) flushSync(() => setWin(next));
      else setWin(next);
    },
    [scrollerOf, geometry],
  );
  const onScroll = useCallback(() => update(true), [update]);

  useLayoutEffect(() => {
    const scroller = scrollerOf();
    if (!scroller || !enabled) return;
    scroller.addEventListener('scroll', onScroll, { passive: true });
    // A new width re-wraps the text: measure everything again.
    let width = scroller.clientWidth;
    const observer = new ResizeObserver(() => {
      if (scroller.clientWidth === width) return update();
      width = scroller.clientWidth;
      geometry.heights.fill(0);
      geometry.gapRead = false;
      setVersion((v) => v + 1);
    });
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [scrollerOf, update, onScroll, geometry, enabled]);

  // Only a kept unit outside the window is rendered apart; inside it, a move re-renders nothing here.
  const keep = useSyncExternalStore(
    subscribeKeep,
    () => {
      const unit = keepUnit();
      return unit >= win.start && unit < win.end ? -1 : unit;
    },
    // On a server nothing has focus: no unit is kept apart.
    () => -1,
  );
  const plan = useMemo(
    () => (enabled ? renderPlan(tops, geometry.gap, win.start, win.end, [keep]) : everyUnit(count)),
    [enabled, tops, geometry, win, keep, count],
  );

  /** A focus or reveal asked for a row that was not rendered yet: done now that it is (or corrected once measured). */
  const settlePending = (list: HTMLElement, scroller: HTMLElement) => {
    const wanted = pending.current;
    if (wanted.focus !== null) {
      const row = list.querySelector<HTMLElement>(`[data-index="${wanted.focus}"]`);
      if (row) {
        wanted.focus = null;
        row.focus();
      }
    }
    if (wanted.reveal >= 0) {
      const row = list.querySelector<HTMLElement>(`[data-index="${wanted.reveal}"]`);
      if (row) {
        // Where the full list would have put it: a third down the viewport, now that its neighbours are measured.
        const box = scroller.getBoundingClientRect();
        const delta = row.getBoundingClientRect().top - box.top - box.height / 3;
        const target = Math.max(0, scroller.scrollTop + delta);
        if (Math.abs(target - scroller.scrollTop) > 0.5 && wanted.tries-- > 0) scroller.scrollTop = target;
        else wanted.reveal = -1;
      }
    }
  };

  // After every commit: measure what rendered; if estimates changed, lay out again with the first visible
  // unit held in place (the browser's scroll anchoring is suppressed by the padding changes).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- every commit; it sets state only when a height changed
  useLayoutEffect(() => {
    topsRef.current = tops;
    const scroller = scrollerOf();
    const list = listRef.current;
    if (!scroller || !list) return;
    if (!enabled) {
      settlePending(list, scroller);
      return;
    }
    if (geometry.adjust) {
      scroller.scrollTop += geometry.adjust;
      geometry.adjust = 0;
    }
    const box = scroller.getBoundingClientRect();
    const listTop = list.getBoundingClientRect().top - box.top + scroller.scrollTop;
    // The gap comes from the theme's spacing: read once per layout, not on every scroll frame.
    const gap = geometry.gapRead ? geometry.gap : parseFloat(getComputedStyle(list).rowGap) || 0;
    geometry.gapRead = true;
    let changed = Math.abs(gap - geometry.gap) > 0.5;
    for (const child of list.children) {
      const unit = Number((child as HTMLElement).dataset.unit);
      if (!Number.isInteger(unit) || unit >= count) continue;
      const height = child.getBoundingClientRect().height;
      if (Math.abs(height - geometry.heights[unit]) > 0.5) {
        geometry.heights[unit] = height;
        changed = true;
      }
    }
    geometry.listTop = listTop;
    if (changed) {
      let sum = 0;
      let measured = 0;
      for (const h of geometry.heights) {
        if (h > 0) {
          sum += h;
          measured++;
        }
      }
      const anchor = unitAt(tops, scroller.scrollTop - listTop);
      geometry.gap = gap;
      geometry.estimate = measured ? sum / measured : INITIAL_ESTIMATE;
      const next = unitTops(geometry.heights, count, geometry.estimate, gap);
      if (anchor < count && scroller.scrollTop > 0) geometry.adjust = next[anchor] - tops[anchor];
      setVersion((v) => v + 1);
      return;
    }
    update();
    settlePending(list, scroller);
    onRendered?.();
  });

  useLayoutEffect(() => {
    handleRef.current = {
      reveal(index, behavior = 'auto') {
        const scroller = scrollerOf();
        const list = listRef.current;
        if (!scroller || !list) return;
        const row = list.querySelector<HTMLElement>(`[data-index="${index}"]`);
        const box = scroller.getBoundingClientRect();
        const top = row
          ? scroller.scrollTop + (row.getBoundingClientRect().top - box.top) - box.height / 3
          : geometry.listTop + (topsRef.current[unitOf(index)] ?? 0) - box.height / 3;
        scroller.scrollTo({ top: Math.max(0, top), behavior });
        // A smooth scroll is not interrupted; an instant one is corrected once the row is measured.
        // A short list has every row rendered: the scroll is right at once.
        pending.current.reveal = behavior === 'smooth' || !enabled ? -1 : index;
        pending.current.tries = 3;
        if (enabled) update();
      },
      focus(index) {
        // The user has moved: a reveal still being corrected (following playback) must not scroll back.
        pending.current.reveal = -1;
        const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        if (row) row.focus();
        else pending.current.focus = index;
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, scrollerOf, geometry, unitOf, update, enabled]);

  return { listRef, plan };
}

/** A short list's plan: every unit, nothing skipped. */
function everyUnit(count: number): RenderPlan {
  return { units: Array.from({ length: count }, (_, index) => ({ index, marginTop: 0 })), paddingTop: 0, paddingBottom: 0 };
}
