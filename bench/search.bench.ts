// GET /api/search over 10,000 transcripts of 1,000 words each (bench/search-server.ts), through real
// HTTP to a server in its own process: p95 on PGlite (target < 50 ms) and, when DATABASE_URL is set
// (scripts/with-postgres.sh starts one), on PostgreSQL (target < 20 ms). Baseline in the same run on
// the same server: GET /api/transcripts/{id} of one 1,000-word transcript.
// The measured queries are what people type: a word (ranks 100-20,000 of the Zipf vocabulary), a
// word being typed (its first four letters, a prefix), and two words. The most frequent words (found
// in nearly every segment) are timed apart, as a worst case outside the target.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { random, vocabulary } from './search-server.ts';

const RUNS_PER_KIND = 40;
const WARMUP = 10;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

async function run(label: string, args: string[], env: NodeJS.ProcessEnv, target: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'search-server.ts'), ...args], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
    env,
  });
  const lines = createInterface({ input: child.stdout! });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  try {
    const { url, cookie, id, seedSeconds } = JSON.parse(await nextLine()) as {
      url: string;
      cookie: string;
      id: number;
      seedSeconds: number;
    };
    const serverCpu = async () => {
      const answer = nextLine();
      child.stdin!.write('cpu\n');
      return (JSON.parse(await answer) as { cpuMs: number }).cpuMs;
    };
    const headers = { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie };
    const timed = async (paths: string[]) => {
      const xs: number[] = [];
      let hits = 0;
      for (const path of paths) {
        const t0 = performance.now();
        const res = await fetch(url + path, { headers });
        const body = (await res.json()) as { results?: unknown[] };
        const took = performance.now() - t0;
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        xs.push(took);
        hits += body.results?.length ?? 0;
      }
      return { xs, hits: hits / paths.length };
    };

    const words = vocabulary();
    const rnd = random(99);
    const pick = (from: number, to: number) => words[from + Math.floor(rnd() * (to - from))]!;
    const q = (text: string) => `/api/search?q=${encodeURIComponent(text)}`;
    const kinds = {
      word: Array.from({ length: RUNS_PER_KIND }, () => q(pick(100, words.length))),
      prefix: Array.from({ length: RUNS_PER_KIND }, () => q(pick(50, 2000).slice(0, 4))),
      'two words': Array.from({ length: RUNS_PER_KIND }, () => q(`${pick(20, 2000)} ${pick(20, 2000)}`)),
    };
    // Warm-up: caches and lazily loaded code, not measured.
    await timed(Array.from({ length: WARMUP }, () => q(pick(100, words.length))));
    await timed(Array.from({ length: WARMUP }, () => `/api/transcripts/${id}`));

    const cpu0 = await serverCpu();
    const all: number[] = [];
    const parts: string[] = [];
    for (const [kind, paths] of Object.entries(kinds)) {
      const { xs, hits } = await timed(paths);
      all.push(...xs);
      parts.push(`${kind} p50 ${ms(percentile(xs, 50))} p95 ${ms(percentile(xs, 95))} (${hits.toFixed(1)} transcripts per answer)`);
    }
    const cpu = ((await serverCpu()) - cpu0) / all.length;
    const common = await timed(words.slice(0, 5).map(q));
    const baseline = await timed(Array.from({ length: RUNS_PER_KIND }, () => `/api/transcripts/${id}`));
    const p95 = percentile(all, 95);
    console.log(
      `GET /api/search, 10,000 transcripts x 1,000 words (${label}, seeded in ${seedSeconds.toFixed(0)} s): ` +
        `p95 ${ms(p95)} over ${all.length} queries, server CPU ${ms(cpu)} per query ` +
        `(baseline GET /api/transcripts/{id} p95 ${ms(percentile(baseline.xs, 95))}) (target p95 < ${target} ms) ${verdict(p95 < target)}`,
    );
    for (const part of parts) console.log(`  ${part}`);
    console.log(
      `  worst case, the 5 most frequent words (in nearly every segment, outside the target): ` +
        `p50 ${ms(percentile(common.xs, 50))} max ${ms(Math.max(...common.xs))}`,
    );
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

// SEARCH_BENCH_PGLITE=0 measures PostgreSQL alone (seeding PGlite takes minutes).
if (process.env.SEARCH_BENCH_PGLITE !== '0') await run('PGlite', ['--pglite'], { ...process.env }, 50);
if (process.env.DATABASE_URL) await run('PostgreSQL', [], { ...process.env }, 20);
else console.log('PostgreSQL: skipped (set DATABASE_URL, e.g. scripts/with-postgres.sh npx -y pnpm@10.34.9 bench search)');
