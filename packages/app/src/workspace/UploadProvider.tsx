import { useLingui } from '@lingui/react/macro';
import {
  ApiError,
  discardUpload,
  formatVocabulary,
  isAbortError,
  paths,
  speakerLimits,
  uploadAudio,
  validateAudioFile,
  type SpeakersOption,
} from '@scribe/api-client';
import {
  RecordAudioDialog,
  UploadDialog,
  type RecordingChoices,
  type RecordingTranscription,
  type UploadDialogState,
} from '@scribe/transcript-kit';
import { toast } from '@scribe/ui';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { useSession } from '../session/SessionProvider.tsx';
import { checkVocabulary } from '../lib/vocabulary.ts';
import { useSavedVocabulary } from '../data/preferences.ts';
import { usePublicConfig } from '../config/useConfig.ts';
import { refreshCreditBalance } from '../data/credits.ts';
import { useTranscript } from '../data/library.ts';
import { failureOf, translateError } from '../i18n/errors.ts';
import { takeSharedFile } from '../lib/sharedFiles.ts';
import { uploadProblemTitles } from '../i18n/messages.ts';
import { DropOverlay } from './DropOverlay.tsx';
import { selectionStore } from './selection.ts';
import { readAudioDuration, useTranscriptionTerms } from './transcriptionTerms.ts';
import { StreamingRecordHost } from '../recording/StreamingRecordHost.tsx';
import { recordingFileName } from '../recording/recordingTitle.ts';
import { askNotificationPermission } from '../lib/notifications.ts';
import { discardUnfinished, useRecordingSupport } from '../recording/useRecording.ts';
import { browserRecordingFeatures, recordsStreaming } from '../recording/streamingChoice.ts';
import type { UnfinishedRecording } from '../recording/session.ts';

interface UploadContextValue {
  /** Checks the file (type, size: toasts when wrong), then uploads it with the progress dialog. */
  upload: (file: File) => void;
  isUploading: boolean;
  /** Opens the Record Audio dialog. */
  record: () => void;
  /** Streamed recordings an earlier visit did not finish (offered for recovery). */
  unfinished: UnfinishedRecording[];
  /** Opens the Record Audio dialog with an unfinished recording, to finish or discard it. */
  recover: (id: string) => void;
  /** Discards an unfinished recording (server and browser). */
  discard: (id: string) => void;
}

const UploadContext = createContext<UploadContextValue | null>(null);

/** The server's upload limit (UPLOAD_MAX_BYTES, from /api/config); the default until it is known. */
function useUploadLimit(): number | undefined {
  return usePublicConfig().data?.uploads?.maxBytes;
}

interface UploadView {
  isOpen: boolean;
  state: UploadDialogState;
  progress: number;
  fileName?: string;
  error?: string;
  /** The chosen file while the dialog asks for confirmation. */
  file?: File;
  /** Its length: undefined while it is read, null when it could not be. */
  durationSeconds?: number | null;
  /** The vocabulary field as edited for this upload; undefined: the saved list (Settings) as it is. */
  vocabulary?: string;
  /** How many speakers this upload has, as picked in the dialog; undefined: 'auto'. */
  speakers?: SpeakersOption;
}

/**
 * Upload ids of chunked uploads that did not finish, by file identity: choosing the same file again
 * continues where it stopped (the server keeps the chunks for a while) instead of starting over.
 */
const unfinishedUploads = new Map<string, string>();
const fileIdentity = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The upload flow of every signed-in page: the Upload file button and the page-wide drop overlay both
 * end here. docs/product-spec.md §2/§4/§8: type and size checks, 'Uploading File' then 'Processing Audio', the
 * success and failure toasts, and afterwards the tree refreshes and the new transcript is selected.
 */
export function UploadProvider({ children, allowDrop }: { children: ReactNode; allowDrop: boolean }) {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [view, setView] = useState<UploadView>({ isOpen: false, state: 'uploading', progress: 0 });
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  /** The running upload: its file identity and, once chosen, the chunked upload's id. */
  const running = useRef<{ identity: string; uploadId?: string } | null>(null);
  const pathRef = useRef(pathname);
  pathRef.current = pathname;
  const maxBytes = useUploadLimit();

  // Leaving the signed-in pages (sign-out) stops a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  // Going to another page (the dialogs' Buy credits link) closes a dialog that has not sent anything yet.
  const [isRecording, setRecording] = useState(false);
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    setView((v) => (v.state === 'confirm' && v.isOpen ? { ...v, isOpen: false, file: undefined } : v));
  }, [pathname]);

  const { terms, language, setLanguage } = useTranscriptionTerms();
  // The saved custom vocabulary, offered (editable) for each upload.
  const savedVocabulary = formatVocabulary(useSavedVocabulary());

  /** Sends the confirmed file with its spoken language. */
  const start = useCallback(
    (file: File, spokenLanguage: string, vocabulary: string[], speakers: SpeakersOption) => {
      if (busy.current) return;
      busy.current = true;
      // The moment to ask: work starts that finishes later (only when the user opted in, Settings).
      askNotificationPermission();
      const abort = new AbortController();
      controller.current = abort;
      const identity = fileIdentity(file);
      const current: { identity: string; uploadId?: string } = { identity };
      running.current = current;
      setView({ isOpen: true, state: 'uploading', progress: 0, fileName: file.name });

      uploadAudio(file, {
        maxBytes,
        signal: abort.signal,
        language: spokenLanguage,
        vocabulary,
        // 'auto' is the server's default: only a count the user knows is sent.
        ...(speakers === 'auto' ? {} : { speakers }),
        uploadId: unfinishedUploads.get(identity),
        onUploadId: (id) => {
          unfinishedUploads.set(identity, id);
          current.uploadId = id;
        },
        onProgress: (fraction) =>
          // The bytes sent so far (the request's upload progress). All sent: the server now stores and
          // checks the file (and joins the chunks), which has no measurable progress (progress 0 shows
          // a moving bar, not a stuck 0 %).
          setView((v) => ({ ...v, state: fraction >= 1 ? 'processing' : 'uploading', progress: fraction >= 1 ? 0 : fraction * 100 })),
      })
        .then(async ({ id }) => {
          unfinishedUploads.delete(identity);
          setView((v) => ({ ...v, isOpen: false }));
          toast({ title: t`Upload successful`, description: t`Your audio file is being processed.`, variant: 'success' });
          selectionStore.selectTranscript(id);
          selectionStore.setTab('transcript');
          await mutate(paths.folderTree);
          if (pathRef.current !== '/') void navigate('/');
        })
        .catch((error: unknown) => {
          if (isAbortError(error)) {
            setView((v) => ({ ...v, isOpen: false }));
            return;
          }
          const reason = error instanceof ApiError ? translateError(i18n, error) : t`Failed to upload file`;
          setView((v) => ({ ...v, state: 'error', error: reason }));
          toast({ title: t`Upload failed`, description: reason, variant: 'destructive' });
        })
        .finally(() => {
          busy.current = false;
          if (controller.current === abort) controller.current = null;
          if (running.current === current) running.current = null;
        });
    },
    [i18n, maxBytes, mutate, navigate, t],
  );

  /** Checks the file, then asks for the language and shows the length, cost and balance before sending. */
  const upload = useCallback(
    (file: File) => {
      if (busy.current) return;
      const problem = validateAudioFile(file, { maxBytes });
      if (problem) {
        toast({
          title: i18n._(uploadProblemTitles[problem.code]),
          description: translateError(i18n, problem.error),
          variant: 'destructive',
        });
        return;
      }
      setView({ isOpen: true, state: 'confirm', progress: 0, fileName: file.name, file, durationSeconds: undefined });
      void refreshCreditBalance();
      void readAudioDuration(file).then((seconds) =>
        setView((v) => (v.file === file && v.state === 'confirm' ? { ...v, durationSeconds: seconds } : v)),
      );
    },
    [i18n, maxBytes],
  );

  // A file shared from another app (the installed app's share target, sw.ts) waits in the browser, also
  // across a sign-in: offer its upload (the same checks and confirm step as a chosen file).
  useEffect(() => {
    void takeSharedFile()
      .then((file) => file && upload(file))
      .catch(() => undefined);
  }, [upload]);

  /** Cancel in the dialog: stops the request and has the server discard what it received of the file. */
  const cancel = useCallback(() => {
    const current = running.current;
    if (!current || !controller.current) return;
    controller.current.abort();
    running.current = null;
    setView((v) => ({ ...v, isOpen: false }));
    if (current.uploadId) {
      unfinishedUploads.delete(current.identity);
      void discardUpload(current.uploadId);
    }
    toast({ title: t`Upload cancelled`, description: t`Nothing was saved.` });
  }, [t]);

  // Recording streams its pieces to the server where it can (the server has the recording routes, the
  // browser IndexedDB and MediaRecorder); elsewhere the dialog records the whole file and uploads it.
  const { user } = useSession();
  const support = useRecordingSupport(user?.id ?? null);
  const [recordMode, setRecordMode] = useState<{ streaming: boolean; recoverId: string | null }>({ streaming: false, recoverId: null });
  const streamingSupported = recordsStreaming(support, browserRecordingFeatures());
  const record = useCallback(() => {
    setRecordMode({ streaming: streamingSupported, recoverId: null });
    setRecording(true);
  }, [streamingSupported]);
  const recover = useCallback((id: string) => {
    setRecordMode({ streaming: true, recoverId: id });
    setRecording(true);
  }, []);
  const revalidateUnfinished = support.mutate;
  const onSettled = useCallback(() => void revalidateUnfinished(), [revalidateUnfinished]);
  const onStreamedTranscript = useCallback(
    async (id: number) => {
      selectionStore.selectTranscript(id);
      selectionStore.setTab('transcript');
      await mutate(paths.folderTree);
      if (pathRef.current !== '/') void navigate('/');
    },
    [mutate, navigate],
  );
  const discard = useCallback(
    (id: string) => {
      discardUnfinished(id).then(
        () => {
          toast({ title: t`Recording discarded` });
          void revalidateUnfinished();
        },
        (error: unknown) =>
          toast({
            title: t`The recording could not be discarded.`,
            description: error instanceof ApiError ? translateError(i18n, error) : undefined,
            variant: 'destructive',
          }),
      );
    },
    [i18n, revalidateUnfinished, t],
  );
  const unfinished = support.data?.unfinished;
  const isUploading = view.isOpen && (view.state === 'uploading' || view.state === 'processing');
  const value = useMemo(
    () => ({ upload, isUploading, record, recover, discard, unfinished: isRecording ? [] : (unfinished ?? []) }),
    [upload, isUploading, record, recover, discard, unfinished, isRecording],
  );
  const choices = { terms, language, onLanguageChange: setLanguage };
  const vocabularyText = view.vocabulary ?? savedVocabulary;
  const vocabulary = checkVocabulary(i18n, vocabularyText);
  return (
    <UploadContext value={value}>
      {children}
      {recordMode.streaming ? (
        <StreamingRecordHost
          isOpen={isRecording}
          onOpenChange={setRecording}
          choices={choices}
          recoverId={recordMode.recoverId}
          onTranscript={onStreamedTranscript}
          onSettled={onSettled}
        />
      ) : (
        <RecordDialogHost isOpen={isRecording} onOpenChange={setRecording} choices={choices} />
      )}
      {allowDrop ? <DropOverlay onFile={upload} /> : null}
      <UploadDialog
        isOpen={view.isOpen}
        state={view.state}
        progress={view.progress}
        fileName={view.fileName}
        error={view.error}
        confirmation={
          view.state === 'confirm' && view.file
            ? {
                terms,
                language,
                onLanguageChange: setLanguage,
                durationSeconds: view.durationSeconds,
                onConfirm: () => view.file && start(view.file, language, vocabulary.terms, view.speakers ?? 'auto'),
                vocabulary: {
                  value: vocabularyText,
                  onChange: (text) => setView((v) => ({ ...v, vocabulary: text })),
                  error: vocabulary.error,
                },
                speakers: {
                  value: view.speakers ?? 'auto',
                  max: speakerLimits.max,
                  onChange: (speakers) => setView((v) => ({ ...v, speakers })),
                },
              }
            : undefined
        }
        onOpenChange={(open) => setView((v) => ({ ...v, isOpen: open, file: open ? v.file : undefined }))}
        onCancel={cancel}
      />
    </UploadContext>
  );
}

/**
 * The Record Audio dialog (docs/product-spec.md §2/§4): record, preview, upload; then it follows the new transcript's
 * transcription (the live channel keeps the cached transcript current) until it completes or fails.
 */
function RecordDialogHost({
  isOpen,
  onOpenChange,
  choices,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  choices: RecordingChoices;
}) {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [recordedId, setRecordedId] = useState<number | null>(null);
  const { data: recorded } = useTranscript(recordedId);
  const maxBytes = useUploadLimit();

  const onUpload = useCallback(
    async (blob: Blob, fileName: string) => {
      // The title comes from the file's name: when it was recorded, not the bare 'recording'.
      const file = new File([blob], recordingFileName(i18n, fileName), { type: blob.type });
      // The dialog's check names the recording's size (docs/product-spec.md §5).
      const problem = validateAudioFile(file, { allowRecordings: true, maxBytes, sizeForm: 'dialog' });
      if (problem) throw new Error(translateError(i18n, problem.error));
      setProgress(0);
      try {
        const { id } = await uploadAudio(file, {
          maxBytes,
          language: choices.language,
          onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        });
        setRecordedId(id);
        toast({ title: t`Upload successful`, description: t`Your audio file is being processed.`, variant: 'success' });
        selectionStore.selectTranscript(id);
        selectionStore.setTab('transcript');
        await mutate(paths.folderTree);
        if (pathname !== '/') void navigate('/');
      } catch (error) {
        const reason = error instanceof ApiError ? translateError(i18n, error) : t`Failed to upload file`;
        throw new Error(reason);
      } finally {
        setProgress(undefined);
      }
    },
    [choices.language, i18n, maxBytes, mutate, navigate, pathname, t],
  );

  // Going to another page before anything was sent (the Buy credits link) closes the dialog; after an
  // upload it stays open while the app goes to the workspace to show the transcription.
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    if (recordedId === null && progress === undefined) onOpenChange(false);
  }, [pathname, recordedId, progress, onOpenChange]);

  // The balance the dialog checks against is fresh when it opens.
  useEffect(() => {
    if (isOpen) void refreshCreditBalance();
  }, [isOpen]);

  let transcription: RecordingTranscription | undefined;
  if (recordedId !== null) {
    const meta = recorded?.metadata;
    if (meta?.status === 'completed') transcription = { state: 'completed' };
    else if (meta?.status === 'error')
      transcription = { state: 'error', error: meta.error ? translateError(i18n, failureOf(meta)) : undefined };
    else transcription = { state: 'processing', progress: meta?.progress || undefined };
  }

  return (
    <RecordAudioDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        // Closing resets the dialog (docs/product-spec.md §4); the transcript itself goes on in the workspace.
        if (!open) setRecordedId(null);
      }}
      onUpload={onUpload}
      uploadProgress={progress}
      transcription={transcription}
      choices={choices}
    />
  );
}

export function useUpload(): UploadContextValue {
  const value = use(UploadContext);
  if (!value) throw new Error('useUpload must be used inside <UploadProvider>');
  return value;
}
