import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiOutputs, shares, transcripts, type ShareRow, type StoredSegment } from '../../db/schema.ts';

/** Owner queries filter by user; the public ones find a live link by its token hash only. */
export function createSharesRepository(db: Db) {
  return {
    /** A new link on the user's transcript; undefined when the transcript is not theirs. */
    async create(
      userId: number,
      transcriptId: number,
      row: { tokenHash: string; includeAiOutputs: boolean; expiresAt: Date | null },
    ): Promise<ShareRow | undefined> {
      return db.transaction(async (tx) => {
        const [owned] = await tx
          .select({ id: transcripts.id })
          .from(transcripts)
          .where(and(eq(transcripts.id, transcriptId), eq(transcripts.userId, userId)));
        if (!owned) return undefined;
        const [created] = await tx
          .insert(shares)
          .values({ userId, transcriptId, ...row })
          .returning();
        return created;
      });
    },

    /** The links of the user's transcript, newest first; undefined when the transcript is not theirs. */
    async list(userId: number, transcriptId: number): Promise<ShareRow[] | undefined> {
      const [owned] = await db
        .select({ id: transcripts.id })
        .from(transcripts)
        .where(and(eq(transcripts.id, transcriptId), eq(transcripts.userId, userId)));
      if (!owned) return undefined;
      return db
        .select()
        .from(shares)
        .where(and(eq(shares.userId, userId), eq(shares.transcriptId, transcriptId)))
        .orderBy(desc(shares.createdAt), desc(shares.id));
    },

    /** Deletes the user's link; false when there is none of theirs with this id. */
    async remove(userId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(shares)
        .where(and(eq(shares.id, id), eq(shares.userId, userId)))
        .returning({ id: shares.id });
      return gone.length > 0;
    },

    /**
     * The link with this token hash while it has not expired, with its transcript's shareable columns; the
     * segments only `withSegments` (the audio route, asked at every seek, needs none of a long transcript).
     */
    async live(tokenHash: string, now: Date, { withSegments = false } = {}) {
      const [row] = await db
        .select({
          includeAiOutputs: shares.includeAiOutputs,
          transcriptId: transcripts.id,
          title: transcripts.title,
          status: transcripts.status,
          duration: transcripts.durationSeconds,
          language: transcripts.language,
          segments: withSegments ? transcripts.segments : sql<StoredSegment[]>`'[]'::jsonb`,
          audioKey: transcripts.audioKey,
          audioMime: transcripts.audioMime,
          mediaKind: transcripts.mediaKind,
        })
        .from(shares)
        // The owner check again: a link only ever shows its owner's own transcript.
        .innerJoin(transcripts, and(eq(transcripts.id, shares.transcriptId), eq(transcripts.userId, shares.userId)))
        .where(and(eq(shares.tokenHash, tokenHash), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))));
      return row;
    },

    async aiOutputs(transcriptId: number) {
      return db
        .select({ id: aiOutputs.id, prompt: aiOutputs.prompt, output: aiOutputs.output, createdAt: aiOutputs.createdAt })
        .from(aiOutputs)
        .where(eq(aiOutputs.transcriptId, transcriptId))
        .orderBy(desc(aiOutputs.createdAt), desc(aiOutputs.id));
    },
  };
}
export type SharesRepository = ReturnType<typeof createSharesRepository>;
