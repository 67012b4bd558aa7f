import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { ensureQueue } from '../../db/boss.ts';
import { selectRows, type Database } from '../../db/client.ts';

/**
 * Erasure of a deleted account's traces in the database files.
 *
 * DELETE only marks rows dead: their bytes stay in the table, index and TOAST pages (a plain VACUUM
 * frees the space but does not overwrite it, and leaves index entries' bytes where they were), and in
 * the write-ahead log. So after a deletion a background job rewrites every table that can hold a
 * user's rows (users and the tables that reference it, directly or through a parent) with VACUUM FULL,
 * which writes the live rows into new files and drops the old ones, then checkpoints. On PGlite it
 * first ends the current WAL segment, and the checkpoint then removes the segments before it (the
 * embedded database runs with wal_recycle=off, so they are deleted rather than renamed for reuse with
 * their old contents). On PostgreSQL the WAL, its archive, replicas and backups are the operator's.
 *
 * VACUUM FULL locks one table at a time while it rewrites it. SKIP_LOCKED keeps it from queueing for a
 * lock behind a long transaction (everyone else's queries would queue behind it); a table it had to
 * skip makes the job fail and try again later (pg-boss retries with growing delays).
 */
export const ERASURE_QUEUE = 'account-erasure';

/** The message of the log line a finished erasure writes (operators and tests look for it). */
export const ERASURE_DONE = 'account erasure: deleted rows rewritten out of the database files';

const RETRY_LIMIT = 20;
const RETRY_DELAY_SECONDS = 30;
// Rewriting a large table can take long; an attempt is given up (and retried) only after this.
const EXPIRE_SECONDS = 6 * 60 * 60;

// PostgreSQL's insufficient_privilege: CHECKPOINT needs superuser or pg_checkpoint (PostgreSQL 15+).
const INSUFFICIENT_PRIVILEGE = '42501';

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export interface ErasureDeps {
  database: Database;
  boss: PgBoss;
  log: FastifyBaseLogger;
}

export function createAccountErasure({ database, boss, log }: ErasureDeps) {
  const { db } = database;

  /** users and every table whose rows reference it, directly or through a chain of foreign keys. */
  async function tablesOfUsers(): Promise<Array<{ oid: number; name: string }>> {
    return selectRows(
      db,
      sql`with recursive referencing(oid) as (
            select 'users'::regclass::oid
            union
            select c.conrelid from pg_constraint c join referencing r on c.confrelid = r.oid where c.contype = 'f'
          )
          select oid::int as oid, oid::regclass::text as name from referencing order by 2`,
    );
  }

  const fileNode = async (oid: number) =>
    (await selectRows<{ node: string | null }>(db, sql`select pg_relation_filenode(${oid}::oid)::text as node`))[0]?.node ?? null;

  /** Rewrites the tables and checkpoints; throws when a table was locked (the job is retried). */
  async function erase(): Promise<void> {
    const started = performance.now();
    const skipped: string[] = [];
    const tables = await tablesOfUsers();
    for (const table of tables) {
      const before = await fileNode(table.oid);
      const tableStarted = performance.now();
      // One statement per table: other requests get their turns between tables.
      await db.execute(sql.raw(`vacuum (full, skip_locked) ${table.name}`));
      // VACUUM FULL writes a new file; the same file means the table was locked and skipped.
      if ((await fileNode(table.oid)) === before) skipped.push(table.name);
      log.debug({ table: table.name, ms: Math.round(performance.now() - tableStarted) }, 'account erasure: table rewritten');
    }
    if (database.kind === 'pglite') {
      // The WAL segment holding the deleted rows is closed, and the checkpoint deletes it.
      await db.execute(sql`select pg_switch_wal()`);
      await db.execute(sql`checkpoint`);
    } else {
      try {
        await db.execute(sql`checkpoint`);
      } catch (err) {
        if (pgCode(err) !== INSUFFICIENT_PRIVILEGE) throw err;
        log.info('account erasure: no CHECKPOINT privilege; the old table files go at the next checkpoint');
      }
    }
    if (skipped.length > 0)
      throw new Error(`account erasure: tables locked by other transactions, tried again later: ${skipped.join(', ')}`);
    log.info({ tables: tables.length, ms: Math.round(performance.now() - started) }, ERASURE_DONE);
  }

  /**
   * On the embedded database an 'active' erasure at start belongs to a process that was killed: a new
   * one is queued rather than waiting for that attempt to expire.
   */
  async function recover(): Promise<void> {
    const rows = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where name = ${ERASURE_QUEUE} and state = 'active'`,
    );
    if ((rows[0]?.n ?? 0) > 0) await request();
  }

  /**
   * Queues an erasure. One waiting job covers every deletion made before it runs (the queue keeps at
   * most one waiting and one running job), so a burst of deletions costs one or two rewrites.
   */
  async function request(): Promise<void> {
    await boss.send(
      ERASURE_QUEUE,
      {},
      { retryLimit: RETRY_LIMIT, retryDelay: RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: EXPIRE_SECONDS },
    );
  }

  return {
    request,
    erase,

    /** Creates the queue (every role that deletes accounts needs it before sending). */
    async prepare(): Promise<void> {
      await ensureQueue(boss, ERASURE_QUEUE, { policy: 'stately' });
    },

    /** Runs erasures in this process (worker roles), after recovering an interrupted one. */
    async startWorking(soleProcess: boolean, pollingIntervalSeconds = 1): Promise<() => Promise<void>> {
      if (soleProcess) await recover().catch((err: unknown) => log.error({ err }, 'account erasure recovery failed'));
      await boss.work(ERASURE_QUEUE, { batchSize: 1, pollingIntervalSeconds }, async () => {
        await erase();
      });
      return async () => {
        await boss.offWork(ERASURE_QUEUE).catch((err: unknown) => log.error({ err }, 'could not stop the account erasure worker'));
      };
    },
  };
}
export type AccountErasure = ReturnType<typeof createAccountErasure>;
