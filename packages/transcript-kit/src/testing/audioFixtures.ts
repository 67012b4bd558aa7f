/**
 * Stories only: real audio made in the browser, so the player and recorder stories need no files.
 */

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
  const samples = Math.round(seconds * sampleRate);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const inPause = (i / sampleRate) % 1 > 0.8;
    const value = inPause ? 0 : Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.2;
    view.setInt16(44 + i * 2, Math.round(value * 32767), true);
  }
  return new Blob([buffer], { type: 'audio/wav' });
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
