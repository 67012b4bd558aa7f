import { and, asc, desc, eq, isNotNull, lt, ne, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folders, recordingPieces, recordings, users, type RecordingRow } from '../../db/schema.ts';
import type { Tx } from '../uploads/repository.ts';

export interface PieceRow {
  seq: number;
  bytes: number;
  sha256: string;
  storageKey: string;
}

export type AppendResult =
  | { ok: true; nextSeq: number }
  /** The piece is already stored (a re-send, or a twin request that committed first). */
  | { ok: false; reason: 'stored'; piece: PieceRow }
  | { ok: false; reason: 'out-of-order'; expected: number }
  | { ok: false; reason: 'not-found' | 'closed' | 'too-large' };

export type ClaimResult = { ok: true; abandoned: number | null } | { ok: false; reason: 'not-found' | 'closed' };

/** A finish holding the recording: open, claimed, and its heartbeat not older than `aliveAfter`. */
function finishing(row: Pick<RecordingRow, 'finishingTranscriptId' | 'finishingHeartbeatAt'>, aliveAfter: Date): boolean {
  return row.finishingTranscriptId !== null && row.finishingHeartbeatAt !== null && row.finishingHeartbeatAt >= aliveAfter;
}

/** Recordings and their pieces. Lookups by id alone: the service decides what another user's id means (404). */
// What a piece's row answers (PieceRow).
const pieceColumns = {
  seq: recordingPieces.seq,
  bytes: recordingPieces.bytes,
  sha256: recordingPieces.sha256,
  storageKey: recordingPieces.storageKey,
};

export function createRecordingsRepository(db: Db) {
  return {
    /** A new open recording, unless the user already has `maxOpen` open ones. */
    async create(input: {
      id: string;
      userId: number;
      mimeType: string;
      language: string | null;
      live: boolean;
      maxOpen: number;
    }): Promise<RecordingRow | 'limit'> {
      return db.transaction(async (tx) => {
        // Serialises the user's creations, so two at once cannot both take the last free place.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
        const [open] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(recordings)
          .where(and(eq(recordings.userId, input.userId), eq(recordings.state, 'open')));
        if (Number(open?.n ?? 0) >= input.maxOpen) return 'limit';
        const { maxOpen: _, ...values } = input;
        const [row] = await tx.insert(recordings).values(values).returning();
        return row!;
      });
    },

    async find(id: string): Promise<RecordingRow | undefined> {
      const [row] = await db.select().from(recordings).where(eq(recordings.id, id));
      return row;
    },

    /** The user's open recordings, newest first. */
    async listOpen(userId: number): Promise<RecordingRow[]> {
      return db
        .select()
        .from(recordings)
        .where(and(eq(recordings.userId, userId), eq(recordings.state, 'open')))
        .orderBy(desc(recordings.createdAt), desc(recordings.id));
    },

    async piece(id: string, seq: number): Promise<PieceRow | undefined> {
      const [row] = await db
        .select(pieceColumns)
        .from(recordingPieces)
        .where(and(eq(recordingPieces.recordingId, id), eq(recordingPieces.seq, seq)));
      return row;
    },

    async pieces(id: string): Promise<PieceRow[]> {
      return db.select(pieceColumns).from(recordingPieces).where(eq(recordingPieces.recordingId, id)).orderBy(asc(recordingPieces.seq));
    },

    /**
     * Records a piece whose bytes are already stored under `storageKey`: only as the next one, only
     * while the recording is open and no finish holds it, and only within `maxBytes` in all.
     */
    async appendPiece(input: {
      recordingId: string;
      userId: number;
      seq: number;
      bytes: number;
      sha256: string;
      storageKey: string;
      durationMs: number | undefined;
      maxBytes: number;
      aliveAfter: Date;
    }): Promise<AppendResult> {
      return db.transaction(async (tx): Promise<AppendResult> => {
        const [row] = await tx.select().from(recordings).where(eq(recordings.id, input.recordingId)).for('update');
        if (!row || row.userId !== input.userId) return { ok: false, reason: 'not-found' };
        if (input.seq < row.nextSeq) {
          const [piece] = await tx
            .select({
              seq: recordingPieces.seq,
              bytes: recordingPieces.bytes,
              sha256: recordingPieces.sha256,
              storageKey: recordingPieces.storageKey,
            })
            .from(recordingPieces)
            .where(and(eq(recordingPieces.recordingId, input.recordingId), eq(recordingPieces.seq, input.seq)));
          if (piece) return { ok: false, reason: 'stored', piece };
        }
        if (row.state !== 'open' || finishing(row, input.aliveAfter)) return { ok: false, reason: 'closed' };
        if (input.seq !== row.nextSeq) return { ok: false, reason: 'out-of-order', expected: row.nextSeq };
        if (row.bytes + input.bytes > input.maxBytes) return { ok: false, reason: 'too-large' };
        await tx.insert(recordingPieces).values({
          recordingId: input.recordingId,
          seq: input.seq,
          bytes: input.bytes,
          sha256: input.sha256,
          storageKey: input.storageKey,
        });
        const nextSeq = row.nextSeq + 1;
        await tx
          .update(recordings)
          .set({
            nextSeq,
            bytes: row.bytes + input.bytes,
            durationMs: Math.max(row.durationMs, input.durationMs ?? 0),
            updatedAt: new Date(),
          })
          .where(eq(recordings.id, input.recordingId));
        return { ok: true, nextSeq };
      });
    },

    /** Whether the folder is the user's. */
    async ownsFolder(userId: number, folderId: number): Promise<boolean> {
      const rows = await db
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
      return rows.length > 0;
    },

    /**
     * Claims the open recording for one finish writing under `transcriptId`; a claim whose heartbeat is
     * older than `aliveAfter` belonged to a process that died and is taken over.
     */
    async claim(id: string, userId: number, transcriptId: number, aliveAfter: Date): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(recordings).where(eq(recordings.id, id)).for('update');
        if (!row || row.userId !== userId) return { ok: false, reason: 'not-found' };
        if (row.state !== 'open' || finishing(row, aliveAfter)) return { ok: false, reason: 'closed' };
        const now = new Date();
        await tx
          .update(recordings)
          .set({ finishingTranscriptId: transcriptId, finishingHeartbeatAt: now, updatedAt: now })
          .where(eq(recordings.id, id));
        return { ok: true, abandoned: row.finishingTranscriptId };
      });
    },

    async heartbeat(id: string, transcriptId: number): Promise<void> {
      await db
        .update(recordings)
        .set({ finishingHeartbeatAt: new Date() })
        .where(and(eq(recordings.id, id), eq(recordings.finishingTranscriptId, transcriptId)));
    },

    /** Gives a claim back after a failed finish (or one whose process died): the recording is open again. */
    async release(id: string, transcriptId: number): Promise<void> {
      await db
        .update(recordings)
        .set({ finishingTranscriptId: null, finishingHeartbeatAt: null })
        .where(and(eq(recordings.id, id), eq(recordings.finishingTranscriptId, transcriptId)));
    },

    /**
     * Inside the transaction that writes the transcript row: the recording becomes finished (its piece
     * rows go) if the claim is still this finish's; false otherwise, and nothing is written.
     */
    async completeIn(tx: Tx, id: string, transcriptId: number): Promise<boolean> {
      const now = new Date();
      const done = await tx
        .update(recordings)
        .set({ state: 'finished', transcriptId, finishingTranscriptId: null, finishingHeartbeatAt: null, updatedAt: now })
        .where(and(eq(recordings.id, id), eq(recordings.finishingTranscriptId, transcriptId), eq(recordings.state, 'open')))
        .returning({ id: recordings.id });
      if (done.length !== 1) return false;
      await tx.delete(recordingPieces).where(eq(recordingPieces.recordingId, id));
      return true;
    },

    /** Discards the user's open recording (its piece rows go); refused once closed or while a finish holds it. */
    async discard(id: string, userId: number, aliveAfter: Date): Promise<'discarded' | 'not-found' | 'closed'> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(recordings).where(eq(recordings.id, id)).for('update');
        if (!row || row.userId !== userId) return 'not-found';
        if (row.state !== 'open' || finishing(row, aliveAfter)) return 'closed';
        await tx.delete(recordingPieces).where(eq(recordingPieces.recordingId, id));
        await tx
          .update(recordings)
          .set({ state: 'discarded', finishingTranscriptId: null, finishingHeartbeatAt: null, updatedAt: new Date() })
          .where(eq(recordings.id, id));
        return 'discarded';
      });
    },

    /** Claims of finishes that died: heartbeat older than `aliveAfter` (every claim, when null). */
    async deadClaims(aliveAfter: Date | null): Promise<Array<{ id: string; userId: number; transcriptId: number }>> {
      const rows = await db
        .select({ id: recordings.id, userId: recordings.userId, transcriptId: recordings.finishingTranscriptId })
        .from(recordings)
        .where(
          and(
            isNotNull(recordings.finishingTranscriptId),
            aliveAfter ? or(isNull(recordings.finishingHeartbeatAt), lt(recordings.finishingHeartbeatAt, aliveAfter)) : undefined,
          ),
        );
      return rows.flatMap((r) => (r.transcriptId === null ? [] : [{ id: r.id, userId: r.userId, transcriptId: r.transcriptId }]));
    },

    /** Finished and discarded recordings whose rows the sweep has not removed yet. */
    async closed(): Promise<Array<{ id: string; userId: number }>> {
      return db.select({ id: recordings.id, userId: recordings.userId }).from(recordings).where(ne(recordings.state, 'open'));
    },

    /**
     * Recordings untouched since `before`: abandoned ones, and closed ones kept long enough; never one a
     * live finish holds (heartbeat from `aliveAfter` on).
     */
    async stale(before: Date, aliveAfter: Date, limit = 100): Promise<RecordingRow[]> {
      return db
        .select()
        .from(recordings)
        .where(
          and(
            lt(recordings.updatedAt, before),
            or(isNull(recordings.finishingHeartbeatAt), lt(recordings.finishingHeartbeatAt, aliveAfter)),
          ),
        )
        .orderBy(asc(recordings.updatedAt))
        .limit(limit);
    },

    async delete(id: string): Promise<void> {
      await db.delete(recordings).where(eq(recordings.id, id));
    },
  };
}
export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
