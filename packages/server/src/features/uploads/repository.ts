import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transcripts, uploadChunks, uploads, type UploadRow } from '../../db/schema.ts';
import type { NewTranscript } from '../transcripts/repository.ts';

export interface ChunkRow {
  chunkIndex: number;
  bytes: number;
  storageKey: string;
}

export type RecordChunkResult =
  | { ok: true; replacedKey: string | null }
  | { ok: false; reason: 'not-found' | 'finalized' | 'total-mismatch' | 'size-conflict' };

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
    }): Promise<RecordChunkResult> {
      return db.transaction(async (tx) => {
        const now = new Date();
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
        if (upload.totalChunks !== input.totalChunks) return { ok: false, reason: 'total-mismatch' };
        const [existing] = await tx
          .select()
          .from(uploadChunks)
          .where(and(eq(uploadChunks.uploadId, input.uploadId), eq(uploadChunks.chunkIndex, input.chunkIndex)));
        if (existing && existing.bytes !== input.bytes) return { ok: false, reason: 'size-conflict' };
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

    /** Marks the upload as being finalized; false when another call got there first. */
    async claim(id: string, userId: number): Promise<boolean> {
      const rows = await db
        .update(uploads)
        .set({ finalizedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNull(uploads.finalizedAt)))
        .returning({ id: uploads.id });
      return rows.length === 1;
    },

    /** Gives a claim back after a failed finalize, so the browser can try again. */
    async unclaim(id: string): Promise<void> {
      await db.update(uploads).set({ finalizedAt: null }).where(and(eq(uploads.id, id), isNull(uploads.transcriptId)));
    },

    /** The transcript row and the link from the upload, together. */
    async completeWithTranscript(uploadId: string, transcript: NewTranscript): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(transcripts).values(transcript);
        await tx.update(uploads).set({ transcriptId: transcript.id, updatedAt: new Date() }).where(eq(uploads.id, uploadId));
      });
    },

    /** Uploads untouched since `before` (abandoned, or finalized long enough ago). */
    async stale(before: Date, limit = 100): Promise<Array<{ id: string; userId: number }>> {
      return db
        .select({ id: uploads.id, userId: uploads.userId })
        .from(uploads)
        .where(lt(uploads.updatedAt, before))
        .orderBy(asc(uploads.updatedAt))
        .limit(limit);
    },

    async delete(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    async insertTranscript(transcript: NewTranscript): Promise<void> {
      await db.insert(transcripts).values(transcript);
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
