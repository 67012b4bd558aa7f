// Library figures, each next to a baseline measured in the same run:
// (a) a 100 MB chunked upload (4 chunks of 25 MB + finalize) over loopback to the real server in a
//     child process: throughput, and the server's peak RSS growth sampled from /proc while it runs
//     (target < 64 MB: the bytes stream to storage); baseline: the same bytes POSTed to a bare node
//     http server that only reads them;
// (b) GET /api/folders/tree for a user with 10,000 transcripts in 1,000 folders on PGlite, p95 over
//     50 requests to the server in a child process (target < 100 ms); baseline: GET /api/auth/me p95
//     on the same server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { wavHeader } from '../packages/api-client/src/wav.ts';
import { solveCaptcha } from '../packages/server/test/captcha-solver.ts';
import { registerUser, seedLibrary } from '../packages/server/test/support/library.ts';
import { freePort } from '../packages/server/test/support/ports.ts';
import { sleep, percentile, verdict, waitFor, stop } from './support/process.ts';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'packages', 'server');
const CHUNK = 26_214_400;
const TOTAL = 100 * 1024 * 1024;
const MB = 1024 * 1024;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const TREE_REQUESTS = 50;
const WARMUP = 5;

/** Resident set size of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

/** Samples a process's RSS every 10 ms until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // process gone
    }
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** The 100 MB file, made one chunk at a time: a wav header, then noise. */
function chunkOf(index: number): Buffer {
  const size = Math.min(CHUNK, TOTAL - index * CHUNK);
  const b = randomBytes(size);
  if (index === 0) b.set(wavHeader(TOTAL - 44, 16_000));
  return b;
}
const chunkCount = Math.ceil(TOTAL / CHUNK);

async function chunkedUpload(): Promise<{ seconds: number; peakGrowth: number; baseRss: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-upload-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      STORAGE_DRIVER: 'local',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_DIST_DIR: join(dataDir, 'no-app'),
      ALTCHA_MAX_NUMBER: '20',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, child);
    const reg = await fetch(`${base}/api/auth/register`, {
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
    if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
    const cookie = reg.headers.getSetCookie()[0].split(';')[0];

    const send = async (uploadId: string, i: number, data: Buffer) => {
      const form = new FormData();
      form.append('uploadId', uploadId);
      form.append('chunkIndex', String(i));
      form.append('totalChunks', String(chunkCount));
      form.append('originalName', 'bench.wav');
      form.append('chunk', new Blob([data as Uint8Array<ArrayBuffer>]), 'bench.wav');
      const res = await fetch(`${base}/api/transcripts/upload-chunk`, { method: 'POST', headers: { ...XHR, Cookie: cookie }, body: form });
      if (res.status !== 200) throw new Error(`chunk ${i}: ${res.status} ${await res.text()}`);
    };
    const finalize = async (uploadId: string) => {
      const res = await fetch(`${base}/api/transcripts/finalize-upload`, {
        method: 'POST',
        headers: { ...XHR, Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ uploadId, originalName: 'bench.wav', totalChunks: chunkCount }),
      });
      if (res.status !== 201) throw new Error(`finalize: ${res.status} ${await res.text()}`);
    };

    // Warm-up: one small upload, so lazily loaded code and pools are in place before measuring.
    const warm = randomBytes(16).toString('hex');
    const small = chunkOf(0).subarray(0, 4 * MB);
    const warmForm = new FormData();
    warmForm.append('uploadId', warm);
    warmForm.append('chunkIndex', '0');
    warmForm.append('totalChunks', '1');
    warmForm.append('originalName', 'warm.wav');
    warmForm.append('chunk', new Blob([small as Uint8Array<ArrayBuffer>]), 'warm.wav');
    await fetch(`${base}/api/transcripts/upload-chunk`, { method: 'POST', headers: { ...XHR, Cookie: cookie }, body: warmForm });
    await fetch(`${base}/api/transcripts/finalize-upload`, {
      method: 'POST',
      headers: { ...XHR, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uploadId: warm, originalName: 'warm.wav', totalChunks: 1 }),
    });
    await sleep(500);

    const baseRss = rssOf(child.pid!);
    const sampler = sampleRss(child.pid!);
    const uploadId = randomBytes(16).toString('hex');
    let busy = 0;
    for (let i = 0; i < chunkCount; i++) {
      const data = chunkOf(i); // made outside the timing
      const t = performance.now();
      await send(uploadId, i, data);
      busy += performance.now() - t;
    }
    const t = performance.now();
    await finalize(uploadId);
    busy += performance.now() - t;
    const peak = sampler.stop();
    return { seconds: busy / 1000, peakGrowth: peak - baseRss, baseRss };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same bytes, same requests, to a bare node server that reads and drops them. */
async function bareUpload(): Promise<number> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('http').createServer((q, s) => { q.on('data', () => {}); q.on('end', () => { s.end('{}'); }); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/`, child);
    let busy = 0;
    for (let i = 0; i < chunkCount; i++) {
      const data = chunkOf(i);
      const form = new FormData();
      form.append('chunk', new Blob([data as Uint8Array<ArrayBuffer>]), 'bench.wav');
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: form });
      await res.text();
      busy += performance.now() - t;
    }
    return busy / 1000;
  } finally {
    await stop(child);
  }
}

/**
 * Seeds the user in-process (rows inserted directly, which needs the database the server holds),
 * then measures against the same DATA_DIR served by a child process, so the client's work does
 * not share the server's event loop.
 */
async function treeLatency(): Promise<{ tree: number[]; me: number[]; bytes: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-tree-'));
  const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_DIST_DIR: join(dataDir, 'no-app'), ALTCHA_MAX_NUMBER: '20' };
  let cookie: string;
  const app = await buildServer(loadConfig({ ...env, PORT: '0' }));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const user = await registerUser(base, 'tree');
    cookie = user.cookie;
    await seedLibrary(app.database.db, user.id);
  } finally {
    await app.close();
  }

  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, DATABASE_URL: '', PORT: String(port) },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, child);
    const time = async (path: string) => {
      const t = performance.now();
      const res = await fetch(base + path, { headers: { Cookie: cookie } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return { ms: performance.now() - t, bytes: body.byteLength };
    };
    let bytes = 0;
    const tree: number[] = [];
    const me: number[] = [];
    for (let i = 0; i < TREE_REQUESTS + WARMUP; i++) {
      const r = await time('/api/folders/tree');
      bytes = r.bytes;
      if (i >= WARMUP) tree.push(r.ms);
    }
    for (let i = 0; i < TREE_REQUESTS + WARMUP; i++) {
      const r = await time('/api/auth/me');
      if (i >= WARMUP) me.push(r.ms);
    }
    return { tree, me, bytes };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const upload = await chunkedUpload();
const bare = await bareUpload();
const mbps = TOTAL / MB / upload.seconds;
const bareMbps = TOTAL / MB / bare;
const growthMb = upload.peakGrowth / MB;
console.log(
  `100 MB chunked upload (4 x 25 MB + finalize, local storage): ${mbps.toFixed(0)} MB/s in ${upload.seconds.toFixed(2)} s ` +
    `(baseline bare node http POST of the same bytes: ${bareMbps.toFixed(0)} MB/s; ${(mbps / bareMbps).toFixed(2)}x)`,
);
console.log(
  `server peak RSS growth during the upload: ${growthMb.toFixed(1)} MB over ${(upload.baseRss / MB).toFixed(0)} MB ` +
    `(target < 64 MB) ${verdict(growthMb < 64)}`,
);

const { tree, me, bytes } = await treeLatency();
const [t50, t95, m95] = [percentile(tree, 50), percentile(tree, 95), percentile(me, 95)];
console.log(
  `GET /api/folders/tree, 10,000 transcripts in 1,000 folders (${(bytes / 1024).toFixed(0)} KB JSON, PGlite): ` +
    `p50 ${t50.toFixed(1)} ms, p95 ${t95.toFixed(1)} ms over ${TREE_REQUESTS} requests ` +
    `(baseline GET /api/auth/me p95 ${m95.toFixed(1)} ms) (target p95 < 100 ms) ${verdict(t95 < 100)}`,
);
