/**
 * Which worker drafts a recording's live text (table live_draft_claims), when web and worker processes
 * are separate. The first insert for a recording wins, so one worker drafts it; worker_id '' means
 * nobody does (declined, or its worker stopped or died). Times are the database's own clock, so the
 * processes' clocks need not agree.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveDraftClaims } from '../../db/schema.ts';

/** Nobody drafts the recording (and no worker may claim it any more). */
export const NOBODY = '';

export function createLiveDraftClaims(db: Db, leaseMs: number) {
  const expired = sql`${liveDraftClaims.heartbeatAt} < now() - make_interval(secs => ${leaseMs / 1000}::double precision)`;
  return {
    /** Claims the recording for `workerId`; false when someone (or nobody, after a timeout) has it already. */
    async claim(recordingId: string, workerId: string): Promise<boolean> {
      const rows = await db
        .insert(liveDraftClaims)
        .values({ recordingId, workerId, heartbeatAt: sql`now()` })
        .onConflictDoNothing()
        .returning({ id: liveDraftClaims.recordingId });
      return rows.length === 1;
    },

    /**
     * Ends the wait for a worker: a claim made by now stands, otherwise the recording is marked as drafted
     * by nobody, so a late worker cannot take it. Answers the drafting worker's id, or null.
     */
    async settle(recordingId: string): Promise<string | null> {
      await db.insert(liveDraftClaims).values({ recordingId, workerId: NOBODY }).onConflictDoNothing();
      const [row] = await db
        .select({ workerId: liveDraftClaims.workerId })
        .from(liveDraftClaims)
        .where(eq(liveDraftClaims.recordingId, recordingId));
      return row && row.workerId !== NOBODY ? row.workerId : null;
    },

    /** The recording's drafting worker and whether its lease ran out; null when nobody drafts it. */
    async holder(recordingId: string): Promise<{ workerId: string; expired: boolean } | null> {
      const [row] = await db
        .select({ workerId: liveDraftClaims.workerId, expired: sql<boolean>`${expired}` })
        .from(liveDraftClaims)
        .where(eq(liveDraftClaims.recordingId, recordingId));
      return row && row.workerId !== NOBODY ? { workerId: row.workerId, expired: Boolean(row.expired) } : null;
    },

    /** Takes an expired claim away from its (dead) worker; true for the one caller that did it. */
    async expire(recordingId: string, workerId: string): Promise<boolean> {
      const rows = await db
        .update(liveDraftClaims)
        .set({ workerId: NOBODY })
        .where(and(eq(liveDraftClaims.recordingId, recordingId), eq(liveDraftClaims.workerId, workerId), expired))
        .returning({ id: liveDraftClaims.recordingId });
      return rows.length === 1;
    },

    /** Renews the worker's claims on these recordings; answers those still its own. */
    async renew(workerId: string, recordingIds: string[]): Promise<Set<string>> {
      if (recordingIds.length === 0) return new Set();
      const rows = await db
        .update(liveDraftClaims)
        .set({ heartbeatAt: sql`now()` })
        .where(and(eq(liveDraftClaims.workerId, workerId), inArray(liveDraftClaims.recordingId, recordingIds)))
        .returning({ id: liveDraftClaims.recordingId });
      return new Set(rows.map((r) => r.id));
    },

    /** The worker stopped drafting the recording. */
    async release(recordingId: string, workerId: string): Promise<void> {
      await db
        .update(liveDraftClaims)
        .set({ workerId: NOBODY })
        .where(
          and(eq(liveDraftClaims.recordingId, recordingId), eq(liveDraftClaims.workerId, workerId), ne(liveDraftClaims.workerId, NOBODY)),
        );
    },

    /** The recording ended. */
    async remove(recordingId: string): Promise<void> {
      await db.delete(liveDraftClaims).where(eq(liveDraftClaims.recordingId, recordingId));
    },
  };
}
export type LiveDraftClaims = ReturnType<typeof createLiveDraftClaims>;
