// A transcript's list, in either view, for the viewer's rows and the editor's alike: what it is made of
// (the plain view's paragraphs or the detailed view's cards) and which of them to render, through the one
// virtualiser (useVirtualUnits: every unit of a short list, those near the viewport of a long one).
import { useCallback, useMemo, type RefObject } from 'react';
import { paragraphRanges, speakerRuns, type SegmentRange } from '../transcript/paragraphs.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { RowStore } from './rowStore.ts';
import { useVirtualUnits, type VirtualHandle } from './useVirtualUnits.ts';
import type { RenderPlan } from './virtualLayout.ts';

/** Running text in paragraphs, or a card per segment with speaker and times. */
export type TranscriptView = 'plain' | 'detailed';

/**
 * From this many segments a transcript's list renders only the paragraphs or cards near the viewport
 * (plus the one holding the Tab stop): 5,000 rows in the document render and scroll slower than a plain list.
 */
export const VIRTUALIZE_FROM_SEGMENTS = 300;

export interface SegmentUnits {
  /** How many units the list has: paragraphs (plain view) or segments (detailed view). */
  count: number;
  /** The plain view's paragraphs (segment ranges); null in the detailed view. */
  paragraphs: readonly SegmentRange[] | null;
  /** The unit that holds segment `index`. */
  unitOf: (index: number) => number;
  /** The detailed view's cards that start a speaker's turn (named there); empty in the plain view. */
  turnStarts: ReadonlySet<number>;
}

export function useSegmentUnits(segments: readonly TranscriptSegment[], view: TranscriptView): SegmentUnits {
  const paragraphs = useMemo(() => (view === 'plain' ? paragraphRanges(segments) : null), [segments, view]);
  const unitOfSegment = useMemo(() => {
    if (!paragraphs) return null;
    const units = new Int32Array(segments.length);
    paragraphs.forEach((range, unit) => units.fill(unit, range.start, range.end));
    return units;
  }, [segments, paragraphs]);
  const unitOf = useCallback((index: number) => (unitOfSegment ? (unitOfSegment[index] ?? 0) : index), [unitOfSegment]);
  const turnStarts = useMemo(
    () => (view === 'detailed' ? new Set(speakerRuns(segments).map((run) => run.start)) : new Set<number>()),
    [segments, view],
  );
  return { count: paragraphs ? paragraphs.length : segments.length, paragraphs, unitOf, turnStarts };
}

export interface SegmentLayoutOptions {
  segments: readonly TranscriptSegment[];
  view: TranscriptView;
  /** The row store: the row holding its Tab stop stays rendered wherever the list is scrolled. */
  store: RowStore;
  scrollerRef: RefObject<HTMLElement | null>;
  /** Filled with the list's handle: reveal or focus any segment, rendering it first. */
  handleRef: RefObject<VirtualHandle | null>;
  /** After a commit that rendered other rows (find paints its highlights on them). */
  onRendered?: () => void;
}

export interface SegmentLayout extends SegmentUnits {
  /** Whether only the units near the viewport are rendered (from VIRTUALIZE_FROM_SEGMENTS segments). */
  virtual: boolean;
  /** The list element: its children are the units, in order. */
  listRef: RefObject<HTMLElement | null>;
  /** Which units to render, each with the margin standing for the skipped ones before it. */
  plan: RenderPlan;
  /** The list element's style: the skipped units' space before and after. */
  listStyle: { paddingTop: number; paddingBottom: number; overflowAnchor: 'none' };
}

/** The list of a transcript, in either view, for the viewer's and the editor's rows alike. */
export function useSegmentLayout({ segments, view, store, scrollerRef, handleRef, onRendered }: SegmentLayoutOptions): SegmentLayout {
  const units = useSegmentUnits(segments, view);
  const virtual = segments.length >= VIRTUALIZE_FROM_SEGMENTS;
  const { listRef, plan } = useVirtualUnits({
    count: units.count,
    enabled: virtual,
    unitOf: units.unitOf,
    scrollerRef,
    keepUnit: () => units.unitOf(store.tabStop),
    subscribeKeep: store.subscribeTabStop,
    resetKey: view,
    handleRef,
    onRendered,
  });
  const listStyle = { paddingTop: plan.paddingTop, paddingBottom: plan.paddingBottom, overflowAnchor: 'none' as const };
  return { ...units, virtual, listRef, plan, listStyle };
}
