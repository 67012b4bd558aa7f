// What speaker detection costs a transcription (issue 36): the same recording transcribed by the built-in
// engine without and then with the detection step that follows each transcription in the worker (decode
// and detection in the analysis threads, as production runs them: speakers/finder.ts), in the same run.
// Prints the real-time factor of each, the detection's share of the time, and the peak memory of this
// process (its analysis threads included) and the engine's inference processes during each, and what
// the detection step itself adds to this process while it runs.
// Targets: at most 15 % slower, at most 50 MB more at the peak.
// The recording: the repository's three-voice conversation, repeated to five minutes.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWhisperEngine, decodeToPcm, SAMPLE_RATE } from '../packages/server/src/features/transcription/engines/whisper/index.ts';
import { pooledSpeakerFinder } from '../packages/server/src/features/transcription/speakers/finder.ts';
import { createWorkPool } from '../packages/server/src/work/pool.ts';
import { THREE_VOICES } from '../packages/server/test/support/conversations.ts';
import { pssOf, sampleMemory, timed } from './support/engine-usage.ts';
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
  // The inference processes' memory is spiky and sampled every 500 ms, so one round's peak can land tens
  // of MB either way: the growth is each round's pair compared, and the median of those.
  const ROUNDS = 5;
  const plainWalls: number[] = [];
  const transcribeWalls: number[] = [];
  const detectWalls: number[] = [];
  const peaks: { without: { rss: number; pss: number }; with: { rss: number; pss: number }; detection: number }[] = [];
  let plain!: Awaited<ReturnType<typeof engine.transcribe>>;
  let labelled: Awaited<ReturnType<typeof finder.find>> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const withoutMemory = sampleMemory(engine);
    const [result, plainWall] = await timed(() => engine.transcribe({ filePath }), engine);
    const without = withoutMemory();
    plain = result;
    plainWalls.push(plainWall);

    const withMemory = sampleMemory(engine);
    const [again, transcribeWall] = await timed(() => engine.transcribe({ filePath }), engine);
    // Detection's own: this process (its analysis threads) from just before the step to its peak.
    const before = pssOf(process.pid);
    let detectionPeak = before;
    const sampler = setInterval(() => (detectionPeak = Math.max(detectionPeak, pssOf(process.pid))), 50);
    const [found, detectWall] = await timed(() => finder.find({ filePath, segments: again.segments }));
    clearInterval(sampler);
    detectionPeak = Math.max(detectionPeak, pssOf(process.pid));
    const withDetection = withMemory();
    peaks.push({ without: { ...without }, with: { ...withDetection }, detection: detectionPeak - before });
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
  const mb = (bytes: number) => (bytes / MB).toFixed(0);
  console.log(
    `peak memory (this process and the inference processes), median of ${ROUNDS} rounds: RSS ${mb(median(peaks.map((p) => p.without.rss)))} MB without, ${mb(median(peaks.map((p) => p.with.rss)))} MB with; PSS ${mb(median(peaks.map((p) => p.without.pss)))} / ${mb(median(peaks.map((p) => p.with.pss)))} MB`,
  );
  const growths = peaks.map((p) => p.with.pss - p.without.pss);
  console.log(
    `the peak grows by ${mb(median(growths))} MB PSS (median of the rounds' ${growths.map(mb).join(', ')}; target: at most 50 MB)`,
  );
  console.log(`detection's own: this process grows by ${mb(median(peaks.map((p) => p.detection)))} MB PSS during the step (median)`);
} finally {
  await engine.close();
  await pool.close();
  await rm(work, { recursive: true, force: true });
}
