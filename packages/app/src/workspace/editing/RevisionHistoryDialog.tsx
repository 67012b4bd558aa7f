import { useLingui } from '@lingui/react/macro';
import { ApiError, paths, UNKNOWN_SPEAKER, type Revision, type RevisionList } from '@scribe/api-client';
import { formatClock } from '@scribe/transcript-kit/utils';
import { Alert, Button, Dialog, Spinner, Text } from '@scribe/ui';
import { useState } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import useSWR from 'swr';
import { api } from '../../api.ts';
import { translateError } from '../../i18n/errors.ts';
import { describeRevision } from './revisionLabels.ts';
import * as styles from './editing.css.ts';

export interface RevisionHistoryDialogProps {
  transcriptId: number;
  /** The revision shown now (it cannot be restored onto itself). */
  currentRevision: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** After a restore made the new revision: the caller takes the server's copy. */
  onRestored: (revision: number) => Promise<void> | void;
}

/**
 * 'History': every revision, newest first, with what it changed; one chosen shows its text, and
 * 'Restore' makes a new revision from it (the revisions in between stay: nothing is lost).
 */
export function RevisionHistoryDialog({ transcriptId, currentRevision, isOpen, onOpenChange, onRestored }: RevisionHistoryDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog title={t`History`} size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {({ close }) => <HistoryBody transcriptId={transcriptId} currentRevision={currentRevision} onRestored={onRestored} onClose={close} />}
    </Dialog>
  );
}

function HistoryBody({
  transcriptId,
  currentRevision,
  onRestored,
  onClose,
}: Omit<RevisionHistoryDialogProps, 'isOpen' | 'onOpenChange'> & { onClose: () => void }) {
  const { t, i18n } = useLingui();
  // Fetched at each opening: another tab may have saved meanwhile.
  const list = useSWR<RevisionList | null>(paths.transcriptRevisions(transcriptId), () => api.transcripts.revisions(transcriptId), {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  const revisions = list.data?.revisions ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = chosen ?? revisions[0]?.number ?? null;
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  const restore = async (n: number) => {
    setRestoring(true);
    setRestoreError(null);
    try {
      const { revision } = await api.transcripts.restoreRevision(transcriptId, n);
      await onRestored(revision);
      onClose();
    } catch (error) {
      setRestoreError(error instanceof ApiError ? translateError(i18n, error) : t`Failed to restore the revision`);
    } finally {
      setRestoring(false);
    }
  };

  if (list.error) {
    return <Alert tone="danger">{list.error instanceof ApiError ? translateError(i18n, list.error) : t`Failed to load the history`}</Alert>;
  }
  // A list kept from an earlier opening can predate the revision shown now (saved since): it is not
  // shown while the fresh one loads, so the history never lacks the user's last change.
  const behind = !!list.data && list.isValidating && !list.data.revisions.some((r) => r.number >= currentRevision);
  if (!list.data || behind) {
    return (
      <div className={styles.centred}>
        <Spinner aria-label={t`Loading history`} />
      </div>
    );
  }
  return (
    <div className={styles.history}>
      <ListBox
        aria-label={t`Revisions`}
        className={styles.revisionList}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={selected === null ? [] : [selected]}
        onSelectionChange={(keys) => {
          if (keys === 'all') return;
          const [key] = [...keys];
          if (typeof key === 'number') setChosen(key);
        }}
        items={revisions.map((r) => ({ ...r, id: r.number }))}
      >
        {(revision) => {
          const label = describeRevision(i18n, revision);
          const date = new Date(revision.createdAt);
          const when = Number.isNaN(date.getTime()) ? '' : i18n.date(date, { dateStyle: 'medium', timeStyle: 'short' });
          const isCurrent = revision.number === currentRevision;
          const number = revision.number;
          const name = isCurrent ? t`Revision ${number} (current)` : t`Revision ${number}`;
          return (
            <ListBoxItem id={revision.number} textValue={`${name}, ${label}`} className={styles.revisionItem}>
              <span className={styles.revisionName}>{name}</span>
              <span className={styles.revisionChanges}>{label}</span>
              <span className={styles.revisionDate}>{when}</span>
            </ListBoxItem>
          );
        }}
      </ListBox>
      <div className={styles.preview}>
        {selected === null ? null : (
          <RevisionPreview
            key={selected}
            transcriptId={transcriptId}
            number={selected}
            isCurrent={selected === currentRevision}
            restoring={restoring}
            onRestore={() => void restore(selected)}
          />
        )}
        {restoreError ? <Alert tone="danger">{restoreError}</Alert> : null}
      </div>
    </div>
  );
}

function RevisionPreview({
  transcriptId,
  number,
  isCurrent,
  restoring,
  onRestore,
}: {
  transcriptId: number;
  number: number;
  isCurrent: boolean;
  restoring: boolean;
  onRestore: () => void;
}) {
  const { t, i18n } = useLingui();
  // A past revision never changes: cached for the dialog's life.
  const { data, error } = useSWR<Revision | null>(paths.transcriptRevision(transcriptId, number), () =>
    api.transcripts.revision(transcriptId, number),
  );
  if (error) return <Alert tone="danger">{error instanceof ApiError ? translateError(i18n, error) : t`Failed to load the revision`}</Alert>;
  if (!data) return <Spinner aria-label={t`Loading revision ${number}`} />;
  return (
    <section className={styles.previewBody} aria-label={t`Text of revision ${number}`}>
      <div className={styles.previewHeader}>
        <Text weight="semibold">{data.title}</Text>
        {isCurrent ? (
          <Text size="sm" tone="muted">{t`This is the current text.`}</Text>
        ) : (
          <Button variant="primary" size="sm" isPending={restoring} onPress={onRestore}>
            {t`Restore revision ${number}`}
          </Button>
        )}
      </div>
      {/* It scrolls: focusable (and named) so keyboard users can scroll it too. */}
      <ol className={styles.previewText} tabIndex={0} aria-label={t`Segments of revision ${number}`}>
        {data.segments.map((segment, i) => (
          <li key={i} className={styles.previewSegment}>
            <span className={styles.previewTime}>{formatClock(segment.start)}</span>
            {segment.speaker && segment.speaker !== UNKNOWN_SPEAKER ? (
              <span className={styles.previewSpeaker}>{segment.speaker}</span>
            ) : null}
            <span>{segment.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
