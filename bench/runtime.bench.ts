// Production runtime figures (the compiled server, packages/server/dist/main.js), each next to a
// baseline measured in the same run:
// (a) start-up to the first answer on /api/health, on a new and on an existing data folder (targets
//     1.5 s existing, 3 s new), against a bare `node -e` http server spawned and polled the same way and
//     against the server run from its TypeScript sources through tsx (how it started before);
// (b) idle memory: the server's RSS a few seconds after start (target 300 MB), against the bare server;
// (c) the transcription engine loaded on first use: the first job's time from finalize to 'completed'
//     minus a second, identical job's (target 2 s), with the process's peak RSS while transcribing,
//     and the RSS once the engine has freed its model after the idle time;
// (d) a 100 MB chunked upload (4 x 25 MB + finalize), three runs on one server: peak RSS growth of
//     each (target < 64 MB in every run), against the bare server reading the same bytes;
// (e) a 2-hour recording (the sample read again and again) uploaded and transcribed by the same server:
//     the peak of the summed PSS of the server and its inference processes (target 650 MB), and each
//     process's own peak (`pnpm bench engine-memory` measures one inference process alone);
// (f) restart: time to the first answer from /api/health on an existing data folder for the README's
//     start command (`npx -y pnpm@10.34.9 start`), `npm start`, the compiled server alone
//     (`node packages/server/dist/main.js` with the project's Node) and a bare `node -e` http server,
//     RESTART_RUNS alternating rounds (median and max; target: npm start within 2 s plus the bare server).
//     It runs first; `RUNTIME_PARTS=restart pnpm bench runtime` runs it alone.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavHeader } from '../packages/api-client/src/wav.ts';
import { solveCaptcha } from '../packages/server/test/captcha-solver.ts';
import { freePort } from '../packages/server/test/support/ports.ts';
import { firstAnswer, sleep, stop, verdict } from './support/process.ts';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'packages', 'server');
const RUNS = 3;
const IDLE_SECONDS = 3;
const MB = 1024 * 1024;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SAMPLE = join(serverDir, 'assets', 'tutorial', 'librivox-sense-and-sensibility-0870.wav');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function rssOf(pid: number, field = 'VmRSS'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** A process and its descendants (the transcription engine's inference processes). */
function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children.push(...text.split(' ').map(Number));
    }
  } catch {
    // the process ended
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Proportional set size: shared pages (the model's weights, mapped by every inference process) split between their users. */
function pssOf(pid: number): number {
  const kb = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  return kb ? Number(kb[1]) * 1024 : 0;
}

function treeRssOf(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    try {
      return sum + rssOf(p);
    } catch {
      return sum; // ended meanwhile
    }
  }, 0);
}

/** Samples a process's RSS (with `tree`: summed with its descendants') every 10 ms until stopped; returns the peak. */
function sampleRss(pid: number, tree = false) {
  let peak = tree ? treeRssOf(pid) : rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, tree ? treeRssOf(pid) : rssOf(pid));
    } catch {
      // the process ended
    }
  }, 10);
  return { stop: () => (clearInterval(timer), peak) };
}

type Runner = 'compiled' | 'tsx';

// The allocator settings `pnpm start` runs the compiled server with (packages/server/package.json's
// start script, `VAR=${VAR:-default}`): the bench starts dist/main.js itself, so it sets them too.
const startScript = (JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const START_ENV = Object.fromEntries([...startScript.matchAll(/\b(MALLOC_\w+)=\$\{\1:-(\w+)\}/g)].map((m) => [m[1], m[2]]));

function spawnServer(port: number, dataDir: string, runner: Runner = 'compiled'): ChildProcess {
  const args = runner === 'compiled' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  return spawn(process.execPath, args, {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...(runner === 'compiled' ? START_ENV : {}),
      ...process.env,
      DATABASE_URL: '',
      STORAGE_DRIVER: 'local',
      TRANSCRIPTION_ENGINE: 'builtin',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_DIST_DIR: join(dataDir, 'no-app'),
      ALTCHA_MAX_NUMBER: '20',
      // Short, so the bench sees the model freed after the idle time.
      TRANSCRIPTION_ENGINE_IDLE_MINUTES: String(IDLE_SECONDS / 60),
      // Room for the 2-hour recording as 16 kHz WAV (230 MB; the default limit is 100 MB).
      UPLOAD_MAX_BYTES: String(300 * MB),
      // 120 minutes cost more than a new account's credits; the charge is not what this bench measures.
      CREDITS_PER_TRANSCRIPTION_MINUTE: '0',
    },
  });
}

function spawnBare(port: number): ChildProcess {
  const code = `require('http').createServer((q, s) => { q.resume(); q.on('end', () => { s.statusCode = 200; s.end('{}'); }); }).listen(${port}, '127.0.0.1')`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

/** Start to first answer: a new data folder, then a restart on it. */
async function startTimes(runner: Runner, runs: number): Promise<{ fresh: number[]; existing: number[] }> {
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-runtime-'));
    const port = await freePort();
    try {
      for (const into of [fresh, existing]) {
        const t = performance.now();
        const child = spawnServer(port, dataDir, runner);
        into.push(await firstAnswer(`http://127.0.0.1:${port}/api/health`, t, child));
        await stop(child);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { fresh, existing };
}

async function bareStart(): Promise<{ ms: number[]; rss: number }> {
  const ms: number[] = [];
  let rss = 0;
  for (let i = 0; i < RUNS; i++) {
    const port = await freePort();
    const t = performance.now();
    const child = spawnBare(port);
    ms.push(await firstAnswer(`http://127.0.0.1:${port}/`, t, child));
    await sleep(1000);
    rss = rssOf(child.pid!);
    await stop(child);
  }
  return { ms, rss };
}

interface Session {
  base: string;
  cookie: string;
}

async function register(base: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { ...XHR, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench User',
      username: 'bench',
      email: 'bench@example.com',
      password: 'Bench#12345',
      captchaToken: await solveCaptcha({ url: base }),
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return { base, cookie: res.headers.getSetCookie()[0].split(';')[0] };
}

async function sendChunk(s: Session, uploadId: string, index: number, total: number, name: string, data: Buffer): Promise<void> {
  const form = new FormData();
  form.append('uploadId', uploadId);
  form.append('chunkIndex', String(index));
  form.append('totalChunks', String(total));
  form.append('originalName', name);
  form.append('chunk', new Blob([data as Uint8Array<ArrayBuffer>]), name);
  const res = await fetch(`${s.base}/api/transcripts/upload-chunk`, { method: 'POST', headers: { ...XHR, Cookie: s.cookie }, body: form });
  if (res.status !== 200) throw new Error(`chunk ${index}: ${res.status} ${await res.text()}`);
}

async function finalize(s: Session, uploadId: string, total: number, name: string): Promise<string> {
  const res = await fetch(`${s.base}/api/transcripts/finalize-upload`, {
    method: 'POST',
    headers: { ...XHR, Cookie: s.cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ uploadId, originalName: name, totalChunks: total }),
  });
  if (res.status !== 201) throw new Error(`finalize: ${res.status} ${await res.text()}`);
  return String(((await res.json()) as { id: number }).id);
}

async function statusOf(s: Session, id: string): Promise<string> {
  const res = await fetch(`${s.base}/api/transcripts/${id}`, { headers: { ...XHR, Cookie: s.cookie } });
  const body = (await res.json()) as { metadata?: { status: string } };
  if (!body.metadata) throw new Error(`GET transcript: ${res.status} ${JSON.stringify(body)}`);
  return body.metadata.status;
}

/** Upload of the sample recording to 'ready': ms from finalize. */
async function transcribeSample(s: Session): Promise<number> {
  const uploadId = randomBytes(16).toString('hex');
  await sendChunk(s, uploadId, 0, 1, 'sample.wav', readFileSync(SAMPLE));
  const t = performance.now();
  const id = await finalize(s, uploadId, 1, 'sample.wav');
  for (;;) {
    const status = await statusOf(s, id);
    if (status !== 'processing') {
      if (status === 'error') throw new Error('the sample transcription failed');
      return performance.now() - t;
    }
    // Often enough to time the job closely, within the API's per-second share (30 for the default budget).
    await sleep(50);
  }
}

const CHUNK = 26_214_400;
const TOTAL = 100 * MB;
const chunkCount = Math.ceil(TOTAL / CHUNK);
function chunkOf(index: number): Buffer {
  const b = randomBytes(Math.min(CHUNK, TOTAL - index * CHUNK));
  if (index === 0) b.set(wavHeader(TOTAL - 44, 16_000));
  return b;
}

/** One 100 MB chunked upload; the server's peak RSS growth over its RSS before it, while the chunks
 * arrive and while the finalize joins them. */
async function uploadGrowth(s: Session, pid: number): Promise<{ chunks: number; finalize: number }> {
  const chunks = Array.from({ length: chunkCount }, (_, i) => chunkOf(i));
  await sleep(500);
  const before = rssOf(pid);
  const sampler = sampleRss(pid);
  const uploadId = randomBytes(16).toString('hex');
  for (let i = 0; i < chunkCount; i++) await sendChunk(s, uploadId, i, chunkCount, 'big.wav', chunks[i]);
  const chunksPeak = sampler.stop();
  const sampler2 = sampleRss(pid);
  const id = await finalize(s, uploadId, chunkCount, 'big.wav');
  const finPeak = sampler2.stop();
  // Its transcription is not part of the upload (decoding 55 minutes of audio would overlap the next
  // run): the transcript is deleted, which stops the job.
  const res = await fetch(`${s.base}/api/transcripts/${id}`, { method: 'DELETE', headers: { ...XHR, Cookie: s.cookie } });
  if (!res.ok) throw new Error(`delete: ${res.status}`);
  await sleep(2000);
  return { chunks: chunksPeak - before, finalize: finPeak - before };
}

/** The bare server reading the same 100 MB: its peak RSS growth. */
async function bareUploadGrowth(): Promise<number> {
  const port = await freePort();
  const child = spawnBare(port);
  try {
    await firstAnswer(`http://127.0.0.1:${port}/`, performance.now(), child);
    const chunks = Array.from({ length: chunkCount }, (_, i) => chunkOf(i));
    await sleep(500);
    const before = rssOf(child.pid!);
    const sampler = sampleRss(child.pid!);
    for (const data of chunks) {
      const form = new FormData();
      form.append('chunk', new Blob([data as Uint8Array<ArrayBuffer>]), 'big.wav');
      await (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: form })).text();
    }
    return sampler.stop() - before;
  } finally {
    await stop(child);
  }
}

const TWO_HOURS = 2 * 3600;

/** The sample read again and again with 0.8 s pauses, to `seconds`, as one 16 kHz 16-bit WAV file. */
function longRecording(path: string, seconds: number): number {
  const wav = readFileSync(SAMPLE);
  const data = wav.indexOf('data', 12);
  const pcm = wav.subarray(data + 8, data + 8 + wav.readUInt32LE(data + 4));
  const unit = Buffer.concat([pcm, Buffer.alloc(Math.round(0.8 * 16_000) * 2)]);
  const repeats = Math.ceil((seconds * 16_000 * 2) / unit.length);
  const block = Buffer.concat(Array.from({ length: 100 }, () => unit));
  writeFileSync(path, wavHeader(unit.length * repeats, 16_000));
  for (let done = 0; done < repeats; done += 100)
    appendFileSync(path, done + 100 <= repeats ? block : block.subarray(0, (repeats - done) * unit.length));
  return 44 + unit.length * repeats;
}

/**
 * A 2-hour recording uploaded in chunks and transcribed: the peak of the summed PSS of the server and its
 * inference processes (sampled every 250 ms), and each one's own peak.
 */
async function twoHourPeak(s: Session, pid: number, dir: string) {
  const path = join(dir, 'two-hours.wav');
  const size = longRecording(path, TWO_HOURS);
  const total = Math.ceil(size / CHUNK);
  const uploadId = randomBytes(16).toString('hex');
  const fd = openSync(path, 'r');
  try {
    for (let i = 0; i < total; i++) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - i * CHUNK));
      readSync(fd, chunk, 0, chunk.length, i * CHUNK);
      await sendChunk(s, uploadId, i, total, 'two-hours.wav', chunk);
    }
  } finally {
    closeSync(fd);
  }
  rmSync(path);
  await sleep(1000);
  const idle = pssOf(pid);
  const peaks = new Map<number, number>();
  let peakSum = 0;
  const sample = () => {
    let sum = 0;
    for (const p of processTree(pid)) {
      try {
        const pss = pssOf(p);
        sum += pss;
        peaks.set(p, Math.max(peaks.get(p) ?? 0, pss));
      } catch {
        // ended meanwhile
      }
    }
    peakSum = Math.max(peakSum, sum);
  };
  const timer = setInterval(sample, 250);
  const t = performance.now();
  try {
    const id = await finalize(s, uploadId, total, 'two-hours.wav');
    for (;;) {
      const status = await statusOf(s, id);
      if (status === 'error') throw new Error('the 2-hour transcription failed');
      if (status !== 'processing') break;
      await sleep(1000);
    }
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - t) / 1000;
  const server = peaks.get(pid) ?? 0;
  peaks.delete(pid);
  return { idle, peakSum, server, inference: [...peaks.values()], seconds };
}

// The compiled server, built now if its sources changed (outside every timing).
const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], { cwd: serverDir, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the server build failed');

const RESTART_RUNS = 5;

/**
 * The environment of a user's shell: without what pnpm adds for a script it runs (node_modules/.bin on
 * PATH, npm_* settings), so `npx` and `npm` start as they would from a terminal.
 */
function shellEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(npm_|pnpm_|PNPM_)/i.test(key)) env[key] = value;
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules'))
    .join(':');
  return { ...env, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
}

type RestartKind = 'readme' | 'npm' | 'compiled' | 'bare';

/** Each in a process group of its own, so the stop reaches the package manager, the shell and the server. */
function spawnRestart(kind: RestartKind, port: number, dataDir: string): ChildProcess {
  const options: SpawnOptions = { cwd: root, detached: true, stdio: ['ignore', 'ignore', 'inherit'], env: shellEnv(port, dataDir) };
  if (kind === 'readme') return spawn('npx', ['-y', 'pnpm@10.34.9', 'start'], options);
  if (kind === 'npm') return spawn('npm', ['start'], options);
  if (kind === 'compiled')
    return spawn(process.execPath, ['packages/server/dist/main.js'], { ...options, env: { ...START_ENV, ...options.env } });
  const code = `require('http').createServer((q, s) => { s.statusCode = 200; s.end('{}'); }).listen(${port}, '127.0.0.1')`;
  return spawn(process.execPath, ['-e', code], options);
}

/** SIGTERM to the whole group; resolved once the group's leader exited and the data folder's lock is free. */
async function stopGroup(child: ChildProcess, dataDir: string): Promise<void> {
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await exited;
  const deadline = performance.now() + 15_000;
  while (existsSync(join(dataDir, 'db', '.lock')) && performance.now() < deadline) await sleep(50);
}

async function restartTimes(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-restart-'));
  const kinds: RestartKind[] = ['readme', 'npm', 'compiled', 'bare'];
  const ms = new Map<RestartKind, number[]>(kinds.map((k) => [k, []]));
  const loads: number[] = [];
  try {
    // The first start makes the data folder and builds whatever is stale (the app too): not timed.
    const port = await freePort();
    const first = spawnRestart('npm', port, dataDir);
    await firstAnswer(`http://127.0.0.1:${port}/api/health`, performance.now(), first, 900_000);
    await stopGroup(first, dataDir);
    for (let round = 0; round < RESTART_RUNS; round++) {
      loads.push(loadavg()[0]);
      for (const kind of kinds) {
        const p = await freePort();
        const t = performance.now();
        const child = spawnRestart(kind, p, dataDir);
        try {
          ms.get(kind)!.push(await firstAnswer(`http://127.0.0.1:${p}/api/health`, t, child));
        } finally {
          await stopGroup(child, dataDir);
        }
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const fig = (kind: RestartKind) => `${secs(median(ms.get(kind)!))} (max ${secs(Math.max(...ms.get(kind)!))})`;
  const bareMs = median(ms.get('bare')!);
  const npmMs = median(ms.get('npm')!);
  console.log(
    `restart on an existing data folder, start to first answer from /api/health, median of ${RESTART_RUNS} alternating rounds ` +
      `(1-minute load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${availableParallelism()} cores):`,
  );
  console.log(`  README start command (npx -y pnpm@10.34.9 start): ${fig('readme')}`);
  console.log(`  npm start: ${fig('npm')} (target < 2 s plus the bare server: ${secs(2000 + bareMs)}) ${verdict(npmMs < 2000 + bareMs)}`);
  console.log(`  compiled server alone (node packages/server/dist/main.js): ${fig('compiled')}`);
  console.log(`  baseline: bare node http server: ${fig('bare')}`);
}

await restartTimes();
if (process.env.RUNTIME_PARTS === 'restart') process.exit(0);

const bare = await bareStart();
const compiled = await startTimes('compiled', RUNS);
const tsx = await startTimes('tsx', 1);
const [fresh, existing, bareMs] = [median(compiled.fresh), median(compiled.existing), median(bare.ms)];
console.log(
  `start-up to first answer, new data folder: ${secs(fresh)} (median of ${RUNS}; target < 3 s) ${verdict(fresh < 3000)}` +
    ` (baselines: bare node http server ${secs(bareMs)}; the server through tsx ${secs(tsx.fresh[0])})`,
);
console.log(
  `start-up to first answer, existing data folder: ${secs(existing)} (median of ${RUNS}; target < 1.5 s) ${verdict(existing < 1500)}` +
    ` (baselines: bare node http server ${secs(bareMs)}; the server through tsx ${secs(tsx.existing[0])})`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-runtime-'));
const port = await freePort();
const child = spawnServer(port, dataDir);
try {
  const base = `http://127.0.0.1:${port}`;
  await firstAnswer(`${base}/api/health`, performance.now(), child);
  await sleep(3000);
  const idle = rssOf(child.pid!);
  console.log(
    `idle server RSS: ${(idle / MB).toFixed(0)} MB (target <= 300 MB) ${verdict(idle <= 300 * MB)}` +
      ` (baseline: bare node http server ${(bare.rss / MB).toFixed(0)} MB)`,
  );

  const session = await register(base);
  // With the engine's inference processes (child processes of the server).
  const sampler = sampleRss(child.pid!, true);
  const first = await transcribeSample(session);
  const warm = await transcribeSample(session);
  const peak = sampler.stop();
  const load = first - warm;
  console.log(
    `transcription engine loaded on first use: first job ${secs(first)}, the same job again ${secs(warm)}: ` +
      `load ${secs(load)} (target < 2 s) ${verdict(load < 2000)}; peak RSS with the inference processes ${(peak / MB).toFixed(0)} MB (summed RSS: the processes share the weights' pages), ` +
      `RSS after ${(treeRssOf(child.pid!) / MB).toFixed(0)} MB (server alone ${(rssOf(child.pid!) / MB).toFixed(0)} MB)`,
  );
  await sleep(IDLE_SECONDS * 1000 + 2000);
  const released = treeRssOf(child.pid!);
  console.log(
    `idle server RSS once the engine freed its model (${IDLE_SECONDS} s idle here; TRANSCRIPTION_ENGINE_IDLE_MINUTES, default 10): ` +
      `${(released / MB).toFixed(0)} MB (target <= 300 MB) ${verdict(released <= 300 * MB)}`,
  );
  // V8 gives back the heap a job grew only in a collection at a low allocation rate, about 5 s after the
  // job (packages/server/src/idle-memory.ts runs it once the process is quiet): a later reading too.
  await sleep(10_000);
  console.log(`idle server RSS 10 s later: ${(treeRssOf(child.pid!) / MB).toFixed(0)} MB`);

  const runs: Array<{ chunks: number; finalize: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await uploadGrowth(session, child.pid!));
  const worst = Math.max(...runs.map((r) => Math.max(r.chunks, r.finalize)));
  const bareGrowth = await bareUploadGrowth();
  const mb = (x: number) => `${(x / MB).toFixed(0)} MB`;
  console.log(
    `100 MB chunked upload, server peak RSS growth per run (chunks / finalize): ${runs.map((r) => `${mb(r.chunks)} / ${mb(r.finalize)}`).join(', ')}; ` +
      `worst ${(worst / MB).toFixed(0)} MB (target < 64 MB in every run) ${verdict(worst < 64 * MB)}` +
      ` (baseline: bare node http server reading the same bytes ${(bareGrowth / MB).toFixed(0)} MB)`,
  );

  const two = await twoHourPeak(session, child.pid!, dataDir);
  console.log(
    `2-hour recording uploaded and transcribed (${two.seconds.toFixed(0)} s, ${(TWO_HOURS / two.seconds).toFixed(1)}x real time): peak PSS of the server and its inference processes ` +
      `${mb(two.peakSum)} (target <= 650 MB) ${verdict(two.peakSum <= 650 * MB)}; each one's own peak: server ${mb(two.server)} (idle before: ${mb(two.idle)}), ` +
      `inference processes ${two.inference.map(mb).join(' and ')} (PSS: each carries half of the weights' pages they share)`,
  );
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
