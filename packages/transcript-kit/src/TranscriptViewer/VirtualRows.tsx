// The list of a long transcript (from VIRTUALIZE_FROM_SEGMENTS segments): the same rows as the full
// list, laid out by useVirtualUnits, kept apart so the viewer itself stays about state and wiring.
import { useCallback, useMemo, type KeyboardEvent, type RefObject } from 'react';
import { paragraphRanges, speakerRuns } from '../transcript/paragraphs.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { RowStore } from './rowStore.ts';
import { InlineSegment, SegmentCard, turnSpeaker } from './rows.tsx';
import * as styles from './TranscriptViewer.css.ts';
import { useVirtualUnits, type VirtualHandle } from './useVirtualUnits.ts';
import type { TranscriptView } from './ViewToggle.tsx';

interface VirtualRowsProps {
  segments: readonly TranscriptSegment[];
  view: TranscriptView;
  store: RowStore;
  label: string;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onActivate: (index: number, start: number) => void;
  scrollerRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<VirtualHandle | null>;
  onRendered: () => void;
}

/**
 * The long transcript's list: the same paragraphs and cards as the full list, but only those near the
 * viewport (and the one holding the Tab stop) are rendered; the space of the others stays as padding
 * and margins so the scrollbar, the position and the layout are those of the full list.
 */
export function VirtualRows({ segments, view, store, label, onKeyDown, onActivate, scrollerRef, handleRef, onRendered }: VirtualRowsProps) {
  const paragraphs = useMemo(() => (view === 'plain' ? paragraphRanges(segments) : null), [segments, view]);
  const unitOfSegment = useMemo(() => {
    if (!paragraphs) return null;
    const units = new Int32Array(segments.length);
    paragraphs.forEach((range, unit) => units.fill(unit, range.start, range.end));
    return units;
  }, [segments, paragraphs]);
  const unitOf = useCallback((index: number) => (unitOfSegment ? (unitOfSegment[index] ?? 0) : index), [unitOfSegment]);
  const turnStarts = useMemo(() => (view === 'detailed' ? new Set(speakerRuns(segments).map((run) => run.start)) : null), [segments, view]);
  const { listRef, plan } = useVirtualUnits({
    count: paragraphs ? paragraphs.length : segments.length,
    unitOf,
    scrollerRef,
    keepUnit: () => unitOf(store.tabStop),
    subscribeKeep: store.subscribeTabStop,
    resetKey: view,
    handleRef,
    onRendered,
  });
  const padding = { paddingTop: plan.paddingTop, paddingBottom: plan.paddingBottom, overflowAnchor: 'none' as const };
  if (paragraphs) {
    return (
      <div
        ref={listRef as RefObject<HTMLDivElement | null>}
        className={styles.plainParagraphs}
        style={padding}
        role="group"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {plan.units.map(({ index: unit, marginTop }) => {
          const range = paragraphs[unit];
          return (
            <p key={unit} data-unit={unit} className={styles.plain} style={marginTop ? { marginTop } : undefined}>
              {turnSpeaker(segments, paragraphs, unit)}
              {segments.slice(range.start, range.end).map((segment, k) => (
                <InlineSegment key={range.start + k} index={range.start + k} segment={segment} store={store} onActivate={onActivate} />
              ))}
            </p>
          );
        })}
      </div>
    );
  }
  return (
    <ol
      ref={listRef as RefObject<HTMLOListElement | null>}
      className={styles.cards}
      style={padding}
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {plan.units.map(({ index, marginTop }) => (
        <SegmentCard
          key={index}
          index={index}
          segment={segments[index]}
          store={store}
          onActivate={onActivate}
          startsTurn={turnStarts?.has(index) ?? false}
          setSize={segments.length}
          marginTop={marginTop}
        />
      ))}
    </ol>
  );
}
