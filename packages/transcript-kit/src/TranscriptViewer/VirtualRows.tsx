// The viewer's list of segments in either view: the rows near the viewport of a long transcript (from
// VIRTUALIZE_FROM_SEGMENTS segments), every row of a shorter one, laid out by useVirtualUnits, kept apart
// so the viewer itself stays about state and wiring.
import { type KeyboardEvent, type RefObject } from 'react';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { RowStore } from '../segmentList/rowStore.ts';
import { useSegmentLayout, type TranscriptView } from '../segmentList/segmentLayout.ts';
import type { VirtualHandle } from '../segmentList/useVirtualUnits.ts';
import { InlineSegment, SegmentCard, turnSpeaker } from './rows.tsx';
import * as styles from './TranscriptViewer.css.ts';

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
 * The transcript's paragraphs or cards. In a long transcript only those near the viewport (and the one
 * holding the Tab stop) are rendered; the space of the others stays as padding and margins so the
 * scrollbar, the position and the layout are those of the full list.
 */
export function VirtualRows(props: VirtualRowsProps) {
  const { segments, store, label, onKeyDown, onActivate } = props;
  const { paragraphs, turnStarts, virtual, listRef, plan, listStyle } = useSegmentLayout(props);
  if (paragraphs) {
    return (
      <div
        ref={listRef as RefObject<HTMLDivElement | null>}
        className={styles.plainParagraphs}
        style={listStyle}
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
      style={listStyle}
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
          startsTurn={turnStarts.has(index)}
          setSize={virtual ? segments.length : undefined}
          marginTop={marginTop}
        />
      ))}
    </ol>
  );
}
