import { useLingui } from '@lingui/react/macro';
import { ApiError } from '@scribe/api-client';
import { recordingTitle } from './recordingTitle.ts';
import { askNotificationPermission } from '../lib/notifications.ts';
import { RecordAudioDialog, type RecordingChoices, type RecordingTranscription, type StreamingRecording } from '@scribe/transcript-kit';
import { toast } from '@scribe/ui';
import { useEffect, useState } from 'react';
import { useTranscript } from '../data/library.ts';
import { useLiveCache } from '../data/live-cache.ts';
import { useLiveAvailability, useLiveChannelUp, useLiveDraft } from '../data/live-state.ts';
import { useSavedVocabulary } from '../data/preferences.ts';
import { failureOf, translateError } from '../i18n/errors.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { streamingProps } from './streamingProps.ts';
import { useRecordingSession, useSessionState } from './useRecording.ts';

export interface StreamingRecordHostProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  choices: RecordingChoices;
  /** Open with this unfinished recording of an earlier visit (recovery) instead of a new one. */
  recoverId?: string | null;
  /** The transcript was made: select it and refresh the tree. */
  onTranscript: (id: number) => Promise<void> | void;
  /** A recording was finished or discarded: the recovery offer is refreshed. */
  onSettled: () => void;
}

/**
 * The Record dialog on the streaming path (docs/product-spec.md §2/§4 with streamed pieces): the pieces go to the server
 * while recording, live text shows as it comes, and Stop then Transcribe makes the transcript in the tree.
 */
export function StreamingRecordHost({ isOpen, onOpenChange, choices, recoverId, onTranscript, onSettled }: StreamingRecordHostProps) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const session = useRecordingSession(isOpen, user?.id ?? null, choices.language);
  const state = useSessionState(session);
  const draft = useLiveDraft(state.recordingId);
  const availability = useLiveAvailability(state.recordingId);
  const channelUp = useLiveChannelUp();
  const liveCache = useLiveCache();
  const [transcriptId, setTranscriptId] = useState<number | null>(null);
  const { data: transcript } = useTranscript(transcriptId);
  // A recording is transcribed with the saved custom vocabulary (Settings), as an upload is by default.
  const vocabulary = useSavedVocabulary();

  useEffect(() => {
    if (!session || !recoverId) return;
    session.recover(recoverId).catch(() => {
      toast({ title: t`This recording no longer exists.`, variant: 'destructive' });
      onSettled();
      onOpenChange(false);
    });
  }, [session, recoverId, onSettled, onOpenChange, t]);

  // After Stop: the recording to play back, built from the outbox when it is small enough.
  const [previewUrl, setPreviewUrl] = useState<string | undefined>(undefined);
  const stoppedFresh = state.phase === 'stopped' && !state.recovered;
  useEffect(() => {
    if (!session || !stoppedFresh) return;
    let url: string | undefined;
    let live = true;
    void session.preview().then((blob) => {
      if (!live || !blob) return;
      url = URL.createObjectURL(blob);
      setPreviewUrl(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
      setPreviewUrl(undefined);
    };
  }, [session, stoppedFresh]);

  const describe = (error: unknown) => (error instanceof ApiError ? translateError(i18n, error) : t`Failed to upload file`);

  let transcription: RecordingTranscription | undefined;
  if (transcriptId !== null) {
    const meta = transcript?.metadata;
    if (meta?.status === 'completed') transcription = { state: 'completed' };
    else if (meta?.status === 'error')
      transcription = { state: 'error', error: meta.error ? translateError(i18n, failureOf(meta)) : undefined };
    else transcription = { state: 'processing', progress: meta?.progress || undefined };
  }

  const streaming: StreamingRecording = streamingProps(
    { state, draft, availability, channelUp, describe, previewUrl },
    {
      onStart: () => {
        askNotificationPermission();
        void session?.start();
      },
      onPause: () => session?.pause(),
      onResume: () => session?.resume(),
      onStop: () => void session?.stop(),
      onFinish: () => {
        if (!session) return;
        const recordingId = state.recordingId;
        // Titled by when it was recorded, in the reader's language (not the bare 'recording').
        void session
          .finish({ title: recordingTitle(i18n), language: choices.language, ...(vocabulary.length ? { vocabulary } : {}) })
          .then(async (id) => {
            if (id === null) return;
            if (recordingId) liveCache.recordingEnded(recordingId);
            setTranscriptId(id);
            onSettled();
            toast({ title: t`Upload successful`, description: t`Your audio file is being processed.`, variant: 'success' });
            await onTranscript(id);
          });
      },
      onDiscard: () => {
        if (!session) return;
        const recordingId = state.recordingId;
        session.discard().then(
          () => {
            if (recordingId) liveCache.recordingEnded(recordingId);
            onSettled();
            toast({ title: t`Recording discarded` });
            onOpenChange(false);
          },
          (error: unknown) =>
            toast({ title: t`The recording could not be discarded.`, description: describe(error), variant: 'destructive' }),
        );
      },
    },
  );

  return (
    <RecordAudioDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        if (!open) {
          setTranscriptId(null);
          // Closed mid-recording: it is kept (outbox and server) and offered for recovery.
          onSettled();
        }
      }}
      onUpload={() => undefined}
      streaming={streaming}
      transcription={transcription}
      choices={choices}
    />
  );
}
