import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiOutputs, prompts, transcripts, type AiOutputRow, type PromptRow, type TranscriptRow } from '../../db/schema.ts';

/** Every query is filtered by the owner: another user's ids behave as missing ones. */
export function createAiRepository(db: Db) {
  return {
    async listPrompts(userId: number): Promise<PromptRow[]> {
      return db.select().from(prompts).where(eq(prompts.userId, userId)).orderBy(asc(prompts.createdAt), asc(prompts.id));
    },

    async createPrompt(userId: number, values: Pick<PromptRow, 'name' | 'prompt' | 'icon'>): Promise<PromptRow> {
      const [row] = await db
        .insert(prompts)
        .values({ userId, ...values })
        .returning();
      return row;
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
