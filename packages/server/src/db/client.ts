import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { schema, type Schema } from './schema.ts';
import { StartupError } from '../startup-error.ts';
import { acquireLock } from './lock.ts';
import { ensurePrivateDir, tightenTree } from '../private-files.ts';
import { copyTemplate, migrationsFolder } from './snapshot.ts';
import { PGliteThread } from './pglite-thread.ts';

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** Runs `fn` once; later calls get the same promise (close() may be called from several places). */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

/** The database port: the same Drizzle API over PGlite or PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Raw SQL in the shape pg-boss takes (`{ db: { executeSql } }`). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL only: the connection string (pg-boss opens its own small pool). */
  url?: string;
  /** PGlite only: raw SQL through the one embedded connection. */
  executeSql?: ExecuteSql;
  /**
   * PGlite only: a gzipped tar of the data folder, taken between two statements after a checkpoint, so
   * it is what a crash at that moment would leave: every committed transaction, nothing half-done.
   */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

// pg-boss sends its DDL and maintenance as one text wrapped in BEGIN ... COMMIT.
const WRAPPED_TRANSACTION = /^\s*BEGIN\s*;([\s\S]*?)COMMIT\s*;?\s*$/i;

/**
 * Raw SQL for PGlite. A failing statement inside a BEGIN ... COMMIT text would leave the one shared
 * connection in an aborted transaction, so such texts run inside PGlite's own transaction(), which
 * rolls back on error before any other caller gets the connection.
 */
function pgliteExecuteSql(client: PGliteThread): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0) {
      const result = await client.query<Record<string, unknown>>(text, values);
      return { rows: result.rows };
    }
    const wrapped = WRAPPED_TRANSACTION.exec(text);
    const results = wrapped ? await client.transaction((tx) => tx.exec(wrapped[1])) : await client.exec(text);
    // The rows of every statement, as pg-boss reads node-postgres's answer to a multi-statement text
    // (a RETURNING in the middle of a locked block must not be lost behind the statements after it).
    return { rows: results.flatMap((r) => r.rows) as Record<string, unknown>[] };
  };
}

/**
 * PGlite's own start parameters plus a smaller buffer pool and no WAL recycling (below). The default 128 MB of shared_buffers lives
 * in the WebAssembly memory and was most of the idle server's memory (measured: PGlite alone at 309 MB
 * RSS with 128 MB, 175 MB with 16 MB); the data files still sit in the operating system's page cache,
 * so reads beyond the pool are cheap.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  // WAL segments a checkpoint no longer needs are deleted instead of renamed for reuse: a recycled
  // segment keeps its old records (deleted accounts' rows among them) until it is written over.
  '-c',
  'wal_recycle=off',
];

/** Told every query Drizzle sends (benches and tests count and EXPLAIN them). */
export type QueryLogger = (query: string, params: unknown[]) => void;

// Key of the advisory lock that serialises migrations (any constant of our own).
const MIGRATION_LOCK = 0x5c41be01;

/**
 * Web and worker processes starting together on an empty database would each create the same tables
 * (drizzle's migrator takes no lock: the second fails with 'relation already exists'). One at a time,
 * the later ones find the migrations applied.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    holder.release();
  }
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  queryLogger?: QueryLogger;
  /** The template a new PGlite folder is copied from (default: the build's); null: never copy. */
  template?: string | null;
}

/**
 * True when the database already holds every migration of the journal. Drizzle's migrator decides the
 * same way (it runs the journal entries newer than the latest applied one), but reads and hashes every
 * migration file and sends its set-up statements first: on an existing folder that was a few hundred
 * milliseconds of each start for nothing. Any doubt (no table yet, an unreadable journal) says false,
 * and the migrator runs as before.
 */
async function migrationsCurrent(client: PGliteThread): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = Math.max(...journal.entries.map((e) => e.when));
    const table = await client.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
    if (!table.rows[0]?.found) return false;
    const applied = await client.query<{ latest: string | null }>(
      'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
    );
    const latest = applied.rows[0]?.latest;
    return latest !== null && latest !== undefined && Number(latest) >= newest;
  } catch {
    return false;
  }
}

const drizzleLogger = (log: QueryLogger | undefined) => (log ? { logQuery: log } : false);

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can be cut by the server (restart, failover, a dropped database); the pool
    // replaces it on the next query. Without a listener, pg would throw the error out of the process.
    pool.on('error', (err) => console.warn(`idle PostgreSQL connection closed: ${err.message}`));
    try {
      await pool.query('select 1').catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        throw new StartupError(`Could not connect to PostgreSQL at ${safeUrl(options.databaseUrl!)}: ${reason}`, { cause: err });
      });
      // Loaded here: the embedded database never needs the node-postgres driver.
      const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
        import('drizzle-orm/node-postgres'),
        import('drizzle-orm/node-postgres/migrator'),
      ]);
      const db = drizzlePg(pool, { schema, logger: drizzleLogger(options.queryLogger) });
      await migrateOnce(pool, () => migratePg(db, { migrationsFolder }));
      return { db: db as unknown as Db, kind: 'postgres', url: options.databaseUrl, close: once(() => pool.end()) };
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
  }

  const dir = join(options.dataDir, 'db');
  ensurePrivateDir(dir);
  const lock = acquireLock(join(dir, '.lock'), `DATA_DIR ${options.dataDir}`);
  let client: PGliteThread | undefined;
  try {
    // A new folder starts as a copy of the build's template when there is one for these migrations
    // (skips initdb); without one PGlite creates the database itself.
    if (options.template !== null && !existsSync(join(dir, 'PG_VERSION'))) copyTemplate(dir, options.template);
    // In a thread of its own, with fair turns between callers (pglite-thread.ts says why).
    client = await PGliteThread.create(dir, { startParams: PGLITE_START_PARAMS });
    // Drizzle's PGlite driver calls query() and transaction(), which the thread answers as PGlite does.
    const db = drizzlePglite(client as unknown as PGlite, { schema, logger: drizzleLogger(options.queryLogger) });
    if (!(await migrationsCurrent(client))) await migratePglite(db, { migrationsFolder });
    // PGlite creates its files with the process umask (the server's entry point sets 077); files of
    // earlier runs or other entry points are tightened here. In the background: the folder itself is
    // 0700 (ensurePrivateDir above), so no other account reaches a file in it meanwhile, and the walk
    // of ~1200 files is off the start path.
    const tightened = tightenTree(dir).catch(() => 0);
    const opened = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      executeSql: pgliteExecuteSql(opened),
      snapshot: () => opened.snapshot(),
      close: once(async () => {
        try {
          await tightened;
          await opened.close();
        } finally {
          lock.release();
        }
      }),
    };
  } catch (err) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw err;
  }
}

/** Rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
