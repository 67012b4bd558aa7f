/**
 * The search index's work for a large edit, in small steps after the edit (embedded database only).
 * PGlite has one connection: the index's trigger stemming thousands of changed segments inside the
 * edit's transaction (2 s for each MB of changed text, measured) held every other request that long
 * (when PGlite still ran in the request thread; in its own thread, every request that reads the database). A large edit is therefore saved with its search changes left out (the
 * transcript is marked, see below), and the changes are applied here in batches of a few KB, each its
 * own statement, so other callers get the connection between them.
 *
 * Until its batches are applied, the transcript is searched through its rows as after any edit, and
 * may briefly show words of the text before. The batches of one transcript are applied in order, and
 * any later edit or restore of it waits for them (`settled`): its own changes are relative to them.
 * The mark is `search_stale.since = 'infinity'`: never picked for a rebuild (search_refresh_stale
 * waits for a quiet minute), and left behind by a process that stopped before the batches were done;
 * `recover` rebuilds such transcripts' rows in full at start-up.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Db } from '../../db/client.ts';

/**
 * Characters of search text per batch: a few milliseconds of stemming on PGlite here when the machine is
 * idle; 8,000 took 90-200 ms each at a load average of 9 (measured), and another request waits for one.
 */
export const SEARCH_BATCH_CHARS = 2_000;

/**
 * Resolves after the event loop has taken in what arrived meanwhile (setImmediate runs after I/O), so
 * another caller's query is waiting for its turn on the connection (fair-turns.ts) before the next batch
 * asks for one. When PGlite ran in the request thread it answered without ever leaving the microtask
 * queue, and a loop of awaited statements alone never let a request in: 400 batches held every other
 * request 8 s (measured).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SearchBacklog {
  /** Resolves once the batches queued for transcript `id` are applied (at once when there are none). */
  settled(id: number): Promise<void>;
  /** Queues the batches of an edit saved with its search changes left out. */
  apply(id: number, batches: string[]): void;
  /** Rebuilds the rows of transcripts whose batches were not finished by an earlier process. */
  recover(): Promise<number>;
  /** Waits for every queued batch (closing the server). */
  drain(): Promise<void>;
}

export function createSearchBacklog(db: Db, log?: FastifyBaseLogger): SearchBacklog {
  const chains = new Map<number, Promise<void>>();

  const enqueue = (id: number, work: () => Promise<void>) => {
    const before = chains.get(id) ?? Promise.resolve();
    const next = before
      .then(work)
      .catch((err: unknown) => log?.error({ err, transcriptId: id }, 'search index: batches of an edit failed'));
    chains.set(id, next);
    void next.finally(() => {
      if (chains.get(id) === next) chains.delete(id);
    });
  };

  /** Done: an ordinary stale mark, so the transcript's document is rebuilt once it has been quiet. */
  const unmark = (id: number) => db.execute(sql`update search_stale set since = now() where transcript_id = ${id} and since = 'infinity'`);

  return {
    settled: (id) => chains.get(id) ?? Promise.resolve(),

    apply(id, batches) {
      enqueue(id, async () => {
        for (const batch of batches) {
          await nextTurn();
          await db.execute(sql`select search_apply_segment_changes(${id}, ${batch}::jsonb)`);
        }
        await unmark(id);
      });
    },

    async recover() {
      const rows = await selectRows<{ id: number }>(db, sql`select transcript_id as id from search_stale where since = 'infinity'`);
      for (const { id } of rows) {
        enqueue(id, async () => {
          await db.execute(sql`select search_index_segments(${id})`);
          await unmark(id);
        });
      }
      return rows.length;
    },

    async drain() {
      while (chains.size > 0) await Promise.all(chains.values());
    },
  };
}

/** In the edit's transaction: marks the transcript as waiting for its batches (see above). */
export const markSearchBacklog = (id: number) => sql`update search_stale set since = 'infinity' where transcript_id = ${id}`;
