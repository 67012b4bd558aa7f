// Throughput under load, against the real server in a process of its own (the load generator shares
// the machine's cores with it, as the figures of the issue were taken), on PGlite and, when
// DATABASE_URL is set, on a fresh PostgreSQL database next to it:
// (a) 50 concurrent clients (one keep-alive connection each, 10 users) doing a mixed read/write load
//     for LOAD_SECONDS (default 60): requests/s, p50, p95 and errors; baseline in the same run: one
//     client alone doing the same mix;
// (b) fairness: one user's p95 alone, then while another user floods the server with 49 connections
//     (with the default API rate limit, as deployed); target: at most 2x the quiet value.
// Targets on 2 cores: 0 errors, PGlite 800 requests/s with p95 < 100 ms, PostgreSQL 1,400 with p95 < 50 ms.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { folders, transcripts } from '../packages/server/src/db/schema.ts';
import { solveCaptcha } from '../packages/server/test/captcha-solver.ts';
import { freePort } from '../packages/server/test/support/ports.ts';
import { createDatabase } from '../packages/server/test/support/postgres.ts';
import { percentile, sleep, verdict, waitFor, stop } from './support/process.ts';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'packages', 'server');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = 50;
const USERS = 10;
const FOLDERS_PER_USER = 20;
const TRANSCRIPTS_PER_USER = 200;
const FAIR_SECONDS = Math.max(3, Math.min(15, SECONDS / 4));

interface Account {
  id: number;
  cookie: string;
  folderIds: number[];
  transcriptIds: number[];
}

/** Registers the users over HTTP and gives each folders and transcripts, in-process (before the child holds the database). */
async function seed(env: Record<string, string>): Promise<Account[]> {
  const app = await buildServer(loadConfig({ ...env, PORT: '0' }), { worker: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const db = app.database.db;
    const accounts: Account[] = [];
    for (let u = 0; u < USERS; u++) {
      const reg = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: `Load User ${u}`,
          username: `load${u}`,
          email: `load${u}@example.com`,
          password: 'Load#12345',
          captchaToken: await solveCaptcha({ url: base }),
        }),
      });
      if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      const { id } = (await reg.json()) as { id: number };
      const cookie = reg.headers.getSetCookie()[0].split(';')[0];
      const made = await db
        .insert(folders)
        .values(Array.from({ length: FOLDERS_PER_USER }, (_, i) => ({ userId: id, name: `Folder ${i}` })))
        .returning({ id: folders.id });
      const folderIds = made.map((f) => f.id);
      const start = Date.now() - TRANSCRIPTS_PER_USER * 60_000;
      const rows = await db
        .insert(transcripts)
        .values(
          Array.from({ length: TRANSCRIPTS_PER_USER }, (_, n) => ({
            userId: id,
            folderId: folderIds[n % folderIds.length],
            title: `Recording ${n}`,
            status: 'completed' as const,
            createdAt: new Date(start + n * 60_000),
          })),
        )
        .returning({ id: transcripts.id });
      accounts.push({ id, cookie, folderIds, transcriptIds: rows.map((r) => r.id) });
    }
    return accounts;
  } finally {
    await app.close();
  }
}

interface Result {
  latencies: number[];
  errors: number;
  /** Answers 429 (counted apart: the rate limit doing its job, not a failure). */
  limited: number;
  firstError?: string;
  /** Latencies by route (method and path with ids as :id), for LOAD_VERBOSE=1. */
  byRoute: Map<string, number[]>;
}

/** One request on a keep-alive agent; resolves with the status (0 on a network error). */
function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  onBody?: (text: string) => void,
): Promise<number> {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          Cookie: cookie,
          'X-Requested-With': 'XMLHttpRequest',
          ...(data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (onBody) res.on('data', (c: Buffer) => chunks.push(c));
        else res.resume();
        res.on('end', () => {
          onBody?.(Buffer.concat(chunks).toString());
          resolve(res.statusCode ?? 0);
        });
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

interface State {
  made: number | null;
  n: number;
}
type Step = { method: string; path: string; body?: unknown; ok: number; made?: boolean };

/**
 * The mix a browser session makes: mostly reads (the tree on every page, the session probe, a
 * transcript, the balance), a fifth writes (renaming a folder, creating one and deleting it again).
 */
function nextStep(a: Account, state: State): Step {
  const r = state.n++ % 20;
  const folder = a.folderIds[state.n % a.folderIds.length];
  const transcript = a.transcriptIds[state.n % a.transcriptIds.length];
  if (r < 5) return { method: 'GET', path: '/api/folders/tree', ok: 200 };
  if (r < 9) return { method: 'GET', path: '/api/auth/me', ok: 200 };
  if (r < 13) return { method: 'GET', path: `/api/transcripts/${transcript}`, ok: 200 };
  if (r < 16) return { method: 'GET', path: '/api/credits/balance', ok: 200 };
  if (r < 18) return { method: 'PUT', path: `/api/folders/${folder}`, body: { name: `Folder ${folder} ${state.n}` }, ok: 200 };
  if (r === 18 || state.made === null)
    return { method: 'POST', path: '/api/folders', body: { name: `New ${state.n}` }, ok: 201, made: true };
  const id = state.made;
  state.made = null;
  return { method: 'DELETE', path: `/api/folders/${id}`, ok: 200 };
}

/** Sends a step; a created folder's id is kept for the delete that follows. */
function perform(agent: http.Agent, port: number, account: Account, step: Step, state: State): Promise<number> {
  const keep = step.made
    ? (text: string) => {
        if (text.startsWith('{')) state.made = (JSON.parse(text) as { id: number }).id;
      }
    : undefined;
  return request(agent, port, step.method, step.path, account.cookie, step.body, keep);
}

/** `clients` loops, each on its own connection, each sending the next request when the last answered. */
async function drive(
  port: number,
  clients: Array<{ account: Account; steps?: (a: Account, s: State) => Step }>,
  seconds: number,
): Promise<Result[]> {
  const until = performance.now() + seconds * 1000;
  return Promise.all(
    clients.map(async ({ account, steps = nextStep }, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const state = { made: null as number | null, n: i * 7 };
      const result: Result = { latencies: [], errors: 0, limited: 0, byRoute: new Map() };
      while (performance.now() < until) {
        const step = steps(account, state);
        const t = performance.now();
        const status = await perform(agent, port, account, step, state);
        const took = performance.now() - t;
        if (status === step.ok) {
          result.latencies.push(took);
          const route = `${step.method} ${step.path.replace(/\d+/g, ':id')}`;
          let list = result.byRoute.get(route);
          if (!list) result.byRoute.set(route, (list = []));
          list.push(took);
        } else if (status === 429) result.limited++;
        else {
          result.errors++;
          result.firstError ??= `${step.method} ${step.path}: ${status}`;
        }
      }
      agent.destroy();
      return result;
    }),
  );
}

function routes(results: Result[]): string {
  const all = new Map<string, number[]>();
  for (const r of results) for (const [route, xs] of r.byRoute) all.set(route, [...(all.get(route) ?? []), ...xs]);
  return [...all]
    .map(([route, xs]) => `    ${route}: n ${xs.length}, p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`)
    .join('\n');
}

function summary(results: Result[], seconds: number) {
  const latencies = results.flatMap((r) => r.latencies);
  const errors = results.reduce((n, r) => n + r.errors, 0);
  const limited = results.reduce((n, r) => n + r.limited, 0);
  return {
    rps: (latencies.length + errors + limited) / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors,
    limited,
    firstError: results.find((r) => r.firstError)?.firstError,
    routes: routes(results),
  };
}

function spawnServer(port: number, env: Record<string, string>): ChildProcess {
  // LOAD_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's time goes.
  const nodeArgs = process.env.LOAD_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
}

async function measure(label: string, databaseUrl: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scribe-bench-load-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    APP_DIST_DIR: join(dataDir, 'no-app'),
    ALTCHA_MAX_NUMBER: '20',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
  };
  try {
    const accounts = await seed(env);

    // (a) the mixed load; the per-user API budget is lifted so the figure is the server's capacity.
    let port = await freePort();
    let child = spawnServer(port, { ...env, API_RATE_LIMIT_PER_MINUTE: '1000000' });
    let load;
    let single;
    try {
      await waitFor(`http://127.0.0.1:${port}/api/health`, child);
      await drive(port, [{ account: accounts[0] }], 2); // warm-up: JIT, pools, caches
      single = summary(await drive(port, [{ account: accounts[0] }], Math.min(10, SECONDS / 2)), Math.min(10, SECONDS / 2));
      load = summary(
        await drive(
          port,
          Array.from({ length: CLIENTS }, (_, i) => ({ account: accounts[i % USERS] })),
          SECONDS,
        ),
        SECONDS,
      );
    } finally {
      await stop(child);
    }

    // (b) fairness, with the API rate limit as deployed (default per-user budget).
    port = await freePort();
    child = spawnServer(port, env);
    let quiet;
    let flooded;
    let flood;
    try {
      await waitFor(`http://127.0.0.1:${port}/api/health`, child);
      // A user browsing at a person's pace: one request every 100 ms stays within the budget.
      const browse = async (seconds: number) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const state = { made: null as number | null, n: 0 };
        const result: Result = { latencies: [], errors: 0, limited: 0, byRoute: new Map() };
        const until = performance.now() + seconds * 1000;
        while (performance.now() < until) {
          const step = nextStep(accounts[1], state);
          const t = performance.now();
          const status = await perform(agent, port, accounts[1], step, state);
          if (status === step.ok) result.latencies.push(performance.now() - t);
          else result.errors++;
          await sleep(100);
        }
        agent.destroy();
        return result;
      };
      // Warm-up as in (a) (JIT, caches), by a third user with a few connections, then the quiet figure.
      await drive(
        port,
        Array.from({ length: 8 }, () => ({ account: accounts[2] })),
        2,
      );
      await browse(1);
      quiet = summary([await browse(FAIR_SECONDS)], FAIR_SECONDS);
      const [other, floods] = await Promise.all([
        browse(FAIR_SECONDS),
        drive(
          port,
          Array.from({ length: CLIENTS - 1 }, () => ({ account: accounts[0] })),
          FAIR_SECONDS,
        ),
      ]);
      flooded = summary([other], FAIR_SECONDS);
      flood = summary(floods, FAIR_SECONDS);
    } finally {
      await stop(child);
    }

    const isPg = label === 'PostgreSQL';
    const [rpsTarget, p95Target] = isPg ? [1400, 50] : [800, 100];
    console.log(`${label}: ${CLIENTS} clients (${USERS} users), mixed read/write for ${SECONDS} s:`);
    console.log(
      `  ${load.rps.toFixed(0)} requests/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, errors ${load.errors}` +
        `${load.firstError ? ` (first: ${load.firstError})` : ''} ` +
        `(baseline one client alone: ${single.rps.toFixed(0)} requests/s, p95 ${single.p95.toFixed(1)} ms) ` +
        `(target >= ${rpsTarget} requests/s, p95 < ${p95Target} ms, 0 errors) ${verdict(load.rps >= rpsTarget && load.p95 < p95Target && load.errors === 0)}`,
    );
    if (process.env.LOAD_VERBOSE) console.log(`  one client alone, by route:\n${single.routes}\n  under load, by route:\n${load.routes}`);
    console.log(
      `  fairness: a browsing user's p95 ${flooded.p95.toFixed(1)} ms while another user floods with ${CLIENTS - 1} connections ` +
        `(${flood.rps.toFixed(0)} requests/s, ${flood.limited} answered 429) ` +
        `(baseline the same user alone: p95 ${quiet.p95.toFixed(1)} ms) (target <= 2x) ` +
        `${verdict(flooded.p95 <= 2 * quiet.p95 && flooded.errors === 0)}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// LOAD_DATABASES=postgres (or pglite) measures only that one.
const only = process.env.LOAD_DATABASES;
if (only !== 'postgres') await measure('PGlite', '');
if (process.env.DATABASE_URL && only !== 'pglite') {
  const database = await createDatabase(process.env.DATABASE_URL, 'scribe_bench');
  try {
    await measure('PostgreSQL', database.url);
  } finally {
    await database.drop();
  }
}
