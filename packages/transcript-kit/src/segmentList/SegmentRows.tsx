// The transcript's list of segments in either view, for the viewer (reading) and the editor (with its
// RowEditing). Its own memoised component, so the list is rebuilt only when its inputs change (the
// segments, the view, the language), never for its host's own state such as an open dialog or an
// announcement. Laid out by the one virtualiser (useSegmentLayout): a long transcript renders only the
// rows near the viewport and the one holding the Tab stop (the row being edited is that one).
import { useLingui } from '@lingui/react/macro';
import { memo, useMemo, type KeyboardEvent, type RefObject } from 'react';
import { speakerOf } from '../transcript/paragraphs.ts';
import type { TranscriptSegment } from '../transcript/segments.ts';
import type { RowEditing } from './rowActions.ts';
import type { RowStore } from './rowStore.ts';
import { CardRow, InlineRow, PlainSpeaker } from './rows.tsx';
import * as styles from './rows.css.ts';
import { useSegmentLayout, type TranscriptView } from './segmentLayout.ts';
import type { VirtualHandle } from './useVirtualUnits.ts';

interface SegmentRowsProps {
  /** At least one: the host shows its empty text instead of a list. */
  segments: readonly TranscriptSegment[];
  view: TranscriptView;
  store: RowStore;
  /** Plays from a segment's start, or from `seconds` in it. Stable. */
  playFrom: (index: number, seconds?: number) => void;
  /** The editor's part of the rows; without it they read only. Stable. */
  editing?: RowEditing;
  /** The viewer's keys on the list (arrows, Home, End); the editor handles its keys around it. Stable. */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  scrollerRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<VirtualHandle | null>;
  /** After a commit that rendered other rows (find paints its highlights on them). */
  onRendered: () => void;
}

export const SegmentRows = memo(function SegmentRows(props: SegmentRowsProps) {
  const { segments, store, playFrom, editing, onKeyDown } = props;
  const { t } = useLingui();
  const listLabel = t`Transcript segments`;
  const showNames = useMemo(() => segments.some((s) => speakerOf(s) !== ''), [segments]);
  const { paragraphs, turnStarts, virtual, listRef, plan, listStyle } = useSegmentLayout(props);
  const row = { store, playFrom, editing };
  // The list's element in either view (a group of paragraphs, or a list of cards).
  const list = { ref: listRef as RefObject<HTMLDivElement | null>, style: listStyle, 'aria-label': listLabel, onKeyDown };
  if (paragraphs) {
    return (
      <div {...list} className={styles.plainParagraphs} role="group">
        {plan.units.map(({ index: k, marginTop }) => {
          const range = paragraphs[k];
          const speaker = speakerOf(segments[range.start]);
          const turn = showNames && (k === 0 || speakerOf(segments[paragraphs[k - 1].start]) !== speaker);
          return (
            // A div, not a p: the edit field inside is block content.
            <div key={range.start} data-unit={k} className={styles.plain} style={marginTop ? { marginTop } : undefined}>
              {turn ? <PlainSpeaker name={speaker} /> : null}
              {segments.slice(range.start, range.end).map((segment, j) => (
                <InlineRow key={range.start + j} index={range.start + j} segment={segment} {...row} />
              ))}
            </div>
          );
        })}
      </div>
    );
  }
  return (
    <div {...list} className={styles.cards} role="list">
      {plan.units.map(({ index, marginTop }) => (
        <CardRow
          key={index}
          index={index}
          segment={segments[index]}
          continuesTurn={!turnStarts.has(index)}
          setSize={virtual ? segments.length : undefined}
          marginTop={marginTop}
          {...row}
        />
      ))}
    </div>
  );
});
