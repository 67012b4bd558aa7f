import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiOutputs, prompts, transcripts, type AiOutputRow, type PromptRow, type TranscriptRow } from '../../db/schema.ts';

/** Every query is filtered by the owner: another user's ids behave as missing ones. */
export function createAiRepository(db: Db) {
  return {
    /** The user's order (position), then creation: prompts saved before ordering existed keep theirs. */
    async listPrompts(userId: number): Promise<PromptRow[]> {
      return db
        .select()
        .from(prompts)
        .where(eq(prompts.userId, userId))
        .orderBy(asc(prompts.position), asc(prompts.createdAt), asc(prompts.id));
    },

    /** A new prompt goes last. */
    async createPrompt(userId: number, values: Pick<PromptRow, 'name' | 'prompt' | 'icon'>): Promise<PromptRow> {
      const [row] = await db
        .insert(prompts)
        .values({
          userId,
          ...values,
          position: sql`(select coalesce(max(${prompts.position}), -1) + 1 from ${prompts} where ${prompts.userId} = ${userId})`,
        })
        .returning();
      return row;
    },

    async updatePrompt(
      userId: number,
      id: number,
      values: Partial<Pick<PromptRow, 'name' | 'prompt' | 'icon'>>,
    ): Promise<PromptRow | undefined> {
      const [row] = await db
        .update(prompts)
        .set(values)
        .where(and(eq(prompts.id, id), eq(prompts.userId, userId)))
        .returning();
      return row;
    },

    /**
     * Gives the user's prompts the positions of `ids`, in one transaction. 'missing': an id that is
     * not one of the user's prompts; 'mismatch': the ids are not exactly the user's prompts, each once.
     */
    async reorderPrompts(userId: number, ids: readonly number[]): Promise<'ok' | 'missing' | 'mismatch'> {
      return db.transaction(async (tx) => {
        // Locks the user's prompts: a concurrent delete or edit waits until the new order is written.
        const owned = await tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.userId, userId)).for('update');
        const mine = new Set(owned.map((r) => r.id));
        if (ids.some((id) => !mine.has(id))) return 'missing';
        if (new Set(ids).size !== ids.length || ids.length !== mine.size) return 'mismatch';
        for (const [position, id] of ids.entries()) {
          await tx
            .update(prompts)
            .set({ position })
            .where(and(eq(prompts.id, id), eq(prompts.userId, userId)));
        }
        return 'ok';
      });
    },

    async deletePrompt(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(prompts)
        .where(and(eq(prompts.id, id), eq(prompts.userId, userId)))
        .returning({ id: prompts.id });
      return rows.length === 1;
    },

    async transcript(userId: number, id: number): Promise<TranscriptRow | undefined> {
      const [row] = await db
        .select()
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    /**
     * What an export needs of a transcript, its segments as the stored JSON text: they are parsed in
     * the export's worker thread (work/heavy-work.ts), not in the thread that answers requests. Without
     * `withText` (exports of its AI outputs), the text is left in the database.
     */
    async transcriptForExport(userId: number, id: number, { withText = true } = {}) {
      const [row] = await db
        .select({
          id: transcripts.id,
          title: transcripts.title,
          createdAt: transcripts.createdAt,
          content: withText ? transcripts.content : sql<string>`''`,
          segments: withText ? sql<string>`${transcripts.segments}::text` : sql<string>`'[]'`,
        })
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    async addOutput(values: Pick<AiOutputRow, 'transcriptId' | 'prompt' | 'output' | 'engine' | 'model'>): Promise<AiOutputRow> {
      const [row] = await db.insert(aiOutputs).values(values).returning();
      return row;
    },

    /** Newest first; empty for a transcript that is not the user's (callers check the transcript first). */
    async outputs(userId: number, transcriptId: number): Promise<AiOutputRow[]> {
      const rows = await db
        .select({ o: aiOutputs })
        .from(aiOutputs)
        .innerJoin(transcripts, eq(transcripts.id, aiOutputs.transcriptId))
        .where(and(eq(aiOutputs.transcriptId, transcriptId), eq(transcripts.userId, userId)))
        .orderBy(desc(aiOutputs.createdAt), desc(aiOutputs.id));
      return rows.map((r) => r.o);
    },

    /** Deletes one output of one of the user's transcripts; false when there is none (or it is another user's). */
    async deleteOutput(userId: number, transcriptId: number, outputId: number): Promise<boolean> {
      const own = db
        .select({ id: transcripts.id })
        .from(transcripts)
        .where(and(eq(transcripts.id, transcriptId), eq(transcripts.userId, userId)));
      const rows = await db
        .delete(aiOutputs)
        .where(and(eq(aiOutputs.id, outputId), eq(aiOutputs.transcriptId, transcriptId), inArray(aiOutputs.transcriptId, own)))
        .returning({ id: aiOutputs.id });
      return rows.length === 1;
    },

    async output(userId: number, transcriptId: number, outputId: number): Promise<AiOutputRow | undefined> {
      const [row] = await db
        .select({ o: aiOutputs })
        .from(aiOutputs)
        .innerJoin(transcripts, eq(transcripts.id, aiOutputs.transcriptId))
        .where(and(eq(aiOutputs.id, outputId), eq(aiOutputs.transcriptId, transcriptId), eq(transcripts.userId, userId)));
      return row?.o;
    },
  };
}
export type AiRepository = ReturnType<typeof createAiRepository>;
