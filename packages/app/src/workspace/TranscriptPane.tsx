import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, type Transcript } from '@scribe/api-client';
import { AudioPlayer, TranscriptViewer } from '@scribe/transcript-kit';
import { Alert, Badge, Tab, TabList, TabPanel, Tabs, toast } from '@scribe/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { FileTextIcon } from '@scribe/ui/icons';
import { useSelectedTranscript, useSelection } from './useSelection.ts';
import { translateApiMessage } from '../i18n/messages.ts';
import { AiOutputView } from './AiOutputView.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { playbackStore, seekPlayer, useCurrentTime, useIsPlaying } from './playback.ts';
import { isWorkspaceTab } from './selection.ts';
import * as styles from './workspace.css.ts';

function StatusBadge({ status }: { status: Transcript['metadata']['status'] }) {
  const { t } = useLingui();
  if (status === 'processing') return <Badge tone="warning">{t`Processing`}</Badge>;
  if (status === 'error') return <Badge tone="danger">{t`Failed`}</Badge>;
  return <Badge tone="success">{t`Completed`}</Badge>;
}

/** Date and status above the transcript's view (the viewer shows the title). */
function TranscriptMeta({ transcript }: { transcript: Transcript }) {
  const { i18n } = useLingui();
  const created = new Date(transcript.createdAt);
  return (
    <div className={styles.viewMetaBar}>
      {Number.isNaN(created.getTime()) ? null : (
        <p className={styles.viewMeta}>{i18n.date(created, { dateStyle: 'medium', timeStyle: 'short' })}</p>
      )}
      <StatusBadge status={transcript.metadata.status} />
    </div>
  );
}

/** A finished transcript following the player; only this re-renders on a time report. */
function SyncedViewer({ transcript }: { transcript: Transcript }) {
  const currentTime = useCurrentTime();
  const isPlaying = useIsPlaying();
  return (
    <TranscriptViewer
      state="ready"
      title={transcript.title}
      segments={transcript.metadata.timestamps}
      content={transcript.content}
      currentTime={currentTime}
      isPlaying={isPlaying}
      onSeek={seekPlayer}
      exportMenu={<ExportMenu transcriptId={transcript.id} />}
    />
  );
}

/** A finished transcript without text (docs/product-spec.md §8): the destructive toast once, and the message in place. */
function InvalidTranscript() {
  const { t } = useLingui();
  const message = t`Invalid transcript data received`;
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast({ title: t`Failed to fetch transcript`, description: message, variant: 'destructive' });
  }, [message, t]);
  return (
    <div className={styles.viewCard}>
      <div className={styles.viewBody}>
        <Alert tone="danger">{message}</Alert>
      </div>
    </div>
  );
}

/**
 * The Transcript tab. Spec §2 states: loading skeleton, 'Processing Transcript' with the live percent,
 * 'Failed to load transcript' with Try Again, and the transcript synchronised with the player.
 */
function TranscriptView() {
  const { t, i18n } = useLingui();
  const { transcriptId, data: transcript, error, isLoading, mutate } = useSelectedTranscript();

  if (transcriptId === null || (!transcript && !isLoading && !error)) {
    return (
      <div className={styles.viewCard}>
        <EmptyState icon={<FileTextIcon size={40} />} title={t`Select a transcript to view`}>
          <Trans>Choose a transcript from the folders, or upload an audio file to create one.</Trans>
        </EmptyState>
      </div>
    );
  }
  if (!transcript) {
    return (
      <div className={styles.viewerFrame}>
        {error ? (
          <TranscriptViewer
            state="error"
            error={error instanceof ApiError ? translateApiMessage(i18n, error.message) : undefined}
            onRetry={() => void mutate()}
          />
        ) : (
          <TranscriptViewer state="loading" />
        )}
      </div>
    );
  }

  const { status, progress, error: failure } = transcript.metadata;
  let body: ReactNode;
  if (status === 'processing') {
    body = <TranscriptViewer state="processing" title={transcript.title} progress={progress} />;
  } else if (status === 'error') {
    body = (
      <div className={styles.viewCard}>
        <div className={styles.viewBody}>
          <Alert tone="danger" title={t`Transcription failed`}>
            {failure ? translateApiMessage(i18n, failure) : t`Transcription failed`}
          </Alert>
        </div>
      </div>
    );
  } else if (!transcript.content.trim() && transcript.metadata.timestamps.length === 0) {
    body = <InvalidTranscript key={transcript.id} />;
  } else {
    body = <SyncedViewer transcript={transcript} />;
  }
  return (
    <article className={styles.viewerFrame} aria-label={transcript.title}>
      <TranscriptMeta transcript={transcript} />
      {body}
    </article>
  );
}

/** The player under the tabs: it reports its time to the views and they seek it (playback.ts). */
function PlayerArea() {
  const { data: transcript } = useSelectedTranscript();
  return (
    <div className={styles.player}>
      <div className={styles.playerInner}>
        <AudioPlayer
          src={transcript?.audioUrl ?? null}
          title={transcript?.title}
          onTimeUpdate={playbackStore.reportTime}
          onPlayingChange={playbackStore.reportPlaying}
          ref={playbackStore.attach}
        />
      </div>
    </div>
  );
}

/** The centre: tabs Transcript and AI output (the choice persists), the player below. */
export function TranscriptPane() {
  const { t } = useLingui();
  const { tab, setTab } = useSelection();
  return (
    <section className={styles.centre} aria-label={t`Transcript`} data-tutorial="transcript">
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
