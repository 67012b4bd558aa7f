/**
 * "This transcript is being transcribed by a live process." pg-boss marks a job 'active' when a worker
 * takes it but cannot tell a busy worker from a dead one until the job expires. A lease can:
 * - PostgreSQL: a session-level advisory lock on a dedicated connection. A process that dies loses its
 *   connection and with it the lock, so any process can see at once which active jobs are orphans.
 * - PGlite: one process holds the database, so an in-memory set is the whole truth; a job active at
 *   start-up belongs to a process that is gone.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface JobLeases {
  /** Takes the lease; null when another live process holds it (the job is a duplicate). */
  acquire(transcriptId: number): Promise<{ release(): Promise<void> } | null>;
  /** Whether any live process holds the lease. */
  held(transcriptId: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryLeases(): JobLeases {
  const held = new Set<number>();
  return {
    async acquire(id) {
      if (held.has(id)) return null;
      held.add(id);
      return {
        async release() {
          held.delete(id);
        },
      };
    },
    async held(id) {
      return held.has(id);
    },
    async close() {
      held.clear();
    },
  };
}

// First key of the two-key advisory lock: keeps our locks apart from anyone else's on the database.
const LOCK_CLASS = 0x5c41be;

export function createPgLeases(connectionString: string, log: FastifyBaseLogger): JobLeases {
  let client: pg.Client | null = null;
  // Advisory locks are re-entrant within a session: our own duplicates are caught here.
  const ours = new Set<number>();
  let connecting: Promise<pg.Client> | null = null;
  // Queries on one pg.Client are queued by the driver; the lock calls are tiny.
  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString, application_name: 'scribe-worker-leases' });
      c.on('error', (err) => {
        // Our locks went with the connection; recovery elsewhere may now restart our jobs.
        log.error({ err }, 'job lease connection lost');
        if (client === c) client = null;
      });
      await c.connect();
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async acquire(id) {
      if (ours.has(id)) return null;
      ours.add(id);
      let c: pg.Client;
      try {
        c = await connection();
        const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_CLASS, id]);
        if (!rows[0]?.ok) {
          ours.delete(id);
          return null;
        }
      } catch (err) {
        ours.delete(id);
        throw err;
      }
      return {
        async release() {
          ours.delete(id);
          if (client !== c) return;
          await c.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, id]).catch((err: unknown) => {
            log.error({ err }, 'could not release a job lease');
          });
        },
      };
    },
    async held(id) {
      const c = await connection();
      const { rows } = await c.query<{ held: boolean }>(
        `select exists (
           select 1 from pg_locks
           where locktype = 'advisory' and granted
             and database = (select oid from pg_database where datname = current_database())
             and classid = $1::int::oid and objid = $2::int::oid and objsubid = 2
         ) as held`,
        [LOCK_CLASS, id],
      );
      return Boolean(rows[0]?.held);
    },
    async close() {
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
