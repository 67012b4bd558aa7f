// The transcript's rows, shared by the full and the virtualised list: a segment inside running text
// (plain view), a speaker card (detailed view), the speaker named at a turn, and the hooks that give
// each memoised row its flags from the row store (useRowFlags), so a time update re-renders only the rows that change.
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@scribe/ui';
import { memo, type MouseEvent } from 'react';
import { clickedWordStart } from '../highlight/useSpokenWord.ts';
import { useSpeakerLabel } from '../transcript/useSpeakerLabel.ts';
import { formatTime } from '../media/time.ts';
import { speakerOf } from '../transcript/paragraphs.ts';
import { DEFAULT_SPEAKER, speakerColorIndex, type TranscriptSegment } from '../transcript/segments.ts';
import { useRowFlags, type RowStore } from '../segmentList/rowStore.ts';
import * as styles from './TranscriptViewer.css.ts';

export interface RowProps {
  index: number;
  segment: TranscriptSegment;
  store: RowStore;
  onActivate: (index: number, start: number) => void;
}

/**
 * What every row is, in either view: its flags, and the props of its control (the index the keyboard
 * handler finds it by, the current-time mark, the roving Tab stop, activation and focus).
 */
function useRow({ index, segment, store, onActivate }: RowProps) {
  const flags = useRowFlags(store, index);
  const activate = () => onActivate(index, segment.start);
  return {
    ...flags,
    activate,
    rowProps: {
      'data-index': index,
      'aria-current': flags.isActive ? ('time' as const) : undefined,
      tabIndex: flags.isTabStop ? 0 : -1,
      // A click on a timed word plays from that word.
      onClick: (event: MouseEvent<HTMLElement>) => onActivate(index, clickedWordStart(event, segment) ?? segment.start),
      onFocus: () => store.setFocused(index),
    },
  };
}

/**
 * A segment inside running text. A span with role="button" (a real <button> would lay out as an
 * inline block and break the paragraph into one line per segment); Enter and Space activate it.
 */
export const InlineSegment = memo(function InlineSegment(props: RowProps) {
  const { segment } = props;
  const { activate, rowProps } = useRow(props);
  return (
    <>
      <span
        role="button"
        className={styles.inlineSegment}
        {...rowProps}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          activate();
        }}
      >
        {segment.text.trim()}
      </span>{' '}
    </>
  );
});

export const SegmentCard = memo(function SegmentCard({
  startsTurn,
  setSize,
  marginTop = 0,
  ...props
}: RowProps & {
  startsTurn: boolean;
  /** Virtualised: the list's length, for screen readers (only some cards are in the document). */
  setSize?: number;
  marginTop?: number;
}) {
  const { t } = useLingui();
  const { segment } = props;
  const { isPlaying, rowProps } = useRow(props);
  const speaker = speakerOf(segment);
  // The engine's word for no speaker, shown in the reader's language.
  const speakerName = useSpeakerLabel()(speaker);
  return (
    <li
      // Virtualised cards are measured as they are, so they skip the off-screen placeholder size.
      className={setSize === undefined ? styles.cardItem : undefined}
      data-unit={setSize === undefined ? undefined : props.index}
      aria-setsize={setSize}
      aria-posinset={setSize === undefined ? undefined : props.index + 1}
      style={marginTop ? { marginTop } : undefined}
    >
      <button type="button" className={styles.card} {...rowProps}>
        <span className={styles.cardMeta}>
          {startsTurn ? (
            <span className={styles.speakerBadge[speakerColorIndex(speaker)]}>{speakerName}</span>
          ) : (
            <VisuallyHidden>{speakerName}</VisuallyHidden>
          )}
          <span className={styles.cardTime}>
            <span aria-hidden="true">
              {formatTime(segment.start)} – {formatTime(segment.end)}
            </span>
            <VisuallyHidden>{t`from ${formatTime(segment.start)} to ${formatTime(segment.end)}`}</VisuallyHidden>
          </span>
          {isPlaying ? <span className={styles.playingTag}>{t`Playing`}</span> : null}
        </span>
        <span className={styles.cardText} data-find-text="">
          {segment.text.trim()}
        </span>
      </button>
    </li>
  );
});

/**
 * The plain view names the speaker where a turn starts (paragraph `k` of `ranges`), as the editor's plain
 * view does; nothing when no segment has a known speaker.
 */
export function turnSpeaker(segments: readonly TranscriptSegment[], ranges: readonly { start: number }[], k: number) {
  const speaker = speakerOf(segments[ranges[k].start]);
  if (k > 0 && speakerOf(segments[ranges[k - 1].start]) === speaker) return null;
  if (!segments.some((s) => speakerOf(s) !== DEFAULT_SPEAKER)) return null;
  return <PlainSpeaker name={speaker} />;
}

function PlainSpeaker({ name }: { name: string }) {
  const label = useSpeakerLabel();
  return <span className={styles.plainSpeaker}>{label(name)}: </span>;
}
