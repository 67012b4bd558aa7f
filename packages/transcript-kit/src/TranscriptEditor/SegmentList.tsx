// The editor's list of segments in either view. Apart from the editor so the list is rebuilt only when
// its inputs change (the segments, the view, the language), never for the editor's own state such as an
// open dialog or an announcement. Laid out, as the viewer's, by the one virtualiser (useVirtualUnits):
// a long transcript renders only the rows near the viewport and the one holding the Tab stop (the row
// being edited is that one).
import { useLingui } from '@lingui/react/macro';
import { memo, useMemo, type RefObject } from 'react';
import { speakerOf } from '../transcript/paragraphs.ts';
import { DEFAULT_SPEAKER, type TranscriptSegment } from '../transcript/segments.ts';
import type { RowStore } from '../segmentList/rowStore.ts';
import { useSegmentLayout, type TranscriptView } from '../segmentList/segmentLayout.ts';
import type { VirtualHandle } from '../segmentList/useVirtualUnits.ts';
import * as viewerStyles from '../TranscriptViewer/TranscriptViewer.css.ts';
import type { RowActions } from './rowActions.ts';
import { CardRow, InlineRow, PlainSpeaker } from './rows.tsx';
import * as styles from './TranscriptEditor.css.ts';

interface SegmentListProps {
  /** At least one: the editor shows its empty text instead of a list. */
  segments: readonly TranscriptSegment[];
  view: TranscriptView;
  store: RowStore;
  actions: RowActions;
  ids: string;
  isReadOnly: boolean;
  scrollerRef: RefObject<HTMLDivElement | null>;
  handleRef: RefObject<VirtualHandle | null>;
  /** After a commit that rendered other rows (find paints its highlights on them). */
  onRendered: () => void;
}

export const SegmentList = memo(function SegmentList(props: SegmentListProps) {
  const { segments, store, actions, ids, isReadOnly } = props;
  const { t } = useLingui();
  const listLabel = t`Transcript segments`;
  const showNames = useMemo(() => segments.some((s) => speakerOf(s) !== DEFAULT_SPEAKER), [segments]);
  const { paragraphs, turnStarts, virtual, listRef, plan, listStyle } = useSegmentLayout(props);
  if (paragraphs) {
    return (
      <div
        ref={listRef as RefObject<HTMLDivElement | null>}
        className={styles.plainParagraphs}
        style={listStyle}
        role="group"
        aria-label={listLabel}
      >
        {plan.units.map(({ index: k, marginTop }) => {
          const range = paragraphs[k];
          const speaker = speakerOf(segments[range.start]);
          const turn = showNames && (k === 0 || speakerOf(segments[paragraphs[k - 1].start]) !== speaker);
          return (
            // A div, not a p: the edit field inside is block content.
            <div key={range.start} data-unit={k} className={viewerStyles.plain} style={marginTop ? { marginTop } : undefined}>
              {turn ? <PlainSpeaker name={speaker} /> : null}
              {segments.slice(range.start, range.end).map((segment, j) => (
                <InlineRow
                  key={range.start + j}
                  index={range.start + j}
                  segment={segment}
                  store={store}
                  actions={actions}
                  ids={ids}
                  isReadOnly={isReadOnly}
                />
              ))}
            </div>
          );
        })}
      </div>
    );
  }
  return (
    <div ref={listRef as RefObject<HTMLDivElement | null>} className={styles.cards} style={listStyle} role="list" aria-label={listLabel}>
      {plan.units.map(({ index, marginTop }) => (
        <CardRow
          key={index}
          index={index}
          segment={segments[index]}
          continuesTurn={!turnStarts.has(index)}
          setSize={virtual ? segments.length : undefined}
          marginTop={marginTop}
          store={store}
          actions={actions}
          ids={ids}
          isReadOnly={isReadOnly}
        />
      ))}
    </div>
  );
});
