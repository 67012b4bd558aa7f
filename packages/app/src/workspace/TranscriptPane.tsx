import { Trans, useLingui } from '@lingui/react/macro';
import type { Transcript } from '@scribe/api-client';
import { Alert, Badge, Button, ProgressBar, Skeleton, SkeletonGroup, Spinner, Tab, TabList, TabPanel, Tabs } from '@scribe/ui';
import type { ReactNode } from 'react';
import { AlertCircleIcon, AudioOffIcon, FileTextIcon } from '../components/icons.tsx';
import { useSelection, useTranscript } from '../data/library.ts';
import { AiOutputView } from './AiOutputView.tsx';
import { EmptyState } from './EmptyState.tsx';
import { isWorkspaceTab } from './selection.ts';
import * as styles from './workspace.css.ts';

function StatusBadge({ status }: { status: Transcript['metadata']['status'] }) {
  const { t } = useLingui();
  if (status === 'processing') return <Badge tone="warning">{t`Processing`}</Badge>;
  if (status === 'error') return <Badge tone="danger">{t`Failed`}</Badge>;
  return <Badge tone="success">{t`Completed`}</Badge>;
}

/** Title, date and status above the transcript's view. */
function TranscriptHeader({ transcript }: { transcript: Transcript }) {
  const { i18n } = useLingui();
  const created = new Date(transcript.createdAt);
  return (
    <div className={styles.viewHeader}>
      <div>
        <h2 className={styles.viewTitle}>{transcript.title}</h2>
        {Number.isNaN(created.getTime()) ? null : (
          <p className={styles.viewMeta}>{i18n.date(created, { dateStyle: 'medium', timeStyle: 'short' })}</p>
        )}
      </div>
      <StatusBadge status={transcript.metadata.status} />
    </div>
  );
}

/**
 * The Transcript tab. Spec §2 states: loading skeleton, 'Processing Transcript', 'Failed to load
 * transcript' with Try Again. The synchronised viewer of the transcription issue replaces the text body.
 */
function TranscriptView() {
  const { t } = useLingui();
  const { transcriptId } = useSelection();
  const { data: transcript, error, isLoading, mutate } = useTranscript(transcriptId);

  if (transcriptId === null || (!transcript && !isLoading && !error)) {
    return (
      <div className={styles.viewCard}>
        <EmptyState icon={<FileTextIcon />} title={t`Select a transcript to view`}>
          <Trans>Choose a transcript from the folders, or upload an audio file to create one.</Trans>
        </EmptyState>
      </div>
    );
  }
  if (!transcript && error) {
    return (
      <div className={styles.viewCard}>
        <EmptyState icon={<AlertCircleIcon size={28} />} title={t`Failed to load transcript`}>
          <Button onPress={() => void mutate()}>{t`Try Again`}</Button>
        </EmptyState>
      </div>
    );
  }
  if (!transcript) {
    return (
      <div className={styles.viewCard}>
        <SkeletonGroup aria-label={t`Loading transcript`}>
          <div className={styles.viewHeader}>
            <Skeleton width="40%" height={20} />
          </div>
          <div className={styles.viewBody}>
            <Skeleton lines={6} />
          </div>
        </SkeletonGroup>
      </div>
    );
  }

  const { status, progress, error: failure } = transcript.metadata;
  let body: ReactNode;
  if (status === 'processing') {
    body = (
      <div className={styles.emptyState}>
        <Spinner size="lg" aria-label={t`Processing Transcript`} />
        <p className={styles.emptyTitle}>{t`Processing Transcript`}</p>
        <p className={styles.emptyText}>{t`Your audio file is being processed.`}</p>
        {progress > 0 ? (
          <div className={styles.processingCard}>
            <ProgressBar label={t`Transcription progress`} value={progress} />
          </div>
        ) : null}
      </div>
    );
  } else if (status === 'error') {
    body = (
      <Alert tone="danger" title={t`Transcription failed`}>
        {failure ?? t`Transcription failed`}
      </Alert>
    );
  } else if (!transcript.content.trim()) {
    body = <Alert tone="danger">{t`Invalid transcript data received`}</Alert>;
  } else {
    body = <p className={styles.transcriptText}>{transcript.content}</p>;
  }
  return (
    <article className={styles.viewCard} aria-label={transcript.title}>
      <TranscriptHeader transcript={transcript} />
      <div className={styles.viewBody}>{body}</div>
    </article>
  );
}

/** The player area under the tabs; the transcript-kit player of the transcription issue goes here. */
function PlayerArea() {
  const { t } = useLingui();
  const { transcriptId } = useSelection();
  const { data: transcript } = useTranscript(transcriptId);
  return (
    <div className={styles.player} role="region" aria-label={t`Audio player`}>
      {transcript?.audioUrl ? (
        <audio key={transcript.audioUrl} className={styles.audio} controls preload="metadata" src={transcript.audioUrl}>
          <track kind="captions" />
        </audio>
      ) : (
        <span className={styles.playerEmpty}>
          <AudioOffIcon />
          {t`No audio file available`}
        </span>
      )}
    </div>
  );
}

/** The centre: tabs Transcript and AI output (the choice persists), the player below. */
export function TranscriptPane() {
  const { t } = useLingui();
  const { tab, setTab } = useSelection();
  return (
    <section className={styles.centre} aria-label={t`Transcript`}>
      <div className={styles.centreScroll}>
        <div className={styles.centreInner}>
          <Tabs selectedKey={tab} onSelectionChange={(key) => isWorkspaceTab(key) && setTab(key)}>
            <TabList aria-label={t`Transcript views`}>
              <Tab id="transcript">{t`Transcript`}</Tab>
              <Tab id="ai-output">{t`AI output`}</Tab>
            </TabList>
            <TabPanel id="transcript">
              <TranscriptView />
            </TabPanel>
            <TabPanel id="ai-output">
              <AiOutputView />
            </TabPanel>
          </Tabs>
        </div>
      </div>
      <PlayerArea />
    </section>
  );
}
