// The editor's rows: a card per segment (detailed view) or a run of inline text (plain view), and the
// row store subscription that re-renders one row when its flags change. Memoised and fed one actions
// object, so an edit re-renders only the rows whose segment changed.
import { useLingui } from '@lingui/react/macro';
import { VisuallyHidden } from '@scribe/ui';
import { CheckIcon, WarningIcon } from '@scribe/ui/icons';
import { memo, type MouseEvent } from 'react';
import { reviewReasons } from '../transcript/editing.ts';
import { speakerOf } from '../transcript/paragraphs.ts';
import { speakerColorIndex, type ReviewFlag, type TranscriptSegment } from '../transcript/segments.ts';
import { useRowFlags, type RowStore } from '../segmentList/rowStore.ts';
import * as viewerStyles from '../TranscriptViewer/TranscriptViewer.css.ts';
import { EditField } from './EditField.tsx';
import type { RowActions } from './rowActions.ts';
import { formatPreciseTime, reviewReasonText } from './editorText.ts';
import * as styles from './TranscriptEditor.css.ts';
import { clickedWordStart } from '../highlight/useSpokenWord.ts';
import { useSpeakerLabel } from '../transcript/useSpeakerLabel.ts';

export interface RowProps {
  index: number;
  segment: TranscriptSegment;
  store: RowStore;
  actions: RowActions;
  ids: string;
  isReadOnly: boolean;
}

export function PlainSpeaker({ name }: { name: string }) {
  const label = useSpeakerLabel();
  return <span className={styles.plainSpeaker}>{label(name)}:</span>;
}

/**
 * The text's element: the roving Tab stop of the list; a click plays from it (from the word clicked, when
 * the words are timed), a double-click or Enter edits.
 */
function textPropsOf(
  { index, segment, store, actions, ids, isReadOnly }: RowProps,
  flags: ReturnType<typeof useRowFlags>,
  reasons: ReviewFlag[],
) {
  const described = [`${ids}-hint`, reasons.length > 0 ? `${ids}-why-${index}` : ''].filter(Boolean).join(' ');
  return {
    role: 'button' as const,
    'data-index': index,
    'aria-current': flags.isActive ? ('time' as const) : undefined,
    'aria-describedby': isReadOnly ? (reasons.length > 0 ? `${ids}-why-${index}` : undefined) : described,
    'data-review': reasons.length > 0 && !segment.reviewed ? '' : undefined,
    tabIndex: flags.isTabStop ? 0 : -1,
    onClick: (event: MouseEvent<HTMLElement>) => actions.playFrom(index, clickedWordStart(event, segment)),
    onDoubleClick: () => actions.startEdit(index),
    onFocus: () => store.setFocused(index),
  };
}

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
  const { t, i18n } = useLingui();
  const { index, segment, actions, ids, isReadOnly } = props;
  const flags = useRowFlags(props.store, index);
  const reasons = segment.reviewed ? [] : reviewReasons(segment);
  const speaker = speakerOf(segment);
  const speakerName = useSpeakerLabel()(speaker);
  // The list is one Tab stop (the text); a row's buttons are for the pointer and screen readers' browsing,
  // the keyboard reaches them through shortcuts (s: speaker, r: play, c: confirm).
  const tab = -1;
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
        <span className={viewerStyles.cardMeta}>
          {/* Native buttons in the rows (react-aria's cost on 5,000 rows shows at load); the popover they open is react-aria. */}
          <button
            type="button"
            tabIndex={tab}
            className={`${viewerStyles.speakerBadge[speakerColorIndex(speaker)]} ${styles.speakerButton}`}
            aria-haspopup="dialog"
            data-speaker=""
            aria-label={t`Speaker: ${speakerName}`}
            disabled={isReadOnly}
            onClick={(event) => actions.openSpeaker(index, event.currentTarget)}
          >
            {/* The speaker is named once a turn (as in the viewer); later cards of the turn keep the colour and the button. */}
            {continuesTurn ? <VisuallyHidden>{speakerName}</VisuallyHidden> : speakerName}
          </button>
          <button type="button" tabIndex={tab} className={styles.timeButton} onClick={() => actions.seek(index)}>
            <VisuallyHidden>{t`Go to`} </VisuallyHidden>
            {formatPreciseTime(segment.start)} – {formatPreciseTime(segment.end)}
          </button>
          {reasons.length > 0 ? (
            <>
              <span className={styles.reviewMark} id={`${ids}-why-${index}`}>
                <span className={styles.reviewIcon} aria-hidden="true">
                  <WarningIcon size={14} />
                </span>
                {reasons.map((r) => reviewReasonText(i18n, r)).join(', ')}
              </span>
              {isReadOnly ? null : (
                <button type="button" tabIndex={tab} className={styles.smallButton} onClick={() => actions.confirm(index)}>
                  {t`Confirm`}
                </button>
              )}
            </>
          ) : segment.reviewed && reviewReasons(segment).length > 0 ? (
            <span className={styles.reviewedTag}>
              <CheckIcon size={14} />
              {t`Reviewed`}
            </span>
          ) : null}
          {flags.isPlaying ? <span className={viewerStyles.playingTag}>{t`Playing`}</span> : null}
        </span>
        {flags.isEditing ? (
          <EditField {...props} />
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
  const { index, segment, ids } = props;
  const flags = useRowFlags(props.store, index);
  const reasons = segment.reviewed ? [] : reviewReasons(segment);
  const textProps = textPropsOf(props, flags, reasons);
  if (flags.isEditing)
    return (
      <span className={styles.inlineEdit} data-row={index}>
        <EditField {...props} />
      </span>
    );
  return (
    <>
      {reasons.length > 0 ? (
        <span className={styles.flagIcon} id={`${ids}-why-${index}`}>
          <WarningIcon size={14} />
          <VisuallyHidden>{reasons.map((r) => reviewReasonText(i18n, r)).join(', ')}</VisuallyHidden>
        </span>
      ) : null}
      <span className={styles.inlineText} {...textProps}>
        {segment.text.trim() || t`(no text)`}
      </span>{' '}
    </>
  );
});
