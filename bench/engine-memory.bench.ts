// Memory of one inference process of the built-in engine, as production runs it (the compiled
// dist/inference-host.js with the pool's environment): private and shared memory once the model is
// loaded, and the private peak inside each 30 s window (sampled every 2 ms from outside: the window
// runs synchronously in the process). Baseline in the same run: a bare Node process forked the same way.
// From these and the server's idle memory (`pnpm bench runtime`; SERVER_IDLE_MB) it prints the least a
// server with two inference processes can need while both are inside a window: what the 650 MB target
// of a 2-hour transcription is measured against (`pnpm bench runtime` measures that peak itself).
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeToPcm, prepareWhisperModel, SAMPLE_RATE } from '../packages/server/src/features/transcription/engines/whisper/index.ts';
import { inferenceHostEnv } from '../packages/server/src/features/transcription/engines/whisper/pool.ts';
import { prepareSharedWeightsModel } from '../packages/server/src/features/transcription/engines/whisper/shared-weights.ts';
import { vocabMaskSpec } from '../packages/server/src/features/transcription/engines/whisper/inference.ts';
import { WhisperTokenizer } from '../packages/server/src/features/transcription/engines/whisper/tokenizer.ts';
import { sleep } from './support/process.ts';

const serverDir = join(import.meta.dirname, '..', 'packages', 'server');
const FIXTURE = join(serverDir, 'test', 'fixtures', 'audio', 'librivox-sense-and-sensibility-0870.wav');
const WINDOWS = 5;
const MB = 1024 * 1024;
const SERVER_IDLE = Number(process.env.SERVER_IDLE_MB ?? 240) * MB;

interface Memory {
  /** Anonymous resident memory: the process's own. */
  anon: number;
  /** File-backed resident memory (the mapped weights, node's binary): shared with other processes. */
  file: number;
  pss: number;
}

function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { anon: kb(status, 'RssAnon'), file: kb(status, 'RssFile'), pss: kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss') };
}

function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const mb = (x: number) => `${(x / MB).toFixed(0)} MB`;

const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], { cwd: serverDir, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');

const cacheDir = join(tmpdir(), 'scribe-bench-models');
const prepared = await prepareWhisperModel({ cacheDir });
const modelPath = await prepareSharedWeightsModel(prepared.modelPath, cacheDir);
const { special } = new WhisperTokenizer(prepared.tokenizer);
const mask = vocabMaskSpec(special);

// A 30 s window of speech: the fixture four times with short pauses.
const pcm = await decodeToPcm(FIXTURE);
const clip = await pcm.read(0, pcm.length);
await pcm.dispose();
const audio = new Float32Array(30 * SAMPLE_RATE);
for (let at = 0; at + clip.length <= audio.length; at += clip.length + SAMPLE_RATE / 2) audio.set(clip, at);

const bare: ChildProcess = spawn(process.execPath, ['-e', 'process.on("disconnect", () => process.exit(0))'], {
  env: inferenceHostEnv(process.env),
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await sleep(1000);
const bareMemory = memoryOf(bare.pid!);
bare.disconnect();

const options = { modelPath, threads: 1, mask, vad: true };
const host = fork(join(serverDir, 'dist', 'inference-host.js'), [JSON.stringify(options)], {
  env: inferenceHostEnv(process.env),
  serialization: 'advanced',
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const replies: Array<(reply: { kind: string; error?: string }) => void> = [];
host.on('message', (reply: { kind: string; error?: string }) => replies.shift()?.(reply));
const next = () => new Promise<{ kind: string; error?: string }>((resolve) => replies.push(resolve));
try {
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error(`the inference process did not load: ${ready.error}`);
  await sleep(500);
  const loaded = memoryOf(host.pid!);
  const windows: Array<{ cpu: number; peak: Memory; before: Memory }> = [];
  for (let i = 0; i < WINDOWS; i++) {
    const before = memoryOf(host.pid!);
    const peak = { ...before };
    const timer = setInterval(() => {
      const now = memoryOf(host.pid!);
      peak.anon = Math.max(peak.anon, now.anon);
      peak.file = Math.max(peak.file, now.file);
      peak.pss = Math.max(peak.pss, now.pss);
    }, 2);
    const cpu = cpuMsOf(host.pid!);
    const reply = next();
    host.send({ id: i, op: 'window', window: { audio, prompt: [special.startOfTranscript], beams: 1, timestamps: true } });
    const answer = await reply;
    clearInterval(timer);
    if (answer.kind !== 'window') throw new Error(`window ${i}: ${answer.error}`);
    windows.push({ cpu: cpuMsOf(host.pid!) - cpu, peak, before });
  }
  const worst = windows.reduce((a, w) => (w.peak.anon > a.peak.anon ? w : a));
  console.log(`bare node process (baseline): ${mb(bareMemory.anon)} private, ${mb(bareMemory.file)} file-backed`);
  console.log(
    `inference process, model loaded: ${mb(loaded.anon)} private (${mb(loaded.anon - bareMemory.anon)} over bare node: the session, its pre-packed weights, the VAD), ` +
      `${mb(loaded.file)} file-backed (the mapped weights, shared between the processes), PSS ${mb(loaded.pss)}`,
  );
  console.log(
    `30 s windows (${WINDOWS}): private peak ${windows.map((w) => mb(w.peak.anon)).join(', ')}; ` +
      `above the memory before each window ${windows.map((w) => mb(w.peak.anon - w.before.anon)).join(', ')}; CPU ${windows.map((w) => `${w.cpu} ms`).join(', ')}`,
  );
  // Two processes both inside a window: their private peaks, the shared pages once, the idle server.
  const floor = SERVER_IDLE + 2 * worst.peak.anon + worst.peak.file;
  console.log(
    `least a server with 2 inference processes needs while both are inside a window: ${mb(floor)} ` +
      `(server idle ${mb(SERVER_IDLE)} + 2 x ${mb(worst.peak.anon)} private + ${mb(worst.peak.file)} shared once; target of the 2-hour peak 650 MB), ` +
      `with the model loaded and no window running: ${mb(SERVER_IDLE + 2 * loaded.anon + loaded.file)}`,
  );
} finally {
  host.disconnect();
}
