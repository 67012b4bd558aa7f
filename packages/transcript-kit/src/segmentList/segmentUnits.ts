// What a transcript's list is made of, in either view: the plain view's paragraphs or the detailed view's
// cards. The viewer and the editor lay these units out with the one virtualiser (useVirtualUnits).
import { useCallback, useMemo } from 'react';
import { paragraphRanges, speakerRuns, type SegmentRange } from '../transcript/paragraphs.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';

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
