// The microphone and the MediaRecorder behind the Record dialog's whole-file path: asking for the
// microphone, recording, the elapsed time, and the finished recording with a preview URL. No markup:
// RecordAudioDialog renders what this reports. The streamed path captures in the app instead
// (StreamingRecorder only shows its state).
import { useCallback, useEffect, useRef, useState } from 'react';
import { pickRecorderMimeType, RECORDING_CONSTRAINTS } from '../media/recorder.ts';

/** A finished recording: the file, a URL to preview it, and its length. */
export interface Recorded {
  blob: Blob;
  url: string;
  seconds: number;
}

export type MediaRecorderPhase =
  | { name: 'idle' }
  | { name: 'starting' }
  | { name: 'recording'; startedAt: number }
  | ({ name: 'stopped' } & Recorded)
  | { name: 'micError'; error: unknown };

export interface MediaRecorderControls {
  phase: MediaRecorderPhase;
  /** Seconds since recording started, updated four times a second while recording. */
  elapsed: number;
  /** Asks for the microphone and records (a recording kept from before is dropped). */
  start: () => Promise<void>;
  /** Stops recording; the phase becomes 'stopped' with the recording. */
  stop: () => void;
  /** Frees the preview of a recording that is no longer needed (after it went up); back to 'idle'. */
  clear: () => void;
}

/**
 * Records from the microphone (echo cancellation, noise suppression, 44.1 kHz; MediaRecorder type mp4,
 * then webm/opus, ogg/opus, wav) in one-second chunks. Unmounting stops recording without keeping it,
 * releases the microphone and frees the preview.
 */
export function useMediaRecorder(getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>): MediaRecorderControls {
  const [phase, setPhase] = useState<MediaRecorderPhase>({ name: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const urlRef = useRef<string | null>(null);
  const startedAtRef = useRef(0);
  const mounted = useRef(true);

  const releaseMicrophone = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const dropPreview = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const recorder = recorderRef.current;
      if (recorder) {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        if (recorder.state !== 'inactive') recorder.stop();
      }
      recorderRef.current = null;
      releaseMicrophone();
      dropPreview();
    };
  }, [releaseMicrophone, dropPreview]);

  useEffect(() => {
    if (phase.name !== 'recording') return;
    const tick = () => setElapsed((performance.now() - phase.startedAt) / 1000);
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [phase]);

  const start = useCallback(async () => {
    dropPreview();
    setElapsed(0);
    setPhase({ name: 'starting' });
    try {
      const request = getUserMedia ?? navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
      if (!request || typeof MediaRecorder === 'undefined') {
        throw new DOMException('Recording is not supported', 'NotSupportedError');
      }
      const stream = await request(RECORDING_CONSTRAINTS);
      if (!mounted.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      const mimeType = pickRecorderMimeType((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, { mimeType });
      recorderRef.current = recorder;
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        releaseMicrophone();
        recorderRef.current = null;
        const blob = new Blob(chunks, { type: recorder.mimeType || mimeType });
        const url = URL.createObjectURL(blob);
        urlRef.current = url;
        setPhase({ name: 'stopped', blob, url, seconds: (performance.now() - startedAtRef.current) / 1000 });
      };
      recorder.onerror = (event) => {
        releaseMicrophone();
        recorderRef.current = null;
        setPhase({ name: 'micError', error: (event as Event & { error?: unknown }).error ?? event });
      };
      recorder.start(1000);
      startedAtRef.current = performance.now();
      setPhase({ name: 'recording', startedAt: startedAtRef.current });
    } catch (error) {
      releaseMicrophone();
      if (mounted.current) setPhase({ name: 'micError', error });
    }
  }, [getUserMedia, dropPreview, releaseMicrophone]);

  const stop = useCallback(() => recorderRef.current?.stop(), []);

  const clear = useCallback(() => {
    dropPreview();
    setPhase({ name: 'idle' });
  }, [dropPreview]);

  return { phase, elapsed, start, stop, clear };
}
