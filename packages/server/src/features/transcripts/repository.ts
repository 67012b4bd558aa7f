import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { folders, transcripts, type TranscriptRow } from '../../db/schema.ts';

export interface NewTranscript {
  id: number;
  userId: number;
  title: string;
  audioKey: string;
  audioMime: string;
  audioBytes: number;
  originalName: string;
  /** The spoken language chosen at upload; null: the engine's default or detection. */
  language?: string | null;
  /** The account's free tutorial sample (transcribed without charge). */
  isTutorialSample?: boolean;
}

/** Every query is filtered by the owner: another user's ids behave as missing ones. */
export function createTranscriptsRepository(db: Db) {
  return {
    async get(userId: number, id: number): Promise<TranscriptRow | undefined> {
      const [row] = await db
        .select()
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    async audio(userId: number, id: number) {
      const [row] = await db
        .select({ key: transcripts.audioKey, mime: transcripts.audioMime })
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    /** 'folder' when the target folder is not the user's, 'transcript' when the transcript is not. */
    async move(userId: number, id: number, folderId: number | null): Promise<'ok' | 'folder' | 'transcript'> {
      return db.transaction(async (tx) => {
        if (folderId !== null) {
          const folder = await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
            .for('share');
          if (folder.length === 0) return 'folder';
        }
        const moved = await tx
          .update(transcripts)
          .set({ folderId, updatedAt: new Date() })
          .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)))
          .returning({ id: transcripts.id });
        return moved.length === 1 ? 'ok' : 'transcript';
      });
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)))
        .returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /** A failed transcript with its audio back to 'processing' from 0 %; false when it is not such a transcript. */
    async restart(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(transcripts)
        .set({ status: 'processing', progress: 0, error: null, errorCode: null, errorParams: null, updatedAt: new Date() })
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId), eq(transcripts.status, 'error')))
        .returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /** Takes the next id first, so the audio can be stored under it before the row exists. */
    async reserveId(): Promise<number> {
      const [row] = await selectRows<{ id: number | string }>(db, sql`select nextval(pg_get_serial_sequence('transcripts', 'id')) as id`);
      return Number(row.id);
    },
  };
}
export type TranscriptsRepository = ReturnType<typeof createTranscriptsRepository>;
