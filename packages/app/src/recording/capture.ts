// Microphone capture for a streamed recording.
//
// Wire format: MediaRecorder's own compressed output (webm/opus in Chromium and Firefox's ogg/opus, mp4/aac
// in Safari: pickRecorderMimeType) cut into 1 s pieces by its timeslice. One format serves both paths:
// the pieces joined are exactly the file the browser would have made, so the stored audio is
// byte-identical to what was sent and goes through the upload pipeline unchanged; opus at the browser's
// default rate is about a tenth of 16 kHz PCM on a phone's uplink, and the server decodes a growing
// stream of it for the live draft at a small fraction of what transcribing it costs. PCM from an
// AudioWorklet would double the upload for the live path alone.
//
// Memory: each piece leaves the page as soon as it is written to the outbox; the recorder keeps nothing.

export const PIECE_TIMESLICE_MS = 1000;

export interface CaptureHandle {
  readonly mimeType: string;
  pause(): void;
  resume(): void;
  /** Stops; resolves after the last piece was handed over. */
  stop(): Promise<void>;
  /** Hands over what was recorded since the last piece now (the page is being hidden or closed). */
  flush(): void;
  /** The microphone's level now, 0..1 (0 when it cannot be measured). */
  level(): number;
  /** Recorded time, pauses left out. */
  elapsedMs(): number;
}

export interface CaptureOptions {
  stream: MediaStream;
  mimeType: string;
  /** Each piece as it is cut, with the recorded time up to its end. */
  onPiece: (piece: Blob, durationMs: number) => void;
  /** The recorder failed or the microphone went away (unplugged, revoked): recording has stopped. */
  onError: (error: unknown) => void;
  timesliceMs?: number;
  /** For tests. */
  MediaRecorder?: new (stream: MediaStream, options?: MediaRecorderOptions) => MediaRecorder;
  now?: () => number;
  /** For tests: no AudioContext, no meter. */
  createAnalyser?: ((stream: MediaStream) => { level(): number; close(): void } | null) | null;
}

/** The name of the error for a microphone that stopped delivering audio mid-recording. */
export const MICROPHONE_LOST = 'MicrophoneLostError';

/** An RMS level meter on the stream (Web Audio); null where there is none. */
function webAudioAnalyser(stream: MediaStream): { level(): number; close(): void } | null {
  const Context = globalThis.AudioContext;
  if (!Context) return null;
  try {
    const context = new Context();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    return {
      level() {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const s of samples) sum += s * s;
        // Speech peaks around an RMS of 0.1-0.3: scaled so that it fills most of the meter.
        return Math.min(1, Math.sqrt(sum / samples.length) * 4);
      },
      close: () => void context.close().catch(() => undefined),
    };
  } catch {
    return null;
  }
}

export function startCapture({
  stream,
  mimeType,
  onPiece,
  onError,
  timesliceMs = PIECE_TIMESLICE_MS,
  MediaRecorder: Recorder = globalThis.MediaRecorder,
  now = () => performance.now(),
  createAnalyser = webAudioAnalyser,
}: CaptureOptions): CaptureHandle {
  const recorder = new Recorder(stream, { mimeType });
  const analyser = createAnalyser ? createAnalyser(stream) : null;
  let recordedMs = 0;
  let runningSince: number | null = now();
  let ended = false;
  let onStopped: (() => void) | null = null;

  const elapsedMs = () => recordedMs + (runningSince !== null ? now() - runningSince : 0);
  const finish = () => {
    if (ended) return;
    ended = true;
    if (runningSince !== null) recordedMs += now() - runningSince;
    runningSince = null;
    analyser?.close();
    stream.getTracks().forEach((track) => track.stop());
  };

  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) onPiece(event.data, elapsedMs());
  };
  recorder.onstop = () => {
    finish();
    onStopped?.();
  };
  recorder.onerror = (event) => {
    finish();
    onError((event as Event & { error?: unknown }).error ?? event);
  };
  // A microphone that is unplugged or whose permission is revoked ends its track: stop with what we have
  // (the recorder hands over its last piece first).
  for (const track of stream.getAudioTracks()) {
    track.addEventListener('ended', () => {
      if (ended) return;
      const lost = new DOMException('The microphone stopped delivering audio', MICROPHONE_LOST);
      onStopped = () => onError(lost);
      if (recorder.state !== 'inactive') recorder.stop();
      else {
        finish();
        onError(lost);
      }
    });
  }
  recorder.start(timesliceMs);

  return {
    get mimeType() {
      return recorder.mimeType || mimeType;
    },
    pause() {
      if (recorder.state !== 'recording') return;
      recorder.pause();
      if (runningSince !== null) recordedMs += now() - runningSince;
      runningSince = null;
    },
    resume() {
      if (recorder.state !== 'paused') return;
      recorder.resume();
      runningSince = now();
    },
    stop() {
      if (ended || recorder.state === 'inactive') {
        finish();
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        onStopped = resolve;
        recorder.stop();
      });
    },
    flush() {
      if (recorder.state === 'recording') recorder.requestData();
    },
    level: () => (ended || runningSince === null ? 0 : (analyser?.level() ?? 0)),
    elapsedMs,
  };
}
