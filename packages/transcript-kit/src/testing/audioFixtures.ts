/**
 * Stories only: real audio made in the browser, so the player and recorder stories need no files.
 */
// The one WAV writer, the only api-client entry this package may use (testing/ only, eslint.config.js).
import { encodeWav } from '@scribe/api-client/wav';

/** A mono 16-bit PCM WAV of a sine tone (quiet, with short pauses every second so it is not a drone). */
export function toneWav({
  seconds,
  frequency = 440,
  sampleRate = 8000,
}: {
  seconds: number;
  frequency?: number;
  sampleRate?: number;
}): Blob {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    const inPause = (i / sampleRate) % 1 > 0.8;
    samples[i] = inPause ? 0 : Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.2;
  }
  return new Blob([encodeWav(samples, sampleRate)], { type: 'audio/wav' });
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
