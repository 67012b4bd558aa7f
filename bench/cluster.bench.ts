// The scale-out topology's own figures, for docs/capacity.md: memory and PostgreSQL connections per
// process role (two web, two worker processes of the real entry point, S3 on s3rver, a round-robin proxy:
// packages/server/test/cluster/harness.ts), and the CPU-seconds a worker spends per second of audio,
// end to end (fetch from S3, decode, transcribe, store), for one job alone (the baseline) and for two
// jobs at once on the two workers. Needs PostgreSQL:
//   bash scripts/with-postgres.sh npx -y pnpm@10.34.9 bench cluster
// The machine's other load shows in the figures (2 cores): compare within one run.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { newAccount, postJson, sessionCookie, type TestServer } from '../packages/server/test/helpers.ts';
import { api } from '../packages/server/test/library-helpers.ts';
import { openLive, repeatedRecording } from '../packages/server/test/transcription/server-helpers.ts';
import { startCluster, type Cluster, type ClusterProcess } from '../packages/server/test/cluster/harness.ts';

if (!process.env.DATABASE_URL) {
  console.log('cluster bench: needs PostgreSQL; run it as `bash scripts/with-postgres.sh npx -y pnpm@10.34.9 bench cluster`.');
  process.exit(0);
}

const MB = 1024 * 1024;
const TICKS = 100; // USER_HZ on Linux

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

const pidOf = (p: ClusterProcess) => p.main.process.pid!;

async function connections(cluster: Cluster): Promise<Record<string, number>> {
  const rows = await cluster.query<{ app: string; n: number }>(
    `select coalesce(nullif(application_name, ''), '(pool)') as app, count(*)::int as n
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.app, r.n]));
}

console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)} at start`);
const started = Date.now();
// Enough credits for every run below.
const cluster = await startCluster({ STARTING_CREDITS: '10000' });
try {
  console.log(`topology up (2 web, 2 workers, all started at once on a new database): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const site = { url: cluster.url } as TestServer;
  // Both engines loaded before measuring idle memory.
  const until = Date.now() + 120_000;
  while (!cluster.workers.every((w) => w.main.output().includes('transcription engine ready')) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const all = [...cluster.web, ...cluster.workers];
  console.log('\nidle memory (RSS), engine loaded in the workers:');
  for (const p of all) console.log(`  ${p.name.padEnd(8)} ${p.role.padEnd(7)} ${(status(pidOf(p), 'VmRSS') / MB).toFixed(0)} MB`);
  console.log(`PostgreSQL connections, idle: ${JSON.stringify(await connections(cluster))}`);

  const reg = await postJson(site, '/api/auth/register', await newAccount(site));
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  const cookie = sessionCookie(reg)!;
  const client = api(site, cookie);
  const recording = await repeatedRecording(12);
  const live = await openLive(site, cookie);

  async function transcribe(name: string) {
    const res = await client.upload(name, recording.wav);
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.json)}`);
    await live.status(res.json.id!, 'complete', 300_000);
    return res.json.id!;
  }

  async function measure(jobs: number) {
    const before = new Map(cluster.workers.map((w) => [w, cpuSeconds(pidOf(w))]));
    const t0 = Date.now();
    await Promise.all(Array.from({ length: jobs }, (_, i) => transcribe(`job-${jobs}-${i}.wav`)));
    const wall = (Date.now() - t0) / 1000;
    const cpu = cluster.workers.reduce((sum, w) => sum + cpuSeconds(pidOf(w)) - before.get(w)!, 0);
    const audio = jobs * recording.seconds;
    return { wall, cpu, audio };
  }

  // The first job after start also warms the engine's first inference: not counted.
  await transcribe('warm-up.wav');
  const one = await measure(1);
  const two = await measure(2);
  console.log(`\ntranscription end to end through the topology, ${recording.seconds.toFixed(1)} s recording per job:`);
  for (const [label, m] of [
    ['one job, one worker busy (baseline)', one],
    ['two jobs at once, both workers busy', two],
  ] as const) {
    console.log(
      `  ${label.padEnd(38)} ${m.wall.toFixed(2)} s wall, ${(m.audio / m.wall).toFixed(1)}x real time overall, ` +
        `${m.cpu.toFixed(2)} worker CPU s = ${(m.cpu / m.audio).toFixed(4)} CPU s per audio s`,
    );
  }
  console.log(
    `  two workers vs one on this machine: ${(two.audio / two.wall / (one.audio / one.wall)).toFixed(2)}x the audio per wall second`,
  );
  console.log('\npeak memory (VmHWM) over the run:');
  for (const p of all) console.log(`  ${p.name.padEnd(8)} ${p.role.padEnd(7)} ${(status(pidOf(p), 'VmHWM') / MB).toFixed(0)} MB`);
  console.log(`PostgreSQL connections after the jobs: ${JSON.stringify(await connections(cluster))}`);
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at the end`);
  await live.close();
} finally {
  await cluster.close();
}
