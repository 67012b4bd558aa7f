import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { deletedFolders, folders, transcripts, uploadChunks, uploads, users, type UploadRow } from '../../db/schema.ts';
import type { NewTranscript } from '../transcripts/repository.ts';

export interface ChunkRow {
  chunkIndex: number;
  bytes: number;
  storageKey: string;
}

export type RecordChunkResult =
  | { ok: true; replacedKey: string | null }
  | { ok: false; reason: 'not-found' | 'finalized' | 'total-mismatch' | 'size-conflict' | 'too-many-unfinished' }
  | { ok: false; reason: 'storage-full'; usedBytes: number };

export type ClaimResult =
  | { ok: true; /** The transcript id of a dead attempt taken over: its partial file is to be removed. */ abandoned: number | null }
  | { ok: false; reason: 'not-found' | 'finalized' | 'busy' };

/** Storage limits checked inside the transaction that records new bytes. */
export interface StorageLimits {
  /** Bytes of audio one user may hold (transcripts and chunks of unfinished uploads); 0: no limit. */
  quotaBytes: number;
  /** Unfinished chunked uploads one user may have at a time. */
  maxUnfinished: number;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type InsertTranscriptResult =
  { ok: true } | { ok: false; reason: 'storage-full'; usedBytes: number } | { ok: false; reason: 'folder' | 'refused' };

/** Bytes of audio a user holds: transcripts' files and the chunks of unfinished uploads. */
async function usedBytes(tx: Tx | Db, userId: number): Promise<number> {
  const [row] = await selectRows<{ used: string | number }>(
    tx,
    sql`select
      coalesce((select sum(${transcripts.audioBytes}) from ${transcripts} where ${transcripts.userId} = ${userId}), 0) +
      coalesce((select sum(${deletedFolders.audioBytes}) from ${deletedFolders} where ${deletedFolders.userId} = ${userId}), 0) +
      coalesce((select sum(c.bytes) from ${uploadChunks} c join ${uploads} u on u.id = c.upload_id
                where u.user_id = ${userId} and u.finalized_at is null), 0) as used`,
  );
  return Number(row?.used ?? 0);
}

/** Serialises a user's storage-changing transactions, so two uploads cannot both take the last free bytes. */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export function createUploadsRepository(db: Db) {
  return {
    /** By id alone: the caller decides what another user's upload means. */
    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row;
    },

    async chunks(id: string): Promise<ChunkRow[]> {
      return db
        .select({ chunkIndex: uploadChunks.chunkIndex, bytes: uploadChunks.bytes, storageKey: uploadChunks.storageKey })
        .from(uploadChunks)
        .where(eq(uploadChunks.uploadId, id))
        .orderBy(asc(uploadChunks.chunkIndex));
    },

    /**
     * Records a stored chunk, creating the upload on its first chunk (the first caller owns the
     * id). A chunk index received before is replaced only by a chunk of the same size.
     */
    async recordChunk(input: {
      uploadId: string;
      userId: number;
      originalName: string;
      totalChunks: number;
      chunkIndex: number;
      bytes: number;
      storageKey: string;
      format: string | null;
      limits: StorageLimits;
      /** Claims with an older heartbeat belong to a finalize that died. */
      aliveAfter: Date;
    }): Promise<RecordChunkResult> {
      return db.transaction(async (tx) => {
        const now = new Date();
        await lockUser(tx, input.userId);
        const [known] = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, input.uploadId));
        if (!known) {
          const [open] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(uploads)
            .where(and(eq(uploads.userId, input.userId), isNull(uploads.finalizedAt)));
          if ((open?.n ?? 0) >= input.limits.maxUnfinished) return { ok: false, reason: 'too-many-unfinished' };
        }
        await tx
          .insert(uploads)
          .values({
            id: input.uploadId,
            userId: input.userId,
            originalName: input.originalName,
            totalChunks: input.totalChunks,
            format: input.format,
          })
          .onConflictDoNothing();
        const [upload] = await tx.select().from(uploads).where(eq(uploads.id, input.uploadId)).for('update');
        if (!upload || upload.userId !== input.userId) return { ok: false, reason: 'not-found' };
        if (upload.finalizedAt) return { ok: false, reason: 'finalized' };
        // A live finalize is reading the chunks: none may change under it.
        if (upload.finalizingTranscriptId !== null && upload.finalizingHeartbeatAt && upload.finalizingHeartbeatAt >= input.aliveAfter) {
          return { ok: false, reason: 'finalized' };
        }
        if (upload.totalChunks !== input.totalChunks) return { ok: false, reason: 'total-mismatch' };
        const [existing] = await tx
          .select()
          .from(uploadChunks)
          .where(and(eq(uploadChunks.uploadId, input.uploadId), eq(uploadChunks.chunkIndex, input.chunkIndex)));
        if (existing && existing.bytes !== input.bytes) return { ok: false, reason: 'size-conflict' };
        if (!existing && input.limits.quotaBytes > 0) {
          const used = await usedBytes(tx, input.userId);
          if (used + input.bytes > input.limits.quotaBytes) return { ok: false, reason: 'storage-full', usedBytes: used };
        }
        if (existing) {
          await tx
            .update(uploadChunks)
            .set({ storageKey: input.storageKey, createdAt: now })
            .where(and(eq(uploadChunks.uploadId, input.uploadId), eq(uploadChunks.chunkIndex, input.chunkIndex)));
        } else {
          await tx.insert(uploadChunks).values({
            uploadId: input.uploadId,
            chunkIndex: input.chunkIndex,
            bytes: input.bytes,
            storageKey: input.storageKey,
          });
        }
        await tx
          .update(uploads)
          .set({ updatedAt: now, ...(input.format ? { format: input.format } : {}) })
          .where(eq(uploads.id, input.uploadId));
        return { ok: true, replacedKey: existing?.storageKey ?? null };
      });
    },

    /**
     * Claims the upload for one finalize attempt writing under `transcriptId`. A claim whose heartbeat
     * is older than `aliveAfter` belonged to a process that died: it is taken over.
     */
    async claim(id: string, userId: number, transcriptId: number, aliveAfter: Date): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const [upload] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
        if (!upload || upload.userId !== userId) return { ok: false, reason: 'not-found' };
        if (upload.finalizedAt) return { ok: false, reason: 'finalized' };
        const previous = upload.finalizingTranscriptId;
        if (previous !== null && upload.finalizingHeartbeatAt && upload.finalizingHeartbeatAt >= aliveAfter) {
          return { ok: false, reason: 'busy' };
        }
        const now = new Date();
        await tx
          .update(uploads)
          .set({ finalizingTranscriptId: transcriptId, finalizingHeartbeatAt: now, updatedAt: now })
          .where(eq(uploads.id, id));
        return { ok: true, abandoned: previous };
      });
    },

    /** Keeps a claim alive while its join runs. */
    async heartbeat(id: string, transcriptId: number): Promise<void> {
      await db
        .update(uploads)
        .set({ finalizingHeartbeatAt: new Date() })
        .where(and(eq(uploads.id, id), eq(uploads.finalizingTranscriptId, transcriptId)));
    },

    /** Gives a claim back (after a failed attempt, or one whose process died), so the browser can try again. */
    async release(id: string, transcriptId: number): Promise<void> {
      await db
        .update(uploads)
        .set({ finalizingTranscriptId: null, finalizingHeartbeatAt: null })
        .where(and(eq(uploads.id, id), eq(uploads.finalizingTranscriptId, transcriptId)));
    },

    /** Claims of finalizes that died: heartbeat older than `aliveAfter` (every claim, when null). */
    async deadClaims(aliveAfter: Date | null): Promise<Array<{ id: string; userId: number; transcriptId: number }>> {
      const rows = await db
        .select({ id: uploads.id, userId: uploads.userId, transcriptId: uploads.finalizingTranscriptId })
        .from(uploads)
        .where(
          and(
            isNotNull(uploads.finalizingTranscriptId),
            aliveAfter ? or(isNull(uploads.finalizingHeartbeatAt), lt(uploads.finalizingHeartbeatAt, aliveAfter)) : undefined,
          ),
        );
      return rows.flatMap((r) => (r.transcriptId === null ? [] : [{ id: r.id, userId: r.userId, transcriptId: r.transcriptId }]));
    },

    /**
     * The transcript row and the upload's completion, together, if the claim is still this attempt's;
     * false when it was taken from it (the attempt then removes its own file).
     */
    async completeWithTranscript(uploadId: string, transcript: NewTranscript): Promise<boolean> {
      const lost = new Error('claim lost');
      try {
        await db.transaction(async (tx) => {
          const now = new Date();
          await tx.insert(transcripts).values(transcript);
          const done = await tx
            .update(uploads)
            .set({
              finalizedAt: now,
              transcriptId: transcript.id,
              finalizingTranscriptId: null,
              finalizingHeartbeatAt: null,
              updatedAt: now,
            })
            .where(and(eq(uploads.id, uploadId), eq(uploads.finalizingTranscriptId, transcript.id), isNull(uploads.finalizedAt)))
            .returning({ id: uploads.id });
          if (done.length !== 1) throw lost;
        });
        return true;
      } catch (err) {
        if (err === lost) return false;
        throw err;
      }
    },

    /** Bytes of audio a user holds (transcripts and chunks of unfinished uploads). */
    usedBytes: (userId: number) => usedBytes(db, userId),

    /** Finalized uploads whose rows the sweep has not removed yet. */
    async finalized(): Promise<Array<{ id: string; userId: number }>> {
      return db.select({ id: uploads.id, userId: uploads.userId }).from(uploads).where(isNotNull(uploads.finalizedAt));
    },

    async unfinishedCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), isNull(uploads.finalizedAt)));
      return Number(row?.n ?? 0);
    },

    /** Uploads untouched since `before` (abandoned, or finalized long enough ago). */
    async stale(before: Date, limit = 100): Promise<Array<{ id: string; userId: number; finalizingTranscriptId: number | null }>> {
      return db
        .select({ id: uploads.id, userId: uploads.userId, finalizingTranscriptId: uploads.finalizingTranscriptId })
        .from(uploads)
        .where(lt(uploads.updatedAt, before))
        .orderBy(asc(uploads.updatedAt))
        .limit(limit);
    },

    async delete(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    /**
     * Removes the user's unfinished upload (its chunk rows go with it). Refused while a finalize holds
     * it and once it became a transcript; another user's upload is 'not-found', like a missing one.
     */
    async discard(id: string, userId: number): Promise<'deleted' | 'not-found' | 'finalized' | 'finalizing'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ transcriptId: uploads.transcriptId, finalizedAt: uploads.finalizedAt, finalizing: uploads.finalizingTranscriptId })
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
          .for('update');
        if (!row) return 'not-found';
        if (row.transcriptId !== null || row.finalizedAt !== null) return 'finalized';
        if (row.finalizing !== null) return 'finalizing';
        await tx.delete(uploads).where(eq(uploads.id, id));
        return 'deleted';
      });
    },

    /**
     * A transcript whose audio is stored, if the user's quota has room for its bytes and its folder (if
     * any) is the user's. `alongside` runs in the same transaction (the caller's own completion); when it
     * answers false nothing is written.
     */
    async insertTranscript(
      transcript: NewTranscript,
      quotaBytes: number,
      alongside?: (tx: Tx) => Promise<boolean>,
    ): Promise<InsertTranscriptResult> {
      const lost = new Error('completion refused');
      try {
        return await db.transaction(async (tx): Promise<InsertTranscriptResult> => {
          await lockUser(tx, transcript.userId);
          if (transcript.folderId != null) {
            const folder = await tx
              .select({ id: folders.id })
              .from(folders)
              .where(and(eq(folders.id, transcript.folderId), eq(folders.userId, transcript.userId)))
              .for('share');
            if (folder.length === 0) return { ok: false, reason: 'folder' };
          }
          if (quotaBytes > 0) {
            const used = await usedBytes(tx, transcript.userId);
            if (used + transcript.audioBytes > quotaBytes) return { ok: false, reason: 'storage-full', usedBytes: used };
          }
          await tx.insert(transcripts).values(transcript);
          if (alongside && !(await alongside(tx))) throw lost;
          return { ok: true };
        });
      } catch (err) {
        if (err === lost) return { ok: false, reason: 'refused' };
        throw err;
      }
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
