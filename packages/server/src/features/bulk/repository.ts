import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db } from '../../db/client.ts';
import { folders, transcripts } from '../../db/schema.ts';

/** Thrown inside a transaction to roll it back: the request changes all of its transcripts or none. */
class Refused extends Error {
  constructor(readonly reason: BulkRefusal) {
    super(reason);
  }
}

export type BulkRefusal = 'transcript' | 'folder' | 'not-failed';
export type BulkResult<T> = { ok: true; value: T } | { ok: false; reason: BulkRefusal };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks the user's rows among `ids`; refuses unless every id is one of them. */
async function lockOwned(tx: Tx, userId: number, ids: number[]) {
  const rows = await tx
    .select({ id: transcripts.id, status: transcripts.status })
    .from(transcripts)
    .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids)))
    .for('update');
  if (rows.length !== ids.length) throw new Refused('transcript');
  return rows;
}

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<BulkResult<T>> {
  try {
    return { ok: true, value: await db.transaction(work) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason };
    throw err;
  }
}

/**
 * Several transcripts changed in one transaction each: every query is filtered by the owner, and one
 * id that is missing or someone else's (or one transcript that cannot take the action) rolls it all back.
 */
export function createBulkRepository(db: Db) {
  return {
    /** The user's transcripts among `ids` as they are now (no lock), for checks made before a change. */
    async read(userId: number, ids: number[]) {
      return db
        .select({
          id: transcripts.id,
          status: transcripts.status,
          audioKey: transcripts.audioKey,
          durationSeconds: transcripts.durationSeconds,
          isTutorialSample: transcripts.isTutorialSample,
        })
        .from(transcripts)
        .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids)));
    },

    /** What an export renders, in the order of `ids`; null unless every id is the user's. */
    async forExport(userId: number, ids: number[]) {
      const rows = await db
        .select({
          id: transcripts.id,
          title: transcripts.title,
          createdAt: transcripts.createdAt,
          content: transcripts.content,
          segments: sql<string>`${transcripts.segments}::text`,
        })
        .from(transcripts)
        .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids)));
      if (rows.length !== ids.length) return null;
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!);
    },

    async move(userId: number, ids: number[], folderId: number | null): Promise<BulkResult<number>> {
      return inTransaction(db, async (tx) => {
        if (folderId !== null) {
          const folder = await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
            .for('share');
          if (folder.length === 0) throw new Refused('folder');
        }
        await lockOwned(tx, userId, ids);
        const moved = await tx
          .update(transcripts)
          .set({ folderId, updatedAt: new Date() })
          .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids)))
          .returning({ id: transcripts.id });
        return moved.length;
      });
    },

    async delete(userId: number, ids: number[]): Promise<BulkResult<number>> {
      return inTransaction(db, async (tx) => {
        await lockOwned(tx, userId, ids);
        const removed = await tx
          .delete(transcripts)
          .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids)))
          .returning({ id: transcripts.id });
        return removed.length;
      });
    },

    /** Sets failed transcriptions back to processing; refused unless every one of them has failed. */
    async restart(userId: number, ids: number[]): Promise<BulkResult<number>> {
      return inTransaction(db, async (tx) => {
        const rows = await lockOwned(tx, userId, ids);
        if (rows.some((r) => r.status !== 'error')) throw new Refused('not-failed');
        const restarted = await tx
          .update(transcripts)
          .set({ status: 'processing', progress: 0, error: null, errorCode: null, errorParams: null, updatedAt: new Date() })
          .where(and(eq(transcripts.userId, userId), inArray(transcripts.id, ids), eq(transcripts.status, 'error')))
          .returning({ id: transcripts.id });
        return restarted.length;
      });
    },
  };
}
export type BulkRepository = ReturnType<typeof createBulkRepository>;
