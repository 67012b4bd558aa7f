// The LibriVox readings of Debian's pocketsphinx-testdata with their references, and the >= 5 minute
// recording the engine benches make from them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeToPcm, encodeWav, SAMPLE_RATE } from '../../packages/server/src/features/transcription/engines/whisper/index.ts';
import { wavHeader } from '../../packages/api-client/src/wav.ts';

export const LIBRIVOX = process.env.LIBRIVOX_DIR ?? '/usr/share/pocketsphinx/test/data/librivox';

export interface Clip {
  name: string;
  path: string;
  reference: string;
}

/** The clips that have a reference, by name; null when the package is not installed. */
export function librivoxClips(): Clip[] | null {
  if (!existsSync(join(LIBRIVOX, 'transcription'))) return null;
  const references = new Map<string, string>();
  for (const line of readFileSync(join(LIBRIVOX, 'transcription'), 'utf8').split('\n')) {
    const m = /^<s>\s*(.*?)\s*<\/s>\s*\((.+)\)\s*$/.exec(line.trim());
    if (m) references.set(m[2], m[1]);
  }
  return readdirSync(LIBRIVOX)
    .filter((f) => f.endsWith('.wav') && references.has(f.replace(/\.wav$/, '')))
    .sort()
    .map((f) => ({ name: f.replace(/\.wav$/, ''), path: join(LIBRIVOX, f), reference: references.get(f.replace(/\.wav$/, ''))! }));
}

/**
 * A recording of at least `seconds`: the clips in turn with `gapSeconds` of silence after each, written
 * to `path` as 16 kHz WAV; its reference is the clips' references in the same order.
 */
export async function concatenateClips(
  clips: Clip[],
  seconds: number,
  gapSeconds: number,
  path: string,
): Promise<{ samples: Float32Array; reference: string }> {
  const decoded = [];
  for (const clip of clips) {
    const pcm = await decodeToPcm(clip.path);
    decoded.push(await pcm.read(0, pcm.length));
    await pcm.dispose();
  }
  const gap = new Float32Array(Math.round(gapSeconds * SAMPLE_RATE));
  const parts: Float32Array[] = [];
  const reference: string[] = [];
  let length = 0;
  while (length < seconds * SAMPLE_RATE) {
    for (let i = 0; i < clips.length; i++) {
      parts.push(decoded[i], gap);
      length += decoded[i].length + gap.length;
      reference.push(clips[i].reference);
    }
  }
  const samples = new Float32Array(length);
  let offset = 0;
  for (const p of parts) {
    samples.set(p, offset);
    offset += p.length;
  }
  await writeFile(path, encodeWav(samples, SAMPLE_RATE));
  return { samples, reference: reference.join(' ') };
}

/** `samples` repeated to at least `seconds`, written as a 16 kHz 16-bit WAV one repeat at a time. */
export async function writeRepeated(samples: Float32Array, seconds: number, path: string): Promise<void> {
  const repeats = Math.ceil((seconds * SAMPLE_RATE) / samples.length);
  const pcm16 = encodeWav(samples, SAMPLE_RATE).subarray(44);
  await writeFile(path, wavHeader(pcm16.byteLength * repeats, SAMPLE_RATE));
  for (let i = 0; i < repeats; i++) await appendFile(path, pcm16);
}
