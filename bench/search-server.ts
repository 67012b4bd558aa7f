// The server side of search.bench.ts, in a process of its own so the client's work stays out of its
// timings: a real server (PGlite with `--pglite`, else PostgreSQL from DATABASE_URL) with one user who
// owns 10,000 completed transcripts of 1,000 words each (50 segments of 20 words), 20 % of them German.
// Words are drawn from a made-up 20,000-word vocabulary with Zipf's law (a few words are everywhere,
// most are rare), as in real speech. Prints one JSON line { url, cookie, id, seedSeconds } and serves
// until SIGTERM; each line it reads on stdin is answered with { cpuMs }, its CPU time so far.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { transcripts, type StoredSegment } from '../packages/server/src/db/schema.ts';
import { login, register, sessionCookie, startServer, tempDir } from '../packages/server/test/helpers.ts';

export const TRANSCRIPTS = 10_000;
const WORDS_PER_TRANSCRIPT = 1000;
const WORDS_PER_SEGMENT = 20;
export const VOCABULARY = 20_000;
const BATCH = 100;

/** A small deterministic PRNG (mulberry32), so every run searches the same library. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The vocabulary, most frequent first: distinct made-up words of two to four syllables. */
export function vocabulary(): string[] {
  const rnd = random(7);
  const onsets = ['b', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'st', 'kl', 'tr'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ei', 'au'];
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const syllables = 2 + Math.floor(rnd() * 3);
    let w = '';
    for (let i = 0; i < syllables; i++) w += onsets[Math.floor(rnd() * onsets.length)] + vowels[Math.floor(rnd() * vowels.length)];
    words.add(w);
  }
  return [...words];
}

/**
 * SEARCH_BENCH_CACHE=<folder> (PGlite only; for repeated runs while tuning, seeding takes minutes): the
 * seeded data folder is kept under it, keyed by the migrations, and a copy of it serves later runs.
 */
function cachedFolder(): string | undefined {
  const cache = process.env.SEARCH_BENCH_CACHE;
  if (!cache) return undefined;
  const migrations = join(import.meta.dirname, '../packages/server/drizzle');
  const hash = createHash('sha256').update(`${TRANSCRIPTS} ${WORDS_PER_TRANSCRIPT} ${VOCABULARY}`);
  for (const f of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(readFileSync(join(migrations, f)));
  return join(cache, hash.digest('hex').slice(0, 16));
}
// The lock of the process that seeded the folder is not copied.
const copyData = (from: string, to: string) => cpSync(from, to, { recursive: true, filter: (f) => basename(f) !== '.lock' });

interface Seeded {
  username: string;
  password: string;
  firstId: number;
  seedSeconds: number;
}

async function fromCache(cached: string) {
  const seeded = JSON.parse(readFileSync(join(cached, 'seeded.json'), 'utf8')) as Seeded;
  const dataDir = tempDir();
  copyData(cached, dataDir);
  const server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '1000000', DATA_DIR: dataDir }, { pglite: true });
  const cookie = sessionCookie(await login(server, seeded.username, seeded.password))!;
  console.log(JSON.stringify({ url: server.url, cookie, id: seeded.firstId, seedSeconds: seeded.seedSeconds }));
  return server;
}

if (process.argv[1] === import.meta.filename) {
  const pglite = process.argv.includes('--pglite');
  const cached = pglite ? cachedFolder() : undefined;
  if (cached && existsSync(join(cached, 'seeded.json'))) {
    serve(await fromCache(cached));
  } else {
    await seedAndServe(pglite, cached);
  }
}

function serve(server: { close(): Promise<void> }) {
  process.stdin.on('data', () => {
    const { user: u, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuMs: (u + system) / 1000 }));
  });
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

async function seedAndServe(pglite: boolean, cached: string | undefined) {
  const server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '1000000' }, { pglite });
  const { cookie, user, account } = await register(server);
  const words = vocabulary();
  // Zipf: the word of rank r is drawn with weight 1/r.
  const cumulative = new Float64Array(words.length);
  let total = 0;
  words.forEach((_, r) => (cumulative[r] = total += 1 / (r + 1)));
  const rnd = random(42);
  const draw = () => {
    const x = rnd() * total;
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  const t0 = performance.now();
  const db = server.app.database.db;
  let firstId = 0;
  for (let b = 0; b < TRANSCRIPTS / BATCH; b++) {
    const rows = Array.from({ length: BATCH }, (_, i) => {
      const n = b * BATCH + i;
      const segments: StoredSegment[] = [];
      for (let s = 0; s < WORDS_PER_TRANSCRIPT / WORDS_PER_SEGMENT; s++) {
        const text = Array.from({ length: WORDS_PER_SEGMENT }, draw).join(' ');
        segments.push({ start: s * 6, end: s * 6 + 5.5, speaker: 'A', text: text[0]!.toUpperCase() + text.slice(1) + '.' });
      }
      return {
        userId: user.id,
        title: `Recording ${n}: ${draw()} ${draw()}`,
        status: 'completed' as const,
        progress: 100,
        language: n % 5 === 0 ? 'de' : 'en',
        content: segments.map((s) => s.text).join(' '),
        segments,
        durationSeconds: 300,
      };
    });
    const inserted = await db.insert(transcripts).values(rows).returning({ id: transcripts.id });
    if (b === 0) firstId = inserted[0]!.id;
  }
  // Planner statistics, as autovacuum gathers them on PostgreSQL soon after such inserts. PGlite has no
  // autovacuum and the server never analyzes, so it is measured as it runs: without statistics.
  if (!pglite) await db.execute('analyze');
  const seedSeconds = (performance.now() - t0) / 1000;
  if (cached) {
    await db.execute('checkpoint');
    copyData(server.dataDir, cached);
    const seeded: Seeded = { username: account.username, password: account.password, firstId, seedSeconds };
    writeFileSync(join(cached, 'seeded.json'), JSON.stringify(seeded));
  }
  console.log(JSON.stringify({ url: server.url, cookie, id: firstId, seedSeconds }));
  serve(server);
}
