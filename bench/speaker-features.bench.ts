// Which features tell the bench's voices apart (issue 36): the one model the project ships, Whisper
// tiny.en, against the cepstra speaker detection uses (speakers/cepstra.ts). No speaker model can be
// downloaded here, so the encoder's states (1500 × 384 per 30 s window, split-model.ts) were the candidate
// for telling apart the near twins that `pnpm bench speakers` still merges. Each clip of each voice
// (support/voices.ts) becomes one vector: the mean (and the mean and spread) over the clip's encoder
// frames or over its speech frames' cepstra; each dimension is standardised over all clips and vectors
// are compared by cosine. A clip counts as identified when its nearest other clip that says other words
// is of the same voice (the synthetic voices say the same lines: the words alone must not decide).
// Printed: clips identified per representation, over all and per voice.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWhisperSession, encodeWindow } from '../packages/server/src/features/transcription/engines/whisper/inference.ts';
import { prepareWhisperModel } from '../packages/server/src/features/transcription/engines/whisper/model.ts';
import {
  ENCODER_FRAMES,
  ENCODER_WIDTH,
  splitWhisperModel,
} from '../packages/server/src/features/transcription/engines/whisper/split-model.ts';
import { CEPSTRA, readCepstra } from '../packages/server/src/features/transcription/speakers/cepstra.ts';
import { memorySource } from '../packages/server/test/support/conversations.ts';
import { benchVoices, TWINS } from './support/voices.ts';

/** Encoder frames are 20 ms: 320 samples at 16 kHz. */
const SAMPLES_PER_ENCODER_FRAME = 320;
const WINDOW_SAMPLES = 30 * 16000;

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before the run)`,
);
const voices = await benchVoices();
const model = await prepareWhisperModel({ cacheDir: join(tmpdir(), 'scribe-bench-models') });
const encoder = await createWhisperSession(splitWhisperModel(new Uint8Array(await readFile(model.modelPath))).encoder, 2);

/** Mean, then spread, of `dims` values per frame over the frames chosen. */
function meanAndSpread(values: ArrayLike<number>, dims: number, frames: readonly number[]): Float64Array {
  const out = new Float64Array(2 * dims);
  for (const f of frames) for (let d = 0; d < dims; d++) out[d] += values[f * dims + d]! / frames.length;
  for (const f of frames) for (let d = 0; d < dims; d++) out[dims + d] += (values[f * dims + d]! - out[d]!) ** 2 / frames.length;
  for (let d = 0; d < dims; d++) out[dims + d] = Math.sqrt(out[dims + d]!);
  return out;
}

interface Clip {
  voice: string;
  line: number;
  encoder: Float64Array;
  cepstra: Float64Array;
}
const clips: Clip[] = [];
for (const [voice, lines] of voices)
  for (const [line, whole] of lines.entries()) {
    const samples = whole.subarray(0, WINDOW_SAMPLES);
    const states = await encodeWindow(encoder, samples);
    const encoderFrames = Array.from(
      { length: Math.min(ENCODER_FRAMES, Math.floor(samples.length / SAMPLES_PER_ENCODER_FRAME)) },
      (_, f) => f,
    );
    const features = await readCepstra(memorySource(samples));
    // Speech frames: above the level detect.ts takes for speech (between the quietest and loudest).
    const sorted = Float32Array.from(features.energy).sort();
    const quiet = sorted[Math.floor(sorted.length * 0.1)]!;
    const threshold = quiet + 0.45 * (sorted[Math.floor(sorted.length * 0.99)]! - quiet);
    const speech = Array.from({ length: features.count }, (_, f) => f).filter((f) => features.energy[f]! > threshold);
    clips.push({
      voice,
      line,
      encoder: meanAndSpread(states, ENCODER_WIDTH, encoderFrames),
      cepstra: meanAndSpread(features.values, CEPSTRA, speech),
    });
  }

/** Clips whose nearest clip with other words is of their voice, by voice. */
function identified(vectorOf: (clip: Clip) => Float64Array): Map<string, [number, number]> {
  const raw = clips.map(vectorOf);
  const dims = raw[0]!.length;
  const mean = new Float64Array(dims);
  const spread = new Float64Array(dims);
  for (const v of raw) v.forEach((x, d) => (mean[d] += x / raw.length));
  for (const v of raw) v.forEach((x, d) => (spread[d] += (x - mean[d]!) ** 2 / raw.length));
  const unit = raw.map((v) => {
    const z = Array.from(v, (x, d) => (x - mean[d]!) / Math.sqrt(spread[d]! + 1e-12));
    const length = Math.hypot(...z);
    return z.map((x) => x / length);
  });
  const byVoice = new Map<string, [number, number]>();
  clips.forEach((clip, i) => {
    let nearest = -1;
    let best = -Infinity;
    clips.forEach((other, j) => {
      if (j === i || other.line === clip.line) return;
      const cosine = unit[i]!.reduce((sum, x, d) => sum + x * unit[j]![d]!, 0);
      if (cosine > best) [best, nearest] = [cosine, j];
    });
    const tally = byVoice.get(clip.voice) ?? [0, 0];
    if (clips[nearest]!.voice === clip.voice) tally[0]++;
    tally[1]++;
    byVoice.set(clip.voice, tally);
  });
  return byVoice;
}

const representations: [string, (clip: Clip) => Float64Array][] = [
  ['Whisper encoder states, mean', (c) => c.encoder.subarray(0, ENCODER_WIDTH)],
  ['Whisper encoder states, mean and spread', (c) => c.encoder],
  ['cepstra, mean', (c) => c.cepstra.subarray(0, CEPSTRA)],
  ['cepstra, mean and spread', (c) => c.cepstra],
];
console.log(`\n${clips.length} clips of ${voices.size} voices; identified: the nearest clip with other words is of the same voice`);
for (const [label, vectorOf] of representations) {
  const byVoice = identified(vectorOf);
  const total = [...byVoice.values()].reduce((sum, [right]) => sum + right, 0);
  const twins = TWINS.flat().reduce((sum, voice) => sum + (byVoice.get(voice)?.[0] ?? 0), 0);
  const twinClips = TWINS.flat().reduce((sum, voice) => sum + (byVoice.get(voice)?.[1] ?? 0), 0);
  console.log(`${label}: ${total}/${clips.length} identified, near twins ${twins}/${twinClips}`);
  console.log(`  ${[...byVoice].map(([voice, [right, all]]) => `${voice} ${right}/${all}`).join(', ')}`);
}
await encoder.release();
