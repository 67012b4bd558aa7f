// Audio for tests whose engine stands in for the built-in one.
import type { TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { decodeToPcm, encodeWav, SAMPLE_RATE } from '../../src/features/transcription/engines/whisper/audio.ts';

/** A wav of a quiet 440 Hz tone lasting `seconds`. */
export function toneWav(seconds: number): Uint8Array {
  const samples = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.1 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE);
  return encodeWav(samples, SAMPLE_RATE);
}

/** The upload's length as the built-in engine measures it: from the decoded samples. */
export async function measuredSeconds(input: TranscriptionInput): Promise<number> {
  const pcm = await decodeToPcm(input.filePath, { signal: input.signal });
  const seconds = pcm.length / SAMPLE_RATE;
  await pcm.dispose();
  return seconds;
}
