import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, paths, type Transcript } from '@scribe/api-client';
import { AudioPlayer, EditableTitle, TranscriptEditor, TranscriptViewer } from '@scribe/transcript-kit';
import type { TranscriptView as TextView } from '@scribe/transcript-kit/utils';
import { Alert, Badge, Button, Link, ProgressBar, Tab, TabList, TabPanel, Tabs, toast } from '@scribe/ui';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../api.ts';
import { usePublicConfig } from '../config/useConfig.ts';
import { refreshCreditBalance, useCreditBalance } from '../data/credits.ts';
import { toApiSegments, toKitSegments } from '../data/kitSegments.ts';
import { FileTextIcon } from '@scribe/ui/icons';
import { useSelectedTranscript, useSelection } from './useSelection.ts';
import { failureOf, translateError } from '../i18n/errors.ts';
import { AiOutputView } from './AiOutputView.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { useTranscriptEditing } from '../data/useTranscriptEditing.ts';
import { RevisionHistoryDialog } from './editing/RevisionHistoryDialog.tsx';
import { SpeakersMenu } from './editing/SpeakersMenu.tsx';
import { ShareDialog } from './sharing/ShareDialog.tsx';
import { playbackStore, seekPlayer, seekPlayerOnly, skipPlayer, togglePlayer, useCurrentTime, useIsPlaying } from './playback.ts';
import { jumpStore, usePendingJump } from './searchJump.ts';
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

/** The text view shown (plain or detailed) and the reader's change of it. */
interface ViewChoice {
  view: TextView;
  onViewChange: (view: TextView) => void;
}

/**
 * A finished transcript, editable while it follows the player: every change is applied at once and
 * autosaved as a new revision (data/useTranscriptEditing.ts); the header's title renames it, History
 * lists the revisions and restores one. Keyed by the transcript's id: one editing session each.
 */
function EditableTranscript({ transcript, view, onViewChange }: { transcript: Transcript } & ViewChoice) {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const editing = useTranscriptEditing(transcript);
  const segments = useMemo(() => toKitSegments(editing.segments), [editing.segments]);
  const currentTime = useCurrentTime();
  const isPlaying = useIsPlaying();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const saveError = editing.status === 'error' && editing.error ? translateError(i18n, editing.error) : undefined;
  return (
    <>
      <TranscriptEditor
        title={editing.title}
        titleSlot={<EditableTitle title={editing.title} onRename={(title) => editing.edit({ title })} />}
        segments={segments}
        view={view}
        onViewChange={onViewChange}
        onChange={(next) => editing.edit({ segments: toApiSegments(next) })}
        currentTime={currentTime}
        isPlaying={isPlaying}
        onSeek={seekPlayerOnly}
        onPlayFrom={seekPlayer}
        onTogglePlay={togglePlayer}
        onSkip={skipPlayer}
        saveState={editing.status}
        saveError={saveError}
        onReload={() => void editing.reload()}
        onKeepMine={editing.keepMine}
        exportMenu={
          <>
            <Button size="sm" onPress={() => setShareOpen(true)}>
              {t`Share`}
            </Button>
            <Button size="sm" onPress={() => setHistoryOpen(true)}>
              {t`History`}
            </Button>
            <SpeakersMenu
              transcriptId={transcript.id}
              isDisabled={editing.status !== 'idle' && editing.status !== 'saved'}
              onFound={editing.reload}
            />
            <ExportMenu transcriptId={transcript.id} />
          </>
        }
      />
      <ShareDialog
        transcript={{ id: transcript.id, name: editing.title }}
        isOpen={shareOpen}
        onOpenChange={setShareOpen}
        actions={api.shares}
        origin={window.location.origin}
      />
      <RevisionHistoryDialog
        transcriptId={transcript.id}
        currentRevision={editing.revision}
        isOpen={historyOpen}
        onOpenChange={setHistoryOpen}
        onRestored={async () => {
          await editing.reload();
          // The restored title shows in the tree too.
          await mutate(paths.folderTree);
        }}
      />
    </>
  );
}

/**
 * A transcript still being transcribed that has its first text: the segments so far, readable and
 * playable from any of them, then a row for the rest. Not editable until it is finished (the finished
 * transcript replaces this text).
 */
function TranscriptInProgress({ transcript, view, onViewChange }: { transcript: Transcript } & ViewChoice) {
  const { t } = useLingui();
  const currentTime = useCurrentTime();
  const isPlaying = useIsPlaying();
  const { progress } = transcript.metadata;
  const value = progress > 0 ? Math.min(100, progress) : undefined;
  const segments = useMemo(() => toKitSegments(transcript.metadata.timestamps), [transcript.metadata.timestamps]);
  return (
    <div className={styles.inProgress}>
      <TranscriptViewer
        state="ready"
        title={transcript.title}
        segments={segments}
        view={view}
        onViewChange={onViewChange}
        currentTime={currentTime}
        isPlaying={isPlaying}
        onSeek={seekPlayer}
      />
      <div className={styles.inProgressRow} role="status">
        <ProgressBar label={t`Transcribing the rest`} value={value} isIndeterminate={value === undefined} />
        <p
          className={styles.viewMeta}
        >{t`The rest of the text appears here as it is transcribed. It can be edited once the transcript is finished.`}</p>
      </div>
    </div>
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
 * A failed transcription: the reason, and what the user can do about it. Retry starts it again (it is
 * charged again only because the failure refunded it); a failure for want of credits offers Buy
 * credits too. Audio without words, or in a language the engine cannot transcribe, would end the same
 * way again: no Retry there.
 */
function FailedTranscript({ transcript, onChanged }: { transcript: Transcript; onChanged: () => Promise<unknown> }) {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const failure = failureOf(transcript.metadata);
  // The outcome's code, or the code of the reason inside a failure.
  const codes = [failure.code, failure.params?.reasonCode];
  const noWords = codes.includes('NO_SPEECH') || codes.includes('NOT_ENGLISH');
  // Buy credits: the failure was for want of credits (the reason's code), or the balance cannot pay
  // for a retry of the transcript's started minutes.
  const balance = useCreditBalance();
  const perMinute = usePublicConfig().data?.costs?.perTranscriptionMinute;
  const { duration } = transcript.metadata;
  const cost = perMinute && duration ? Math.ceil(duration / 60) * perMinute : undefined;
  const outOfCredits =
    codes.includes('NOT_ENOUGH_CREDITS_TRANSCRIPTION') || (cost !== undefined && balance !== undefined && balance < cost);
  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      await api.transcripts.retry(transcript.id);
      await Promise.all([onChanged(), mutate(paths.folderTree), refreshCreditBalance()]);
    } catch (error) {
      setRetryError(error instanceof ApiError ? translateError(i18n, error) : t`Failed to retry the transcription`);
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div className={styles.viewCard}>
      <div className={styles.viewBody}>
        <Alert tone="danger" title={noWords ? t`Nothing to transcribe` : t`Transcription failed`}>
          {failure.error ? translateError(i18n, failure) : t`Transcription failed`}
        </Alert>
        {codes.includes('NOT_ENGLISH') ? (
          <p>{t`The built-in engine transcribes English only. The upload dialog's "Spoken language" choice says what a recording is in; for other languages, an administrator can connect another transcription engine.`}</p>
        ) : null}
        {retryError ? <Alert tone="danger">{retryError}</Alert> : null}
        {noWords ? null : (
          <div className={styles.failedActions}>
            {outOfCredits || retryError ? <Link href="/credits">{t`Buy credits`}</Link> : null}
            <Button variant="primary" onPress={() => void retry()} isPending={retrying}>
              {t`Retry`}
            </Button>
          </div>
        )}
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
  // The view picked for this transcript, so it stays when the text so far gives way to the finished,
  // editable transcript; another transcript opens in plain text, as the viewer always did.
  const [picked, setPicked] = useState<{ id: typeof transcriptId; view: TextView }>({ id: null, view: 'plain' });
  const choice: ViewChoice = {
    view: picked.id === transcriptId ? picked.view : 'plain',
    onViewChange: (view) => setPicked({ id: transcriptId, view }),
  };

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
            error={error instanceof ApiError ? translateError(i18n, error) : undefined}
            onRetry={() => void mutate()}
          />
        ) : (
          <TranscriptViewer state="loading" />
        )}
      </div>
    );
  }

  const { status, progress } = transcript.metadata;
  let body: ReactNode;
  if (status === 'processing' && transcript.metadata.timestamps.length > 0) {
    body = <TranscriptInProgress transcript={transcript} {...choice} />;
  } else if (status === 'processing') {
    body = <TranscriptViewer state="processing" title={transcript.title} progress={progress} />;
  } else if (status === 'error') {
    body = <FailedTranscript key={transcript.id} transcript={transcript} onChanged={() => mutate()} />;
  } else if (!transcript.content.trim() && transcript.metadata.timestamps.length === 0) {
    body = <InvalidTranscript key={transcript.id} />;
  } else {
    body = <EditableTranscript key={transcript.id} transcript={transcript} {...choice} />;
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
  // A chosen search hit: play from its word once this transcript's audio is in the player (the player's
  // own effects for a new source have run: children's effects first).
  const pending = usePendingJump();
  const shownId = transcript?.audioUrl ? transcript.id : null;
  // Its segments: the jump lands on the word the search matched.
  const segments = transcript?.metadata.timestamps;
  useEffect(() => {
    if (pending === null || shownId === null) return;
    const seconds = jumpStore.take(shownId, segments);
    if (seconds !== null) playbackStore.seek(seconds);
  }, [pending, shownId, segments]);
  return (
    <div className={styles.player} data-tutorial="player">
      <div className={styles.playerInner}>
        <AudioPlayer
          showPlaybackRate
          src={transcript?.audioUrl ?? null}
          mediaKind={transcript?.mediaKind}
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
