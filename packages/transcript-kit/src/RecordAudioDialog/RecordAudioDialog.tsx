import { useLingui } from '@lingui/react/macro';
import { withKitProvider } from '../locale/KitProvider.tsx';
import { Alert, Button, Dialog, ProgressBar } from '@scribe/ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { AudioPlayer } from '../AudioPlayer/AudioPlayer.tsx';
import { busyDialogProps } from '../dialog/busy.ts';
import { MicIcon, StopIcon, UploadIcon } from '@scribe/ui/icons';
import { microphoneErrorMessage } from '../media/errors.ts';
import { recordingFileName } from '../media/recorder.ts';
import { formatClock } from '../media/time.ts';
import { checkTranscription, TranscriptionChoices, type RecordingChoices } from '../TranscriptionChoices/TranscriptionChoices.tsx';
import * as styles from './RecordAudioDialog.css.ts';
import { StreamingRecorder, type StreamingRecording } from './StreamingRecorder.tsx';
import { useMediaRecorder } from './useMediaRecorder.ts';

/** The transcription after the upload, as the app hears it on the live channel. */
export interface RecordingTranscription {
  state: 'processing' | 'completed' | 'error';
  /** 0-100 while processing; indeterminate without it. */
  progress?: number;
  /** Error: the reason ('Transcription failed' without one). */
  error?: string;
}

export interface RecordAudioDialogProps {
  isOpen: boolean;
  /** Closing (Escape, outside click, Close) resets the dialog and releases the microphone. */
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Upload the recording ('recording.webm', '.mp4', '.ogg' or '.wav' by its type). While the promise
   * runs the dialog shows 'Uploading' and cannot be closed; a rejected Error's message is shown under
   * 'Upload failed'; once it resolves the dialog shows the transcription (see `transcription`).
   */
  onUpload: (blob: Blob, fileName: string) => Promise<void> | void;
  /** 0-100 while uploading (indeterminate without it). */
  uploadProgress?: number;
  /** After the upload: the transcription's state; 'processing' (indeterminate) until the app knows more. */
  transcription?: RecordingTranscription;
  /** The language picker, the estimated cost and the balance check before 'Upload Recording'. */
  choices?: RecordingChoices;
  /** For tests and embedders: replaces navigator.mediaDevices.getUserMedia. */
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /**
   * A recording the app captures and streams to its server piece by piece: the dialog then shows its
   * state, draft text, pause/resume, level and what waits to be sent, and calls back (`onUpload`,
   * `uploadProgress` and `getUserMedia` are not used). Without it the dialog records the whole file
   * itself and hands it to `onUpload`.
   */
  streaming?: StreamingRecording;
}

/** The upload of a finished recording. */
type Sending = { name: 'none' } | { name: 'uploading' } | { name: 'uploadError'; message?: string } | { name: 'uploaded' };

/**
 * Record from the microphone (echo cancellation, noise suppression, 44.1 kHz; MediaRecorder type mp4,
 * then webm/opus, ogg/opus, wav), preview the recording, upload it, and follow its transcription.
 * Every microphone error of docs/product-spec.md §8 has its own text; a recording the browser cannot play back shows a
 * warning and can still be uploaded. Closing stops the microphone and starts over.
 */
function RecordAudioDialogView({ isOpen, onOpenChange, streaming, ...props }: RecordAudioDialogProps) {
  const { t } = useLingui();
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog
      title={t`Record Audio`}
      size="md"
      isOpen={isOpen}
      // Finishing cannot be closed, unless it waits for the network: the recording is kept for later then.
      {...busyDialogProps(streaming ? streaming.state === 'finishing' && !streaming.retrying : isBusy, onOpenChange)}
    >
      {/* Mounted only while open: closing unmounts it, which stops the microphone and resets it. */}
      {streaming ? (
        <StreamingRecorder
          recording={streaming}
          choices={props.choices}
          renderFinished={() => <TranscriptionProgress transcription={props.transcription} />}
        />
      ) : (
        <Recorder {...props} onBusyChange={setBusy} />
      )}
    </Dialog>
  );
}

type RecorderProps = Omit<RecordAudioDialogProps, 'isOpen' | 'onOpenChange'> & { onBusyChange: (busy: boolean) => void };

function Recorder({ onUpload, uploadProgress, transcription, getUserMedia, choices, onBusyChange }: RecorderProps) {
  const { t, i18n } = useLingui();
  const recorder = useMediaRecorder(getUserMedia);
  const { phase, elapsed } = recorder;
  const [sending, setSending] = useState<Sending>({ name: 'none' });
  const [previewFailed, setPreviewFailed] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The dialog body takes focus when Record or Upload Recording is pressed: the busy button would
  // otherwise keep it, and the next step replaces that button (focus would fall out of the dialog).
  const bodyRef = useRef<HTMLDivElement>(null);
  const focusBody = () => bodyRef.current?.focus();

  useEffect(() => {
    onBusyChange(sending.name === 'uploading');
  }, [sending.name, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const start = async () => {
    focusBody();
    setPreviewFailed(false);
    setSending({ name: 'none' });
    await recorder.start();
  };

  const upload = async (blob: Blob) => {
    focusBody();
    setSending({ name: 'uploading' });
    try {
      await onUpload(blob, recordingFileName(blob.type));
      if (!mounted.current) return;
      recorder.clear();
      setSending({ name: 'uploaded' });
    } catch (error) {
      if (!mounted.current) return;
      setSending({ name: 'uploadError', message: error instanceof Error ? error.message : undefined });
    }
  };

  if (sending.name === 'uploaded') return <TranscriptionProgress transcription={transcription} bodyRef={bodyRef} />;

  switch (phase.name) {
    case 'idle':
    case 'starting':
    case 'micError':
      return (
        <div className={styles.body} ref={bodyRef} tabIndex={-1}>
          {phase.name === 'micError' ? (
            <Alert tone="danger">{i18n._(microphoneErrorMessage(phase.error))}</Alert>
          ) : (
            <p className={styles.hint}>{t`Press Record to start recording from your microphone.`}</p>
          )}
          <div className={styles.actions}>
            <Button variant="primary" icon={<MicIcon />} onPress={() => void start()} isPending={phase.name === 'starting'}>
              {t`Record`}
            </Button>
          </div>
        </div>
      );
    case 'recording':
      return (
        <div className={styles.body} ref={bodyRef} tabIndex={-1}>
          <p className={styles.recording}>
            <span className={styles.dot} aria-hidden="true" />
            {t`Recording`}
            <span className={styles.elapsed} role="timer" aria-label={t`Elapsed time`}>
              {formatClock(elapsed)}
            </span>
          </p>
          <div className={styles.actions}>
            <Button variant="danger" icon={<StopIcon />} onPress={recorder.stop}>
              {t`Stop`}
            </Button>
          </div>
        </div>
      );
    case 'stopped': {
      const uploading = sending.name === 'uploading';
      const allowed = !choices || checkTranscription(choices.terms, choices.language, phase.seconds).ok;
      return (
        <div className={styles.body} ref={bodyRef} tabIndex={-1}>
          {previewFailed ? (
            <Alert tone="warning">{t`This recording cannot be played back in your browser, but it can still be uploaded.`}</Alert>
          ) : (
            <AudioPlayer src={phase.url} title={t`Preview`} onError={() => setPreviewFailed(true)} />
          )}
          {choices ? (
            <TranscriptionChoices
              terms={choices.terms}
              language={choices.language}
              onLanguageChange={choices.onLanguageChange}
              durationSeconds={phase.seconds}
              isDisabled={uploading}
            />
          ) : null}
          {uploading ? (
            <ProgressBar label={t`Upload progress`} value={uploadProgress} isIndeterminate={typeof uploadProgress !== 'number'} />
          ) : null}
          {sending.name === 'uploadError' ? (
            <Alert tone="danger" title={t`Upload failed`}>
              {sending.message || t`Failed to upload file`}
            </Alert>
          ) : null}
          <div className={styles.actions}>
            <Button icon={<MicIcon />} onPress={() => void start()} isDisabled={uploading}>
              {t`Record Again`}
            </Button>
            <Button
              variant="primary"
              icon={<UploadIcon />}
              onPress={() => void upload(phase.blob)}
              isPending={uploading}
              isDisabled={!allowed}
            >
              {t`Upload Recording`}
            </Button>
          </div>
        </div>
      );
    }
  }
}

/** After the recording went up: the transcription's progress, completion or failure. */
function TranscriptionProgress({
  transcription,
  bodyRef,
}: {
  transcription?: RecordingTranscription;
  bodyRef?: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useLingui();
  const state = transcription?.state ?? 'processing';
  const progress = transcription?.progress;
  return (
    <div className={styles.body} ref={bodyRef} tabIndex={-1}>
      {state === 'processing' ? (
        <>
          <p className={styles.heading}>{t`Processing Audio`}</p>
          <ProgressBar label={t`Transcription progress`} value={progress} isIndeterminate={typeof progress !== 'number'} />
          <p className={styles.hint}>{t`Your audio file is being processed.`}</p>
        </>
      ) : state === 'completed' ? (
        <>
          <p className={styles.heading}>{t`Transcription completed!`}</p>
          <ProgressBar label={t`Transcription progress`} value={100} />
        </>
      ) : (
        <Alert tone="danger" title={t`Transcription failed`}>
          {transcription?.error || null}
        </Alert>
      )}
    </div>
  );
}

export const RecordAudioDialog = withKitProvider(RecordAudioDialogView, 'RecordAudioDialog');
