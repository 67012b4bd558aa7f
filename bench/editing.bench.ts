// Saving an edit (PATCH /api/transcripts/{id}) of a 3-hour, 2,500-segment transcript on PGlite through
// real HTTP, target p95 < 50 ms; baselines in the same run on the same transcript: GET of the whole
// transcript, and a title-only PATCH (a new revision that copies the segments inside the database).
// The server runs in its own process (bench/editing-server.ts).
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { benchSegments } from './editing-server.ts';

const RUNS = 100;
const WARMUP = 10;
const TARGET_P95_MS = 50;

const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'editing-server.ts')], {
  cwd: join(import.meta.dirname, '..'),
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout! });
const nextLine = () =>
  new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
const first = await nextLine();
/** The server process's CPU time so far (ms): contention on a shared machine inflates wall time, not this. */
const serverCpu = async () => {
  const answer = nextLine();
  child.stdin!.write('cpu\n');
  return (JSON.parse(await answer) as { cpuMs: number }).cpuMs;
};
const { url, cookie, id } = JSON.parse(first) as { url: string; cookie: string; id: number };
const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Cookie: cookie };

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Wall times of the measured requests, and the server's mean CPU time per request. */
async function timed(send: (i: number) => Promise<Response>): Promise<{ xs: number[]; cpu: number }> {
  const xs: number[] = [];
  let cpu0 = 0;
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const t0 = performance.now();
    const res = await send(i);
    await res.arrayBuffer();
    const took = performance.now() - t0;
    if (!res.ok) throw new Error(`request ${i}: ${res.status}`);
    if (i >= WARMUP) xs.push(took);
    if (i === WARMUP - 1) cpu0 = await serverCpu();
  }
  return { xs, cpu: ((await serverCpu()) - cpu0) / RUNS };
}

try {
  const segments = benchSegments();
  let revision = 1;
  const patch = async (body: object) => {
    const res = await fetch(`${url}/api/transcripts/${id}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
    if (res.ok) revision = ((await res.clone().json()) as { revision: number }).revision;
    return res;
  };
  const bodyBytes = JSON.stringify({ segments, baseRevision: 1 }).length;

  const get = await timed(() => fetch(`${url}/api/transcripts/${id}`, { headers }));
  const title = await timed((i) => patch({ title: `Three-hour planning meeting ${i}` }));
  // Each save changes one word of another segment and marks it reviewed, as the editor's autosave would.
  const edit = await timed((i) => {
    const k = (i * 37) % segments.length;
    segments[k] = { ...segments[k]!, text: `${segments[k]!.text.replace(/ \(edit \d+\)$/, '')} (edit ${i})`, reviewed: true };
    return patch({ segments, baseRevision: revision });
  });

  const line = (label: string, r: { xs: number[]; cpu: number }) =>
    `${label}: p50 ${ms(percentile(r.xs, 50))}, p95 ${ms(percentile(r.xs, 95))}, server CPU ${ms(r.cpu)} a request`;
  console.log(
    `transcript: ${segments.length} segments, 3 h; request body ${(bodyBytes / 1024).toFixed(0)} KB; ${RUNS} requests each after ` +
      `${WARMUP} warm-up; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  console.log(line('baseline GET /api/transcripts/{id}', get));
  console.log(line('baseline title-only PATCH (new revision)', title));
  const p95 = percentile(edit.xs, 95);
  console.log(
    `${line('save an edit (PATCH with all segments, new revision)', edit)} ` +
      `(x${(percentile(edit.xs, 50) / percentile(get.xs, 50)).toFixed(1)} the GET at p50) target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'PASS' : 'MISS'}`,
  );
} finally {
  child.kill('SIGTERM');
}
