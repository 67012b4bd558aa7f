// Word times in the built-in engine (issue 36), from the split model (split-model.ts): the encoder runs once
// per window and its states feed both the beam search and the word aligner.
// 1. Accuracy: word onsets on four held-out LibriVox readings against an independent forced aligner's
//    times (the fixtures README, "Word times"). Target: median error <= 0.15 s, >= 90 % within 0.3 s.
// 2. Cost, same run, one thread, median of 5 turns on a full 30 s window of speech: the whole model (the
//    engine today) against the split encoder + search (the same tokens), and + the aligner.
// The transcription's budget for what the speaker and word steps add is 15 %.
import { readFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio, SAMPLE_RATE } from '../packages/server/src/features/transcription/engines/whisper/audio.ts';
import {
  createWhisperSession,
  encodeWindow,
  vocabMaskSpec,
  WhisperRunner,
} from '../packages/server/src/features/transcription/engines/whisper/inference.ts';
import { prepareWhisperModel } from '../packages/server/src/features/transcription/engines/whisper/model.ts';
import { splitWhisperModel } from '../packages/server/src/features/transcription/engines/whisper/split-model.ts';
import { WhisperTokenizer } from '../packages/server/src/features/transcription/engines/whisper/tokenizer.ts';
import { WordAligner } from '../packages/server/src/features/transcription/engines/whisper/word-aligner.ts';
import { onsetErrors, summariseOnsets, wordTimeReferences } from '../packages/server/test/support/word-onsets.ts';

const TURNS = 5;
const WINDOW = 30 * SAMPLE_RATE;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before the run)`,
);
const model = await prepareWhisperModel({ cacheDir: join(tmpdir(), 'scribe-bench-models') });
const tokenizer = new WhisperTokenizer(model.tokenizer);
const mask = vocabMaskSpec(tokenizer.special);
const split = splitWhisperModel(new Uint8Array(await readFile(model.modelPath)));
const whole = new WhisperRunner(await createWhisperSession(model.modelPath, 1), mask);
const encoder = await createWhisperSession(split.encoder, 1);
const search = new WhisperRunner(await createWhisperSession(split.search, 1), mask);
const aligner = new WordAligner(await createWhisperSession(split.aligner, 1), tokenizer.special);
const request = { prompt: [tokenizer.special.startOfTranscript], beams: 1, timestamps: true };
const textTokens = (sequence: Int32Array) => Array.from(sequence).filter((id) => tokenizer.isText(id));

// 1. Accuracy.
const errors: number[] = [];
let referenceWords = 0;
const clips: Float32Array[] = [];
for (const [path, reference] of wordTimeReferences()) {
  const decoded = await decodeAudio(path);
  if (decoded.kind !== 'memory') throw new Error('a short clip decodes into memory');
  clips.push(decoded.samples);
  const states = await encodeWindow(encoder, decoded.samples);
  const { sequence } = await search.runOnStates(states, request);
  const clip = onsetErrors(await aligner.words(states, decoded.samples.length, textTokens(sequence), tokenizer), reference);
  errors.push(...clip.errors);
  referenceWords += reference.words.length;
}
const onsets = summariseOnsets(errors);
console.log('\nWord onsets on the held-out readings (against forced alignment)');
console.log(`  words paired       ${onsets.matched} of ${referenceWords}`);
console.log(`  median error       ${onsets.median.toFixed(3)} s   target <= 0.15 s   ${mark(onsets.median <= 0.15)}`);
console.log(`  90th percentile    ${onsets.p90.toFixed(3)} s`);
console.log(`  within 0.3 s       ${(onsets.within300ms * 100).toFixed(1)} %   target >= 90 %   ${mark(onsets.within300ms >= 0.9)}`);

// 2. Cost on a full window: the readings one after another until 30 s.
const window = new Float32Array(WINDOW);
for (let at = 0, i = 0; at < WINDOW; i++) {
  const clip = clips[i % clips.length].subarray(0, WINDOW - at);
  window.set(clip, at);
  at += clip.length;
}
const times = { whole: [] as number[], encoder: [] as number[], search: [] as number[], aligner: [] as number[] };
let same = true;
for (let turn = 0; turn < TURNS; turn++) {
  let t = performance.now();
  const reference = await whole.run({ audio: window, ...request });
  times.whole.push(performance.now() - t);
  t = performance.now();
  const states = await encodeWindow(encoder, window);
  times.encoder.push(performance.now() - t);
  t = performance.now();
  const { sequence } = await search.runOnStates(states, request);
  times.search.push(performance.now() - t);
  t = performance.now();
  await aligner.words(states, window.length, textTokens(sequence), tokenizer);
  times.aligner.push(performance.now() - t);
  same &&= reference.sequence.join() === sequence.join();
}
const [w, e, s, a] = [median(times.whole), median(times.encoder), median(times.search), median(times.aligner)];
console.log(`\nOne 30 s window, one thread, median of ${TURNS} turns`);
console.log(`  whole model (today)          ${w.toFixed(0)} ms`);
console.log(
  `  encoder + search (split)     ${(e + s).toFixed(0)} ms  (${e.toFixed(0)} + ${s.toFixed(0)})  ${((e + s) / w).toFixed(3)}x  same tokens: ${same ? 'yes' : 'NO'}`,
);
console.log(
  `  + word aligner               ${(e + s + a).toFixed(0)} ms  (aligner ${a.toFixed(0)} ms)  ${((e + s + a) / w).toFixed(3)}x   budget <= 1.15x   ${mark((e + s + a) / w <= 1.15)}`,
);
await Promise.all([whole.release(), encoder.release(), search.release(), aligner.release()]);
