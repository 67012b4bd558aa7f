import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folders, transcripts } from '../../db/schema.ts';
import type { NewTranscript } from '../transcripts/repository.ts';
import { TUTORIAL_FOLDER_NAME, TUTORIAL_SAMPLE_NAME } from './sample.ts';

// Two-key advisory lock space for "this user's tutorial sample is being created".
const TUTORIAL_LOCK = 0x7475_746f; // 'tuto'

export function createTutorialRepository(db: Db) {
  async function existingSample(q: Pick<Db, 'select'>, userId: number): Promise<number | undefined> {
    const [row] = await q
      .select({ id: transcripts.id })
      .from(transcripts)
      .where(
        and(eq(transcripts.userId, userId), eq(transcripts.originalName, TUTORIAL_SAMPLE_NAME), ne(transcripts.status, 'error')),
      )
      .orderBy(transcripts.id)
      .limit(1);
    return row?.id;
  }

  return {
    /** The user's sample transcript (processing or completed), wherever the user has moved it. */
    existingSample: (userId: number) => existingSample(db, userId),

    /**
     * Inserts the sample transcript (status 'processing') into the user's top-level 'Tutorial'
     * folder, creating that folder when the user has none. Serialised per user: when a concurrent
     * call got there first, its transcript is answered and nothing is inserted.
     */
    async insertSample(row: NewTranscript): Promise<{ id: number; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TUTORIAL_LOCK}, ${row.userId})`);
        const existing = await existingSample(tx, row.userId);
        if (existing !== undefined) return { id: existing, created: false };
        const [folder] = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(and(eq(folders.userId, row.userId), isNull(folders.parentId), eq(folders.name, TUTORIAL_FOLDER_NAME)))
          .orderBy(folders.id)
          .limit(1);
        const folderId =
          folder?.id ??
          (
            await tx
              .insert(folders)
              .values({ userId: row.userId, name: TUTORIAL_FOLDER_NAME, parentId: null })
              .returning({ id: folders.id })
          )[0].id;
        await tx.insert(transcripts).values({ ...row, folderId });
        return { id: row.id, created: true };
      });
    },
  };
}
export type TutorialRepository = ReturnType<typeof createTutorialRepository>;
