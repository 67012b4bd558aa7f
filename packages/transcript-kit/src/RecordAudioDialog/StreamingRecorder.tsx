import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Meter, ProgressBar, VisuallyHidden } from '@scribe/ui';
import { MicIcon, PauseIcon, StopIcon, TrashIcon, UploadIcon } from '@scribe/ui/icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AudioPlayer } from '../AudioPlayer/AudioPlayer.tsx';
import { microphoneErrorMessage } from '../media/errors.ts';
import { formatTime } from '../media/time.ts';
import { checkTranscription, TranscriptionChoices } from '../TranscriptionChoices/TranscriptionChoices.tsx';
import { newlyFinalText, splitDraft, type LiveTextSegment } from './liveText.ts';
import * as styles from './RecordAudioDialog.css.ts';
import type { RecordingChoices } from '../TranscriptionChoices/TranscriptionChoices.tsx';

/** Whether draft text is shown while recording: live, unavailable (server busy, no credits...), the connection is being restored, or not asked for. */
export type LiveTextStatus = 'live' | 'unavailable' | 'reconnecting' | 'off';
export type LiveTextUnavailableReason = 'busy' | 'no_credits' | 'unsupported' | 'disabled';

/**
 * A recording the app captures and streams itself (the dialog only shows it and calls back): the
 * recorder's state, the draft text, what still waits to be sent.
 */
export interface StreamingRecording {
  state: 'idle' | 'starting' | 'recording' | 'paused' | 'stopped' | 'finishing' | 'finished' | 'micError' | 'failed';
  /** Recorded time so far (pauses left out). */
  elapsedSeconds: number;
  /** The microphone level, 0..1, while recording. */
  level?: number;
  /** The draft so far; provisional segments are marked as such. */
  liveText?: LiveTextSegment[];
  liveStatus?: LiveTextStatus;
  /** With 'unavailable': why. */
  liveReason?: LiveTextUnavailableReason;
  /** Pieces recorded but not yet acknowledged by the server. */
  pendingPieces?: number;
  /** The last piece did not get through (offline, server trouble): retrying. */
  retrying?: boolean;
  /** 'micError': the getUserMedia / recorder error, or a `MicrophoneLostError` when the microphone went away mid-recording. */
  microphoneError?: unknown;
  /** 'failed': the reason, already translated. */
  error?: string;
  /** After Stop: the recording to play back (an object URL), when the app can offer one. */
  previewUrl?: string;
  /** A recording from an earlier visit, offered to finish or discard. */
  recovered?: { createdAt: Date | number; durationSeconds: number };
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  /** Send what is left and make the transcript. */
  onFinish: () => void;
  onDiscard: () => void;
}

export interface StreamingRecorderProps {
  recording: StreamingRecording;
  choices?: RecordingChoices;
  /** Rendered for 'finished' (the transcription's progress, shared with the whole-file flow). */
  renderFinished: () => ReactNode;
}

/** The body of the Record dialog for a streamed recording. */
export function StreamingRecorder({ recording, choices, renderFinished }: StreamingRecorderProps) {
  const { t, i18n } = useLingui();
  const bodyRef = useRef<HTMLDivElement>(null);
  const { state, elapsedSeconds } = recording;
  const [previewFailed, setPreviewFailed] = useState(false);
  // Focus stays in the dialog when the pressed button is replaced by the next step's.
  const focusBody = () => bodyRef.current?.focus();
  const press = (action: () => void) => () => {
    focusBody();
    action();
  };
  const hasAudio = elapsedSeconds > 0 || !!recording.recovered;

  if (state === 'finished') return <>{renderFinished()}</>;

  if (state === 'idle' || state === 'starting' || ((state === 'micError' || state === 'failed') && !hasAudio)) {
    return (
      <div className={styles.body} ref={bodyRef} tabIndex={-1}>
        {state === 'micError' ? (
          <Alert tone="danger">{i18n._(microphoneErrorMessage(recording.microphoneError))}</Alert>
        ) : state === 'failed' ? (
          <Alert tone="danger" title={t`Recording could not start`}>
            {recording.error || null}
          </Alert>
        ) : (
          <p className={styles.hint}>{t`Press Record to start recording from your microphone.`}</p>
        )}
        <div className={styles.actions}>
          <Button variant="primary" icon={<MicIcon />} onPress={press(recording.onStart)} isPending={state === 'starting'}>
            {t`Record`}
          </Button>
        </div>
      </div>
    );
  }

  if (state === 'recording' || state === 'paused') {
    const paused = state === 'paused';
    return (
      <div className={styles.body} ref={bodyRef} tabIndex={-1}>
        <p className={styles.recording}>
          <span className={paused ? styles.dotPaused : styles.dot} aria-hidden="true" />
          {paused ? t`Paused` : t`Recording`}
          <span className={styles.elapsed} role="timer" aria-label={t`Elapsed time`}>
            {formatTime(elapsedSeconds)}
          </span>
        </p>
        <Meter
          label={t`Microphone level`}
          value={Math.round((paused ? 0 : (recording.level ?? 0)) * 100)}
          valueLabel={paused ? t`Paused` : undefined}
          tone="success"
        />
        <LiveText recording={recording} />
        <Upstream recording={recording} />
        <div className={styles.actions}>
          {paused ? (
            <Button icon={<MicIcon />} onPress={press(recording.onResume)}>
              {t`Resume`}
            </Button>
          ) : (
            <Button icon={<PauseIcon />} onPress={press(recording.onPause)}>
              {t`Pause`}
            </Button>
          )}
          <Button variant="danger" icon={<StopIcon />} onPress={press(recording.onStop)}>
            {t`Stop`}
          </Button>
        </div>
      </div>
    );
  }

  // Stopped (or recovered, or the microphone went away with audio kept), finishing, or finishing failed.
  const finishing = state === 'finishing';
  const recovered = recording.recovered;
  const previewUrl = recovered ? undefined : recording.previewUrl;
  const allowed = !choices || checkTranscription(choices.terms, choices.language, elapsedSeconds).ok;
  return (
    <div className={styles.body} ref={bodyRef} tabIndex={-1}>
      {state === 'micError' ? <Alert tone="danger">{i18n._(microphoneErrorMessage(recording.microphoneError))}</Alert> : null}
      {recovered ? (
        <Alert tone="info" title={t`Unfinished recording`}>
          {t`Recorded ${i18n.date(recovered.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}, length ${formatTime(recovered.durationSeconds)}. Upload it for its transcript, or discard it.`}
        </Alert>
      ) : (
        <p className={styles.recording}>
          {t`Recorded`}
          <span className={styles.elapsed} role="timer" aria-label={t`Elapsed time`}>
            {formatTime(elapsedSeconds)}
          </span>
        </p>
      )}
      {previewUrl ? (
        previewFailed ? (
          <Alert tone="warning">{t`This recording cannot be played back in your browser, but it can still be uploaded.`}</Alert>
        ) : (
          <AudioPlayer src={previewUrl} title={t`Preview`} onError={() => setPreviewFailed(true)} />
        )
      ) : null}
      {recording.liveText?.length ? <LiveText recording={recording} /> : null}
      {choices ? (
        <TranscriptionChoices
          terms={choices.terms}
          language={choices.language}
          onLanguageChange={choices.onLanguageChange}
          durationSeconds={elapsedSeconds}
          isDisabled={finishing}
        />
      ) : null}
      {finishing ? <ProgressBar label={t`Upload progress`} isIndeterminate /> : null}
      <Upstream recording={recording} />
      {state === 'failed' ? (
        <Alert tone="danger" title={t`Upload failed`}>
          {recording.error || t`Failed to upload file`}
        </Alert>
      ) : null}
      <div className={styles.actions}>
        <Button icon={<TrashIcon />} onPress={press(recording.onDiscard)} isDisabled={finishing}>
          {t`Discard`}
        </Button>
        <Button variant="primary" icon={<UploadIcon />} onPress={press(recording.onFinish)} isPending={finishing} isDisabled={!allowed}>
          {t`Upload Recording`}
        </Button>
      </div>
    </div>
  );
}

const NO_SEGMENTS: LiveTextSegment[] = [];

/** What still waits in the browser; said only when it matters (offline or falling behind), so it does not flicker. */
function Upstream({ recording }: { recording: StreamingRecording }) {
  const { t } = useLingui();
  const pending = recording.pendingPieces ?? 0;
  if (recording.retrying) {
    return (
      <Alert tone="warning" title={t`Connection lost`}>
        {t`The recording is kept in this browser and sent when the connection is back (${pending} s waiting).`}
      </Alert>
    );
  }
  if (pending >= 3) return <p className={styles.hint}>{t`Sending: ${pending} s of audio waiting.`}</p>;
  return null;
}

/**
 * The draft: settled text, then the provisional words (marked visually and for screen readers). The
 * text itself is not a live region (it changes several times a second); a separate polite region
 * says only what became final since the last announcement.
 */
function LiveText({ recording }: { recording: StreamingRecording }) {
  const { t } = useLingui();
  const segments = recording.liveText ?? NO_SEGMENTS;
  const status = recording.liveStatus ?? 'off';
  // What is already final when the dialog opens (e.g. recovered) is not read out again.
  const announced = useRef(newlyFinalText(segments, 0).count);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const next = newlyFinalText(segments, announced.current);
    announced.current = next.count;
    if (next.text) setAnnouncement(next.text);
  }, [segments]);

  const { finalText, provisionalText } = splitDraft(segments);
  let notice: ReactNode = null;
  if (status === 'unavailable') {
    const reason = recording.liveReason;
    notice = (
      <Alert tone="info" title={t`Live text is unavailable`}>
        {reason === 'busy'
          ? t`The server is busy right now. Recording still works, and the transcript is made when you stop.`
          : reason === 'no_credits'
            ? t`Live text needs credits for at least one minute. Recording still works, and the transcript is made when you stop.`
            : reason === 'unsupported'
              ? t`Live text is not available for this language or format. Recording still works, and the transcript is made when you stop.`
              : reason === 'disabled'
                ? t`Live text is turned off on this server. Recording still works, and the transcript is made when you stop.`
                : t`Recording still works, and the transcript is made when you stop.`}
      </Alert>
    );
  } else if (status === 'reconnecting') {
    notice = (
      <Alert tone="warning" title={t`Reconnecting`}>
        {t`Live text continues when the connection is back. Nothing of the recording is lost.`}
      </Alert>
    );
  }
  if (status === 'off' && !segments.length) return null;

  return (
    <section className={styles.live} aria-label={t`Live text`}>
      {notice}
      {status !== 'unavailable' || segments.length ? (
        <div className={styles.draft}>
          {finalText || provisionalText ? (
            <p className={styles.draftText}>
              {finalText}
              {finalText && provisionalText ? ' ' : null}
              {provisionalText ? (
                <span className={styles.provisional}>
                  <VisuallyHidden>{t`Provisional:`} </VisuallyHidden>
                  {provisionalText}
                </span>
              ) : null}
            </p>
          ) : status === 'live' ? (
            <p className={styles.hint}>{t`Start speaking: the text appears here.`}</p>
          ) : null}
        </div>
      ) : null}
      {/* role=status: a polite live region. */}
      <VisuallyHidden as="div" role="status">
        {announcement}
      </VisuallyHidden>
    </section>
  );
}
