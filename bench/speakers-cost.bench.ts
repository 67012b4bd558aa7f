// What speaker detection costs a transcription (issue 36): the same recording transcribed by the built-in
// engine without and then with the detection step that follows each transcription in the worker (decode
// and detection in the analysis threads, as production runs them: speakers/finder.ts), in the same run.
// Prints the real-time factor of each, the detection's share of the time, and the peak memory of this
// process (its analysis threads included) and the engine's inference processes during each.
// Targets: at most 15 % slower, at most 50 MB more at the peak.
// The recording: the repository's three-voice conversation, repeated to five minutes.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWhisperEngine, decodeToPcm, SAMPLE_RATE } from '../packages/server/src/features/transcription/engines/whisper/index.ts';
import { pooledSpeakerFinder } from '../packages/server/src/features/transcription/speakers/finder.ts';
import { createWorkPool } from '../packages/server/src/work/pool.ts';
import { THREE_VOICES } from '../packages/server/test/support/conversations.ts';
import { sampleMemory, timed } from './support/engine-usage.ts';
import { writeRepeated } from './support/librivox.ts';

const SECONDS = 300;
const MB = 1024 * 1024;

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before the run)`,
);
const work = await mkdtemp(join(tmpdir(), 'scribe-bench-speakers-cost-'));
const cacheDir = join(tmpdir(), 'scribe-bench-models');
await mkdir(cacheDir, { recursive: true });
const pcm = await decodeToPcm(THREE_VOICES);
const samples = await pcm.read(0, pcm.length);
await pcm.dispose();
const filePath = join(work, 'conversation-5min.wav');
await writeRepeated(samples, SECONDS, filePath);
const audioSeconds = Math.ceil(SECONDS / (samples.length / SAMPLE_RATE)) * (samples.length / SAMPLE_RATE);

const engine = createWhisperEngine({ cacheDir });
// As the server's work pool is configured by default (half the cores, the AI kind's queue).
const pool = createWorkPool({ threads: undefined, queueMax: { exports: 8, edits: 8, ai: 8 } });
const finder = pooledSpeakerFinder(pool, work);
try {
  await engine.transcribe({ filePath: THREE_VOICES }); // the model loaded, the processes started

  // Rounds alternate (without, with, without, with, …) so neither side gets the warmer caches; medians.
  const ROUNDS = 3;
  const plainWalls: number[] = [];
  const transcribeWalls: number[] = [];
  const detectWalls: number[] = [];
  const without = { rss: 0, pss: 0 };
  const withDetection = { rss: 0, pss: 0 };
  const peakOf = (into: { rss: number; pss: number }, peak: { rss: number; pss: number }) => {
    into.rss = Math.max(into.rss, peak.rss);
    into.pss = Math.max(into.pss, peak.pss);
  };
  let plain!: Awaited<ReturnType<typeof engine.transcribe>>;
  let labelled: Awaited<ReturnType<typeof finder.find>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const withoutMemory = sampleMemory(engine);
    const [result, plainWall] = await timed(() => engine.transcribe({ filePath }), engine);
    peakOf(without, withoutMemory());
    plain = result;
    plainWalls.push(plainWall);

    const withMemory = sampleMemory(engine);
    const [again, transcribeWall] = await timed(() => engine.transcribe({ filePath }), engine);
    const [found, detectWall] = await timed(() => finder.find({ filePath, segments: again.segments }));
    peakOf(withDetection, withMemory());
    labelled = found;
    transcribeWalls.push(transcribeWall);
    detectWalls.push(detectWall);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const plainWall = median(plainWalls);
  const transcribeWall = median(transcribeWalls);
  const detectWall = median(detectWalls);

  const speakers = new Set(labelled.map((s) => s.speaker)).size;
  const rtf = (wall: number) => `${(audioSeconds / wall).toFixed(1)}x real time (${wall.toFixed(1)} s)`;
  console.log(
    `recording: ${audioSeconds.toFixed(0)} s, three voices, ${ROUNDS} rounds each way (medians); ${plain.segments.length} segments, ${speakers} speakers found`,
  );
  console.log(`without detection: ${rtf(plainWall)}`);
  console.log(
    `with detection:    ${rtf(transcribeWall + detectWall)}: transcription ${transcribeWall.toFixed(1)} s + detection ${detectWall.toFixed(1)} s`,
  );
  const slower = (transcribeWall + detectWall) / plainWall - 1;
  console.log(`detection adds ${(slower * 100).toFixed(1)} % to the time (target: at most 15 %)`);
  console.log(
    `peak memory (this process and the inference processes): RSS ${(without.rss / MB).toFixed(0)} MB without, ${(withDetection.rss / MB).toFixed(0)} MB with; PSS ${(without.pss / MB).toFixed(0)} / ${(withDetection.pss / MB).toFixed(0)} MB`,
  );
  console.log(`the peak grows by ${((withDetection.pss - without.pss) / MB).toFixed(0)} MB PSS (target: at most 50 MB)`);
} finally {
  await engine.close();
  await pool.close();
  await rm(work, { recursive: true, force: true });
}
