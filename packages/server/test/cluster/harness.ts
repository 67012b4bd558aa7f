// The scale-out topology of deploy/compose.yaml on one machine, for tests: an S3 server (s3rver), two
// `web` and two `worker` processes of the real entry point (src/main.ts) on a fresh PostgreSQL database,
// and a round-robin proxy in front of the web processes. Needs DATABASE_URL (the PostgreSQL pass of
// .ci/run, scripts/with-postgres.sh).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { tempDir } from '../helpers.ts';
import { startFakeS3, type FakeS3 } from '../s3.ts';
import { healthy, startMain, type MainProcess } from '../support/main-process.ts';
import { freePort } from '../support/ports.ts';
import { createDatabase as createPostgresDatabase } from '../support/postgres.ts';
import { startProxy, type RoundRobinProxy } from './proxy.ts';

/** What every process gets, as deploy/compose.yaml sets it (storage and database added per run). */
export const topologyEnv = {
  // Every web process signs and checks the same captcha challenges.
  ALTCHA_HMAC_KEY: 'cluster-test-hmac-key-0123456789abcdef',
  TRUST_PROXY: '1',
  COOKIE_SECURE: 'true',
  LOG_LEVEL: 'info',
} as const;

/** Test-only settings: a cheap captcha, no rate limits in the way, and fast recovery of a dead worker's job. */
export const testEnv = {
  ALTCHA_COST: '10',
  ALTCHA_MAX_NUMBER: '40',
  LOGIN_RATE_LIMIT_PER_IP: '1000',
  REGISTER_RATE_LIMIT_PER_IP: '1000',
  API_RATE_LIMIT_PER_MINUTE: '100000',
  TRANSCRIPTION_CONCURRENCY: '1',
  TRANSCRIPTION_RECOVERY_INTERVAL_SECONDS: '1',
  TRANSCRIPTION_ORPHAN_GRACE_SECONDS: '2',
} as const;

export interface ClusterProcess {
  name: string;
  role: 'web' | 'worker';
  url: string;
  port: number;
  /** Its own DATA_DIR (keys, temp files; audio goes to S3). */
  dataDir: string;
  main: MainProcess;
  /** JSON log lines printed so far (other lines skipped). */
  logs(): Array<Record<string, unknown>>;
  /** SIGKILL, as a crashed machine; resolves once the process is gone. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** The proxy's address: what a browser would use. */
  url: string;
  proxy: RoundRobinProxy;
  web: ClusterProcess[];
  workers: ClusterProcess[];
  s3: FakeS3;
  /** The run's own database. */
  databaseUrl: string;
  query<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** The process that logged `message` with this transcript id, in log order. */
  loggedBy(message: string, transcriptId: number): ClusterProcess[];
  close(): Promise<void>;
}

function parseLogs(output: string): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a partial last line
    }
  }
  return lines;
}

/** A new PostgreSQL database next to `admin` (the pass's DATABASE_URL), dropped again by `drop`. */
export const createDatabase = (admin: string) => createPostgresDatabase(admin, 'scribe_cluster');

/**
 * Starts the whole topology and waits until every process answers /api/health. All four processes start
 * at once on the empty database, as `docker compose up` starts them.
 */
export async function startCluster(extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('startCluster needs DATABASE_URL (PostgreSQL)');
  const cleanups: Array<() => Promise<void> | void> = [];
  const processes: ClusterProcess[] = [];
  const close = async () => {
    for (const p of processes) if (p.main.process.exitCode === null && p.main.process.signalCode === null) p.main.process.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.main.exited));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const database = await createDatabase(admin);
    cleanups.push(() => database.drop());
    const s3 = await startFakeS3('scribe-cluster');
    cleanups.push(() => s3.close());

    const spawnRole = async (name: string, role: 'web' | 'worker'): Promise<ClusterProcess> => {
      const port = await freePort();
      const dataDir = tempDir(`scribe-cluster-${name}-`);
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const main = startMain({
        ...topologyEnv,
        ...s3.env,
        ...testEnv,
        ...extraEnv,
        DATABASE_URL: database.url,
        SERVER_ROLE: role,
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_DIST_DIR: join(dataDir, 'no-app'),
      });
      const url = `http://127.0.0.1:${port}`;
      const proc: ClusterProcess = {
        name,
        role,
        url,
        port,
        dataDir,
        main,
        logs: () => parseLogs(main.output()),
        async kill() {
          main.process.kill('SIGKILL');
          await main.exited;
        },
      };
      processes.push(proc);
      return proc;
    };
    const web = [await spawnRole('web1', 'web'), await spawnRole('web2', 'web')];
    const workers = [await spawnRole('worker1', 'worker'), await spawnRole('worker2', 'worker')];
    await Promise.all([...web, ...workers].map((p) => healthy(p.url, p.main, 120_000)));

    const proxy = await startProxy(web.map((w) => ({ name: w.name, port: w.port })));
    cleanups.push(() => proxy.close());
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => pool.end());
    return {
      url: proxy.url,
      proxy,
      web,
      workers,
      s3,
      databaseUrl: database.url,
      async query<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
        return (await pool.query<T>(text, values)).rows;
      },
      loggedBy(message, transcriptId) {
        const found: Array<{ time: number; p: ClusterProcess }> = [];
        for (const p of processes) {
          for (const line of p.logs()) {
            if (line.msg === message && line.transcriptId === transcriptId) found.push({ time: Number(line.time ?? 0), p });
          }
        }
        return found.sort((a, b) => a.time - b.time).map((f) => f.p);
      },
      close,
    };
  } catch (err) {
    const outputs = processes.map((p) => `--- ${p.name}\n${p.main.output()}`).join('\n');
    await close();
    throw new Error(`the cluster did not start: ${(err as Error).message}\n${outputs}`, { cause: err });
  }
}
