// GET /api/folders/tree on PGlite for a user with 10,000 transcripts in 1,000 folders (the library of
// packages/server/test/support/library.ts), against the server in a process of its own: p50/p95 over
// 100 requests, alone, while the user's other tab renames a folder between requests (the tree changed,
// its transcripts not), and while it renames a transcript (the kept transcripts' part is patched with
// that one row); baseline in the same run: GET /api/auth/me p95 on the same server. Target: p95 < 50 ms
// in every case.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { registerUser, seedLibrary } from '../packages/server/test/support/library.ts';
import { freePort } from '../packages/server/test/support/ports.ts';
import { percentile, waitFor } from './support/process.ts';

const serverDir = join(import.meta.dirname, '..', 'packages', 'server');
const REQUESTS = 100;
const WARMUP = 10;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-tree-route-'));
const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_DIST_DIR: join(dataDir, 'no-app'), ALTCHA_MAX_NUMBER: '20' };
let cookie = '';
let someFolder = 0;
let someTranscript = 0;
const app = await buildServer(loadConfig({ ...env, DATABASE_URL: '', PORT: '0' }), { worker: false });
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const user = await registerUser(`http://127.0.0.1:${port}`, 'tree');
  cookie = user.cookie;
  const library = await seedLibrary(app.database.db, user.id);
  someFolder = library.folderIds[0];
  someTranscript = library.transcriptIds[9001]; // completed (every 50th is processing): its title can be edited
} finally {
  await app.close();
}

const port = await freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ...env, DATABASE_URL: '', PORT: String(port), API_RATE_LIMIT_PER_MINUTE: '100000' },
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
  const rename = async (i: number) => {
    const res = await fetch(`${base}/api/folders/${someFolder}`, {
      method: 'PUT',
      headers: { ...XHR, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Project renamed ${i}` }),
    });
    if (res.status !== 200) throw new Error(`rename: ${res.status}`);
  };
  const retitle = async (i: number) => {
    const res = await fetch(`${base}/api/transcripts/${someTranscript}`, {
      method: 'PATCH',
      headers: { ...XHR, Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: `Recording renamed ${i}` }),
    });
    if (res.status !== 200) throw new Error(`retitle: ${res.status}`);
  };
  let bytes = 0;
  const still: number[] = [];
  const changed: number[] = [];
  const me: number[] = [];
  for (let i = 0; i < REQUESTS + WARMUP; i++) {
    const r = await time('/api/folders/tree');
    bytes = r.bytes;
    if (i >= WARMUP) still.push(r.ms);
  }
  for (let i = 0; i < REQUESTS + WARMUP; i++) {
    await rename(i);
    const r = await time('/api/folders/tree');
    if (i >= WARMUP) changed.push(r.ms);
  }
  const retitled: number[] = [];
  for (let i = 0; i < REQUESTS + WARMUP; i++) {
    await retitle(i);
    const r = await time('/api/folders/tree');
    if (i >= WARMUP) retitled.push(r.ms);
  }
  for (let i = 0; i < REQUESTS + WARMUP; i++) {
    const r = await time('/api/auth/me');
    if (i >= WARMUP) me.push(r.ms);
  }
  const f = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;
  const p95 = Math.max(percentile(still, 95), percentile(changed, 95), percentile(retitled, 95));
  console.log(
    `GET /api/folders/tree, 10,000 transcripts in 1,000 folders (${(bytes / 1024).toFixed(0)} KB JSON, PGlite), ${REQUESTS} requests each:`,
  );
  console.log(`  tree unchanged between requests: ${f(still)}`);
  console.log(`  a folder renamed before each:    ${f(changed)}`);
  console.log(`  a transcript renamed before each: ${f(retitled)}`);
  console.log(`  (baseline GET /api/auth/me ${f(me)}) (target p95 < 50 ms) ${p95 < 50 ? 'PASS' : 'MISS'}`);
} finally {
  if (child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
}
