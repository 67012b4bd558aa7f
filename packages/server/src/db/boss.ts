import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobInsert, PgBoss, Queue } from 'pg-boss';
import { selectRows, type Db } from './client.ts';

// PostgreSQL errors of two processes creating the same objects at once: deadlock, unique violation,
// duplicate table.
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

/**
 * Creates a pg-boss queue if it is missing. pg-boss's create_queue is idempotent, but processes that
 * start together on a new database (web and workers under docker compose) can deadlock in it, and
 * PostgreSQL then aborts one of them: that one tries again and finds the queue made.
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name'> = {}, attempts = 8): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RACE_CODES.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/*
 * From pg-boss 10 (job schema version 24, the releases up to this one) to pg-boss 12. pg-boss 11
 * rewrote its schema and migrates only from its own (version 25 on); its release notes leave moving
 * the jobs to the application ("INSERT ... SELECT"). So, at start:
 *   1. setAsidePgBoss10: a `pgboss` schema older than version 25 is renamed to `pgboss_v10` (one
 *      transaction, under a lock, so of several processes starting together exactly one renames it);
 *   2. pg-boss 12 creates its schema `pgboss` as on a new database;
 *   3. carryOverPgBoss10: the jobs that had not finished (created, retry, active) are inserted into
 *      the new schema with their ids, payloads, options and the attempts they had left, and the old
 *      schema is dropped. Finished jobs (history) are not carried over.
 * A process that dies between 2 and 3 finds `pgboss_v10` at its next start and carries over again:
 * the inserts keep the old ids, so a job already carried over is skipped. Every process on the
 * database must run this release: one still on pg-boss 10 would query pg-boss 12's schema and fail.
 */
export const PGBOSS_V10_SCHEMA = 'pgboss_v10';
/** The first job schema version of pg-boss 11, the oldest pg-boss 12 migrates from. */
const FIRST_V11_SCHEMA_VERSION = 25;
// Key of the advisory lock around the two steps (any constant of our own).
const UPGRADE_LOCK = 0x5c41be10;

async function schemaExists(db: Pick<Db, 'execute'>, name: string): Promise<boolean> {
  const rows = await selectRows<{ found: boolean }>(db, sql`select exists (select 1 from pg_namespace where nspname = ${name}) as found`);
  return rows[0]?.found === true;
}

/** PostgreSQL's code of an error, also when Drizzle wrapped it ("Failed query: ..."). */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : e.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

// undefined_table, invalid_schema_name: the schema or table is not there (any more).
const GONE_CODES = new Set(['42P01', '3F000']);

/** Step 1: a pg-boss 10 schema is renamed out of pg-boss 12's way. True when it was. */
export async function setAsidePgBoss10(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  // Most starts: no old schema (a new database, or one already on pg-boss 12) and nothing to lock.
  const rows = await selectRows<{ table: string | null }>(db, sql`select to_regclass('pgboss.version')::text as table`);
  if (!rows[0]?.table) return false;
  let version: number;
  try {
    version = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${UPGRADE_LOCK})`);
      // Read under the lock: another process may have renamed it meanwhile, and may be creating pg-boss
      // 12's schema right now (not visible until it commits: the read then finds no table).
      const [row] = await selectRows<{ version: string | number }>(tx, sql`select version from pgboss.version`);
      const found = Number(row?.version);
      if (!(found < FIRST_V11_SCHEMA_VERSION)) return found;
      if (await schemaExists(tx, PGBOSS_V10_SCHEMA)) {
        // Cannot happen in the order above (the old schema is renamed before pg-boss 12 creates its own).
        throw new Error(`Both pgboss (version ${found}) and ${PGBOSS_V10_SCHEMA} exist: the job queue needs an operator to look at it.`);
      }
      await tx.execute(sql.raw(`alter schema pgboss rename to ${PGBOSS_V10_SCHEMA}`));
      return found;
    });
  } catch (err) {
    if (GONE_CODES.has(pgCode(err) ?? '')) return false;
    throw err;
  }
  if (!(version < FIRST_V11_SCHEMA_VERSION)) return false;
  log.info({ schemaVersion: version }, 'job queue: the pg-boss 10 schema was set aside to carry its jobs over to pg-boss 12');
  return true;
}

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  state: string;
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date | string;
  singleton_key: string | null;
  expire_seconds: number | string;
  dead_letter: string | null;
}

/**
 * Step 3: the unfinished jobs of the set-aside pg-boss 10 schema go to pg-boss 12's queues (each
 * queue created first), then the old schema is dropped. Jobs that were running ('active') belonged to
 * a process that has stopped (the upgrade restarts every process): they start again as new. Returns
 * the number of jobs carried over.
 */
export async function carryOverPgBoss10(db: Db, boss: PgBoss, log: FastifyBaseLogger): Promise<number> {
  if (!(await schemaExists(db, PGBOSS_V10_SCHEMA))) return 0;
  let jobs: V10Job[];
  try {
    jobs = await selectRows<V10Job>(
      db,
      sql.raw(`select id::text, name, data, priority, state::text as state, retry_limit, retry_count, retry_delay, retry_backoff,
                      start_after, singleton_key, extract(epoch from expire_in)::int as expire_seconds, dead_letter
               from ${PGBOSS_V10_SCHEMA}.job
               where state in ('created', 'retry', 'active')
               order by created_on, id`),
    );
  } catch (err) {
    // Another process carried the jobs over and dropped the schema between the check and the read.
    if (GONE_CODES.has(pgCode(err) ?? '')) return 0;
    throw err;
  }
  const byQueue = new Map<string, JobInsert[]>();
  for (const job of jobs) {
    const startAfter = job.start_after instanceof Date ? job.start_after : new Date(job.start_after);
    const insert: JobInsert = {
      id: job.id,
      priority: job.priority,
      // The attempts it had left; a job that was running starts its interrupted attempt again.
      retryLimit: Math.max(0, job.retry_limit - job.retry_count),
      retryDelay: job.retry_delay,
      retryBackoff: job.retry_backoff,
      // A retry keeps its backoff; a job that was running is due now.
      startAfter: job.state === 'active' ? new Date() : startAfter,
      expireInSeconds: Math.max(1, Number(job.expire_seconds)),
      ...(job.data !== null ? { data: job.data } : {}),
      ...(job.singleton_key !== null ? { singletonKey: job.singleton_key } : {}),
      ...(job.dead_letter !== null ? { deadLetter: job.dead_letter } : {}),
    };
    const list = byQueue.get(job.name) ?? [];
    list.push(insert);
    byQueue.set(job.name, list);
  }
  for (const [name, list] of byQueue) {
    // pg-boss 12 refuses a job whose queue (or dead-letter queue) does not exist.
    for (const deadLetter of new Set(list.flatMap((j) => (j.deadLetter ? [j.deadLetter] : [])))) await ensureQueue(boss, deadLetter);
    await ensureQueue(boss, name);
    // Keeps the old ids: a job some other process carried over already is skipped (ON CONFLICT DO NOTHING).
    await boss.insert(name, list);
  }
  await db.execute(sql.raw(`drop schema if exists ${PGBOSS_V10_SCHEMA} cascade`));
  log.info(
    { jobs: jobs.length, queues: Object.fromEntries([...byQueue].map(([name, list]) => [name, list.length])) },
    'job queue: unfinished pg-boss 10 jobs carried over to pg-boss 12',
  );
  return jobs.length;
}
