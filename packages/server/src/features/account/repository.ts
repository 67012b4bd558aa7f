import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  aiOutputs,
  creditEntries,
  folders,
  payments,
  prompts,
  sessions,
  transcriptRevisions,
  transcripts,
  users,
  type UserRow,
} from '../../db/schema.ts';

/** Account data access; every query is limited to one user. */
export function createAccountRepository(db: Db) {
  return {
    async findUser(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async activeSessions(userId: number, now: Date) {
      return db
        .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, userAgent: sessions.userAgent })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(asc(sessions.createdAt));
    },

    /** Deletes the user's sessions, all of them or all but `keep`; answers the ids deleted. */
    async deleteSessions(userId: number, keep?: string): Promise<string[]> {
      const rows = await db
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },

    async deleteSession(userId: number, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Everything of the user the data export writes (audio is streamed from storage separately). */
    async exportData(userId: number) {
      const [folderRows, transcriptRows, promptRows, ledger, paymentRows] = await Promise.all([
        db.select().from(folders).where(eq(folders.userId, userId)).orderBy(asc(folders.id)),
        db.select().from(transcripts).where(eq(transcripts.userId, userId)).orderBy(asc(transcripts.id)),
        db
          .select({ id: prompts.id, name: prompts.name, prompt: prompts.prompt, icon: prompts.icon, createdAt: prompts.createdAt })
          .from(prompts)
          .where(eq(prompts.userId, userId))
          .orderBy(asc(prompts.id)),
        db
          .select({
            id: creditEntries.id,
            kind: creditEntries.kind,
            amount: creditEntries.amount,
            balanceAfter: creditEntries.balanceAfter,
            reference: creditEntries.reference,
            description: creditEntries.description,
            createdAt: creditEntries.createdAt,
          })
          .from(creditEntries)
          .where(eq(creditEntries.userId, userId))
          .orderBy(asc(creditEntries.id)),
        db
          .select({
            id: payments.id,
            provider: payments.provider,
            credits: payments.credits,
            amountCents: payments.amountCents,
            currency: payments.currency,
            status: payments.status,
            createdAt: payments.createdAt,
          })
          .from(payments)
          .where(eq(payments.userId, userId))
          .orderBy(asc(payments.createdAt)),
      ]);
      const ids = transcriptRows.map((t) => t.id);
      // ai_outputs has no user column: owned through transcripts of this user only.
      const outputs = ids.length
        ? await db
            .select({
              id: aiOutputs.id,
              transcriptId: aiOutputs.transcriptId,
              prompt: aiOutputs.prompt,
              output: aiOutputs.output,
              engine: aiOutputs.engine,
              model: aiOutputs.model,
              createdAt: aiOutputs.createdAt,
            })
            .from(aiOutputs)
            .innerJoin(transcripts, eq(transcripts.id, aiOutputs.transcriptId))
            .where(and(eq(transcripts.userId, userId), inArray(aiOutputs.transcriptId, ids)))
            .orderBy(asc(aiOutputs.id))
        : [];
      // Every saved revision of the user's transcripts (edits keep the earlier text).
      const revisions = await db
        .select({
          transcriptId: transcriptRevisions.transcriptId,
          number: transcriptRevisions.number,
          createdAt: transcriptRevisions.createdAt,
          changes: transcriptRevisions.changes,
          restoredFrom: transcriptRevisions.restoredFrom,
          title: transcriptRevisions.title,
          segments: transcriptRevisions.segments,
        })
        .from(transcriptRevisions)
        .where(eq(transcriptRevisions.userId, userId))
        .orderBy(asc(transcriptRevisions.transcriptId), asc(transcriptRevisions.number));
      return {
        folders: folderRows,
        transcripts: transcriptRows,
        prompts: promptRows,
        ledger,
        payments: paymentRows,
        aiOutputs: outputs,
        revisions,
      };
    },

    /**
     * Deletes the user: sessions, folders, transcripts (and their AI outputs), uploads, payments and
     * prompts go with the row (ON DELETE CASCADE); credit entries stay with user_id cleared
     * (ON DELETE SET NULL), so the ledger keeps every movement of credits. Answers the session ids
     * that ended.
     */
    async deleteUser(userId: number): Promise<{ deleted: boolean; sessionIds: string[] }> {
      return db.transaction(async (tx) => {
        const ended = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
        const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
        return { deleted: rows.length > 0, sessionIds: ended.map((s) => s.id) };
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
