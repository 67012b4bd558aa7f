/**
 * Stories only: real audio made in the browser, so the player and recorder stories need no files.
 */
// Test support only (never built into the package): the product's one WAV writer.
import { encodeWav } from '../../../server/src/features/transcription/engines/whisper/wav.ts';

/** A mono 16-bit PCM WAV of a sine tone (quiet, with short pauses every second so it is not a drone). */
export function toneWav({ seconds, frequency = 440, sampleRate = 8000 }: { seconds: number; frequency?: number; sampleRate?: number }): Blob {
  const samples = Math.round(seconds * sampleRate);
  const tone = new Float32Array(samples).map((_, i) =>
    (i / sampleRate) % 1 > 0.8 ? 0 : Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.2,
  );
  return new Blob([encodeWav(tone, sampleRate) as Uint8Array<ArrayBuffer>], { type: 'audio/wav' });
}

/** An object URL for a tone, cached per length so re-renders keep the same src. */
const urls = new Map<number, string>();
export function toneUrl(seconds: number): string {
  let url = urls.get(seconds);
  if (!url) {
    url = URL.createObjectURL(toneWav({ seconds }));
    urls.set(seconds, url);
  }
  return url;
}

/**
 * A real MediaRecorder recording (webm/opus in Chromium) of an oscillator: such files report an
 * infinite duration until read through once, which the player has to cope with.
 */
export async function recordOscillator(ms: number): Promise<Blob> {
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const destination = context.createMediaStreamDestination();
  oscillator.connect(destination);
  oscillator.start();
  const recorder = new MediaRecorder(destination.stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, ms));
  recorder.stop();
  await stopped;
  oscillator.stop();
  await context.close();
  return new Blob(chunks, { type: recorder.mimeType });
}
