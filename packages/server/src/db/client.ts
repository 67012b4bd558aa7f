import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema, type Schema } from './schema.ts';
import { StartupError } from '../startup-error.ts';
import { acquireLock } from './lock.ts';

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

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    try {
      await pool.query('select 1').catch((err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        throw new StartupError(`Could not connect to PostgreSQL at ${safeUrl(options.databaseUrl!)}: ${reason}`, { cause: err });
      });
      const db = drizzlePg(pool, { schema });
      await migratePg(db, { migrationsFolder });
      return { db: db as unknown as Db, kind: 'postgres', close: once(() => pool.end()) };
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
  }

  const dir = join(options.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const lock = acquireLock(join(dir, '.lock'), `DATA_DIR ${options.dataDir}`);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: once(async () => {
        try {
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
