// The editor's list of segments in either view, built in chunks. Apart from the editor so the list is
// rebuilt only when its inputs change (the segments, the view, the language), never for the editor's
// own state such as an open dialog or an announcement.
import { useLingui } from '@lingui/react/macro';
import { memo, useMemo } from 'react';
import { paragraphRanges, speakerOf } from '../transcript/paragraphs.ts';
import { DEFAULT_SPEAKER, type TranscriptSegment } from '../transcript/segments.ts';
import type { RowStore } from '../TranscriptViewer/rowStore.ts';
import * as viewerStyles from '../TranscriptViewer/TranscriptViewer.css.ts';
import type { TranscriptView } from '../TranscriptViewer/TranscriptViewer.tsx';
import type { RowActions } from './rowActions.ts';
import { CardRow, InlineRow, PlainSpeaker } from './rows.tsx';
import * as styles from './TranscriptEditor.css.ts';

/*
 * Rows come in chunks that skip layout and paint while off-screen (content-visibility). Per row, as in
 * the viewer, the browser re-checked 5,000 rows' visibility on every keystroke (about 16 ms); per chunk
 * it checks a hundred.
 */
const CARD_CHUNK = 50;
const PLAIN_CHUNK = 20;

/** [from, to) index ranges of `size` items each. */
function chunksOf(count: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < count; from += size) out.push([from, Math.min(count, from + size)]);
  return out;
}

interface SegmentListProps {
  /** At least one: the editor shows its empty text instead of a list. */
  segments: readonly TranscriptSegment[];
  view: TranscriptView;
  store: RowStore;
  actions: RowActions;
  ids: string;
  isReadOnly: boolean;
}

export const SegmentList = memo(function SegmentList({ segments, view, store, actions, ids, isReadOnly }: SegmentListProps) {
  const { t } = useLingui();
  const listLabel = t`Transcript segments`;
  const showNames = useMemo(() => segments.some((s) => speakerOf(s) !== DEFAULT_SPEAKER), [segments]);
  if (view === 'plain') {
    const ranges = paragraphRanges(segments);
    return (
      <div className={viewerStyles.plainParagraphs} role="group" aria-label={listLabel}>
        {chunksOf(ranges.length, PLAIN_CHUNK).map(([from, to]) => (
          <div key={from} className={styles.plainChunk}>
            {ranges.slice(from, to).map((range, j) => {
              const k = from + j;
              const speaker = speakerOf(segments[range.start]);
              const turn = showNames && (k === 0 || speakerOf(segments[ranges[k - 1].start]) !== speaker);
              return (
                // A div, not a p: the edit field inside is block content.
                <div key={range.start} className={viewerStyles.plain}>
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
        ))}
      </div>
    );
  }
  return (
    <div className={styles.cards} role="list" aria-label={listLabel}>
      {chunksOf(segments.length, CARD_CHUNK).map(([from, to]) => (
        <div key={from} className={styles.cardChunk} role="none">
          {segments.slice(from, to).map((segment, j) => (
            <CardRow
              key={from + j}
              index={from + j}
              segment={segment}
              continuesTurn={from + j > 0 && speakerOf(segments[from + j - 1]) === speakerOf(segment)}
              store={store}
              actions={actions}
              ids={ids}
              isReadOnly={isReadOnly}
            />
          ))}
        </div>
      ))}
    </div>
  );
});
