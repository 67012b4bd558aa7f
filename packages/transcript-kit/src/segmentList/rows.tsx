// The transcript's rows, for the viewer and the editor alike: a card per segment (detailed view) or a run
// of inline text (plain view), and the row store subscription that re-renders one row when its flags
// change. Memoised and fed stable props, so a time update or an edit re-renders only the rows that change.
// A click (or, when reading, Enter or Space) on a row's text plays from it; the editor's part (RowEditing)
// adds the speaker and review controls and the edit field, started by a double-click or Enter.
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@scribe/ui';
import { CheckIcon, WarningIcon } from '@scribe/ui/icons';
import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { clickedWordStart } from '../highlight/useSpokenWord.ts';
import { formatPreciseTime, formatTime } from '../media/time.ts';
import { reviewReasons } from '../transcript/editing.ts';
import { reviewReasonText } from '../transcript/reviewText.ts';
import { speakerOf } from '../transcript/paragraphs.ts';
import { speakerColorIndex, type ReviewFlag, type TranscriptSegment } from '../transcript/segments.ts';
import { useSpeakerLabel } from '../transcript/useSpeakerLabel.ts';
import type { RowEditing } from './rowActions.ts';
import { useRowFlags, type RowStore } from './rowStore.ts';
import * as styles from './rows.css.ts';

export interface RowProps {
  index: number;
  segment: TranscriptSegment;
  store: RowStore;
  /** Plays from the segment's start, or from `seconds` in it (the word clicked). Stable. */
  playFrom: (index: number, seconds?: number) => void;
  /** The editor's part; without it the row reads only (the viewer). Stable. */
  editing?: RowEditing;
}

/**
 * The speaker's name where a turn starts in the plain view. A real space after it, not a margin, so text
 * selected and copied (and a screen reader's reading) keeps the name apart from the first word.
 */
export function PlainSpeaker({ name }: { name: string }) {
  const label = useSpeakerLabel();
  return (
    <>
      <span className={styles.plainSpeaker}>{label(name)}:</span>{' '}
    </>
  );
}

/**
 * The text's element: the roving Tab stop of the list; a click plays from it (from the word clicked, when
 * the words are timed). Reading, Enter and Space play too; in the editor a double-click or Enter edits
 * (the editor's key handler).
 */
function textPropsOf({ index, segment, store, playFrom, editing }: RowProps, flags: ReturnType<typeof useRowFlags>, reasons: ReviewFlag[]) {
  const why = reasons.length > 0 && editing ? `${editing.ids}-why-${index}` : '';
  return {
    role: 'button' as const,
    'data-index': index,
    'aria-current': flags.isActive ? ('time' as const) : undefined,
    'aria-describedby': (editing && !editing.isReadOnly ? [`${editing.ids}-hint`, why] : [why]).filter(Boolean).join(' ') || undefined,
    'data-review': why && !segment.reviewed ? '' : undefined,
    tabIndex: flags.isTabStop ? 0 : -1,
    onClick: (event: MouseEvent<HTMLElement>) => playFrom(index, clickedWordStart(event, segment)),
    onFocus: () => store.setFocused(index),
    ...(editing
      ? { onDoubleClick: () => editing.actions.startEdit(index) }
      : {
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            playFrom(index);
          },
        }),
  };
}

/** What the editor shows of a row's review: the reasons (and Confirm), or that it was reviewed. */
function ReviewMarks({
  index,
  segment,
  reasons,
  editing,
}: {
  index: number;
  segment: TranscriptSegment;
  reasons: ReviewFlag[];
  editing: RowEditing;
}) {
  const { t, i18n } = useLingui();
  if (reasons.length > 0)
    return (
      <>
        <span className={styles.reviewMark} id={`${editing.ids}-why-${index}`}>
          <span className={styles.reviewIcon} aria-hidden="true">
            <WarningIcon size={14} />
          </span>
          {reasons.map((r) => reviewReasonText(i18n, r)).join(', ')}
        </span>
        {editing.isReadOnly ? null : (
          <button type="button" tabIndex={-1} className={styles.smallButton} onClick={() => editing.actions.confirm(index)}>
            {t`Confirm`}
          </button>
        )}
      </>
    );
  if (segment.reviewed && reviewReasons(segment).length > 0)
    return (
      <span className={styles.reviewedTag}>
        <CheckIcon size={14} />
        {t`Reviewed`}
      </span>
    );
  return null;
}

/**
 * A detailed-view card. The list is one Tab stop (the text): a card's buttons (speaker, time, Confirm) are
 * for the pointer and screen readers' browsing; the editor's shortcuts reach them from the keyboard
 * (s: speaker, r: play, c: confirm).
 */
export const CardRow = memo(function CardRow({
  continuesTurn,
  setSize,
  marginTop = 0,
  ...props
}: RowProps & {
  continuesTurn: boolean;
  /** Virtualised: the list's length, for screen readers (only some cards are in the document). */
  setSize?: number;
  /** Virtualised: the space of the cards skipped before this one. */
  marginTop?: number;
}) {
  const { t } = useLingui();
  const { index, segment, editing } = props;
  const flags = useRowFlags(props.store, index);
  const reasons = editing && !segment.reviewed ? reviewReasons(segment) : [];
  const speaker = speakerOf(segment);
  const speakerName = useSpeakerLabel()(speaker);
  const badge = styles.speakerBadge[speakerColorIndex(speaker)];
  const time = editing ? formatPreciseTime : formatTime;
  // The speaker is named once a turn; later cards of the turn keep the colour.
  const name = continuesTurn ? <VisuallyHidden>{speakerName}</VisuallyHidden> : speakerName;
  return (
    <div
      role="listitem"
      data-row={index}
      data-unit={index}
      aria-setsize={setSize}
      aria-posinset={setSize === undefined ? undefined : index + 1}
      style={marginTop ? { marginTop } : undefined}
    >
      <div className={styles.card} data-current={flags.isActive ? '' : undefined} data-review={reasons.length > 0 ? '' : undefined}>
        <span className={styles.cardMeta}>
          {editing ? (
            // Native buttons in the rows (react-aria's cost on 5,000 rows shows at load); the popover it opens is react-aria.
            <button
              type="button"
              tabIndex={-1}
              className={`${badge} ${styles.speakerButton}`}
              aria-haspopup="dialog"
              data-speaker=""
              aria-label={t`Speaker: ${speakerName}`}
              disabled={editing.isReadOnly}
              onClick={(event) => editing.actions.openSpeaker(index, event.currentTarget)}
            >
              {name}
            </button>
          ) : continuesTurn ? (
            name
          ) : (
            <span className={badge}>{name}</span>
          )}
          {/* The editor shows tenths (a 0.1 s nudge must be visible); the editor's time only seeks, the viewer's plays from there. */}
          <button
            type="button"
            tabIndex={-1}
            className={styles.timeButton}
            onClick={() => (editing ? editing.actions.seek(index) : props.playFrom(index))}
          >
            <VisuallyHidden>{t`Go to`} </VisuallyHidden>
            {time(segment.start)} – {time(segment.end)}
          </button>
          {editing ? <ReviewMarks index={index} segment={segment} reasons={reasons} editing={editing} /> : null}
          {flags.isPlaying ? <span className={styles.playingTag}>{t`Playing`}</span> : null}
        </span>
        {editing && flags.isEditing ? (
          <editing.Field index={index} segment={segment} actions={editing.actions} />
        ) : (
          <span className={styles.text} {...textPropsOf(props, flags, reasons)}>
            {segment.text.trim() || <em>{t`(no text)`}</em>}
          </span>
        )}
      </div>
    </div>
  );
});

export const InlineRow = memo(function InlineRow(props: RowProps) {
  const { t, i18n } = useLingui();
  const { index, segment, editing } = props;
  const flags = useRowFlags(props.store, index);
  const reasons = editing && !segment.reviewed ? reviewReasons(segment) : [];
  if (editing && flags.isEditing)
    return (
      <span className={styles.inlineEdit} data-row={index}>
        <editing.Field index={index} segment={segment} actions={editing.actions} />
      </span>
    );
  return (
    <>
      {editing && reasons.length > 0 ? (
        <span className={styles.flagIcon} id={`${editing.ids}-why-${index}`}>
          <WarningIcon size={14} />
          <VisuallyHidden>{reasons.map((r) => reviewReasonText(i18n, r)).join(', ')}</VisuallyHidden>
        </span>
      ) : null}
      <span className={styles.inlineText} {...textPropsOf(props, flags, reasons)}>
        {segment.text.trim() || t`(no text)`}
      </span>{' '}
    </>
  );
});
