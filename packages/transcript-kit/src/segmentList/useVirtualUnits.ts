// The transcript list's virtualiser: TanStack Virtual (its core, @tanstack/virtual-core) places the units
// (paragraphs or cards) and keeps the first visible one in place as estimates turn into measurements; this
// hook is its React adapter (what @tanstack/react-virtual does, plus loading the core), renders its window in
// normal flow (renderPlan), keeps the unit holding the Tab stop rendered wherever the list is scrolled, and
// gives the viewer and the editor a handle to reveal or focus any segment.
//
// Only a long list needs the core, so it loads apart, when the first one mounts (the first units render
// meanwhile): a short transcript's viewer and player stay within the kit's 59 KB budget (`pnpm bench`, kit
// bundle). The core stays on its 3.13.12 release: later ones add 1 to 5 KB gzip.
import type { Range, Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';
import { flushSync } from 'react-dom';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { everyUnit, firstUnits, renderPlan, withKeptUnit, type RenderPlan } from './virtualLayout.ts';

type VirtualCore = typeof import('@tanstack/virtual-core');
let core: VirtualCore | null = null;
let coreLoad: Promise<VirtualCore> | null = null;
/** The virtualiser's code, loaded once for the page. */
const loadCore = () => (coreLoad ??= import('@tanstack/virtual-core').then((module) => (core = module)));

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
/** Units rendered beyond each edge of the viewport: a fast scroll renders a new window every frame anyway, and each row costs. */
const OVERSCAN = 2;
/** The units carry their index in this attribute (their rows carry `data-index`, the segment's). */
const UNIT_ATTRIBUTE = 'data-unit';
/** Units rendered while the virtualiser's code loads (and on a server). */
const FIRST_UNITS = 20;

/**
 * Renders only the units near the viewport of `scrollerRef` (plus the kept one): each rendered unit is
 * measured, the others count as the measured mean, and a unit above the viewport that changes height moves
 * the scroll by as much, so what is read stays where it is.
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
  // Where the list starts inside its scroller, and the gap (from the theme's spacing) between its units.
  const [frame, setFrame] = useState({ scrollMargin: 0, gap: 0 });
  // The measured heights behind the estimate. A new view or transcript: nothing is measured.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sizes = useMemo(
    () => ({ heights: new Float64Array(count), sum: 0, measured: 0, changed: false, gapRead: false }),
    [count, resetKey],
  );
  const estimateSize = useCallback(() => (sizes.measured ? sizes.sum / sizes.measured : INITIAL_ESTIMATE), [sizes]);
  const measure = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLElement, Element>) => {
      // Unrounded (the library rounds): the skipped units' space is their sum, and 5,000 roundings drift.
      const size = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      const unit = instance.indexFromElement(element);
      if (unit >= 0 && unit < sizes.heights.length && size > 0) {
        if (instance.measurementsCache[unit]?.size !== size) sizes.changed = true;
        if (sizes.heights[unit] === 0) sizes.measured++;
        sizes.sum += size - sizes.heights[unit];
        sizes.heights[unit] = size;
      }
      return size;
    },
    [sizes],
  );

  // The kept unit is added to the window only when it is outside it: inside, a move re-renders nothing here.
  const windowRef = useRef<Range | null>(null);
  const keep = useSyncExternalStore(
    subscribeKeep,
    () => {
      const unit = keepUnit();
      const range = windowRef.current;
      return range && unit >= range.startIndex - range.overscan && unit <= range.endIndex + range.overscan ? -1 : unit;
    },
    // On a server nothing has focus: no unit is kept apart.
    () => -1,
  );
  const [loaded, setLoaded] = useState(() => core !== null);
  useEffect(() => {
    if (!enabled || loaded) return;
    let live = true;
    void loadCore().then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [enabled, loaded]);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const options: VirtualizerOptions<HTMLElement, Element> | null = core && {
    count,
    enabled,
    getScrollElement: scrollerOf,
    observeElementRect: core.observeElementRect,
    observeElementOffset: core.observeElementOffset,
    scrollToFn: core.elementScroll,
    // During a scroll: render the new units before the frame paints, never a blank frame.
    onChange: (_, sync) => (sync ? flushSync(rerender) : rerender()),
    estimateSize,
    measureElement: measure,
    rangeExtractor: (range: Range) => {
      windowRef.current = range;
      return withKeptUnit(core!.defaultRangeExtractor(range), keep, range.count);
    },
    overscan: OVERSCAN,
    gap: frame.gap,
    scrollMargin: frame.scrollMargin,
    indexAttribute: UNIT_ATTRIBUTE,
    // Before the scroller is measured: a viewport's worth of units.
    initialRect: { width: 0, height: 600 },
  };
  const [virtualizer] = useState<{ current: Virtualizer<HTMLElement, Element> | null }>(() => ({ current: null }));
  if (enabled && options && !virtualizer.current) virtualizer.current = new core!.Virtualizer(options);
  const instance = virtualizer.current;
  if (instance && options) instance.setOptions(options);
  useLayoutEffect(() => instance?._didMount(), [instance]);
  useLayoutEffect(() => {
    instance?._willUpdate();
  });
  const plan = !enabled
    ? everyUnit(count)
    : instance
      ? renderPlan(instance.getVirtualItems(), frame.scrollMargin, frame.gap, instance.getTotalSize())
      : firstUnits(count, FIRST_UNITS, estimateSize());

  // New shape of the units, or a new width (the text wraps anew): every height is measured again.
  const measuredFor = useRef(sizes);
  useLayoutEffect(() => {
    if (measuredFor.current === sizes) return;
    measuredFor.current = sizes;
    instance?.measure();
  }, [sizes, instance]);
  useLayoutEffect(() => {
    const scroller = scrollerOf();
    if (!scroller || !enabled) return;
    let width = scroller.clientWidth;
    const observer = new ResizeObserver(() => {
      if (scroller.clientWidth === width) return;
      width = scroller.clientWidth;
      sizes.heights.fill(0);
      sizes.sum = 0;
      sizes.measured = 0;
      sizes.gapRead = false;
      instance?.measure();
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerOf, enabled, sizes, instance]);

  // `place`: a reveal asked for before the virtualiser's code arrived, to be scrolled to once it has placed the units.
  const pending = useRef<{ reveal: number; tries: number; place: boolean; focus: number | null }>({
    reveal: -1,
    tries: 0,
    place: false,
    focus: null,
  });
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
        const target = Math.max(0, Math.round(scroller.scrollTop + delta));
        if (Math.abs(target - scroller.scrollTop) > 0.5 && wanted.tries-- > 0) scroller.scrollTop = target;
        else wanted.reveal = -1;
      }
    }
  };

  // After every commit: where the list starts, then a measurement of what rendered. A changed height makes
  // the virtualiser render again; only a settled layout finishes a pending focus or reveal.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- every commit; it sets state only when the frame moved
  useLayoutEffect(() => {
    const scroller = scrollerOf();
    const list = listRef.current;
    if (!scroller || !list) return;
    if (!enabled || !instance) {
      settlePending(list, scroller);
      return;
    }
    const box = scroller.getBoundingClientRect();
    const scrollMargin = list.getBoundingClientRect().top - box.top + scroller.scrollTop;
    // Read once per layout, not on every scroll frame.
    const gap = sizes.gapRead ? frame.gap : parseFloat(getComputedStyle(list).rowGap) || 0;
    sizes.gapRead = true;
    if (Math.abs(scrollMargin - frame.scrollMargin) > 0.5 || Math.abs(gap - frame.gap) > 0.5) {
      setFrame({ scrollMargin, gap });
      return;
    }
    sizes.changed = false;
    for (const child of list.children) if (child.hasAttribute(UNIT_ATTRIBUTE)) instance.measureElement(child);
    if (sizes.changed) return;
    if (pending.current.place) {
      pending.current.place = false;
      const start = instance.measurementsCache[unitOf(pending.current.reveal)]?.start ?? 0;
      scroller.scrollTop = Math.max(0, Math.round(start - box.height / 3));
    }
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
        if (!row && enabled && !instance) {
          // Nothing placed yet: scrolled to once the virtualiser is here, then corrected as below.
          pending.current = { reveal: index, tries: 3, place: true, focus: pending.current.focus };
          return;
        }
        const box = scroller.getBoundingClientRect();
        const top = row
          ? scroller.scrollTop + (row.getBoundingClientRect().top - box.top) - box.height / 3
          : (instance?.measurementsCache[unitOf(index)]?.start ?? 0) - box.height / 3;
        scroller.scrollTo({ top: Math.max(0, Math.round(top)), behavior });
        // A smooth scroll is not interrupted; an instant one is corrected once the row is measured.
        // A short list has every row rendered: the scroll is right at once.
        pending.current.reveal = behavior === 'smooth' || !enabled ? -1 : index;
        pending.current.tries = 3;
        pending.current.place = false;
      },
      focus(index) {
        // The user has moved: a reveal still being corrected (following playback) must not scroll back.
        pending.current.reveal = -1;
        pending.current.place = false;
        const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        if (row) row.focus();
        else pending.current.focus = index;
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, scrollerOf, unitOf, enabled, instance]);

  return { listRef, plan };
}
