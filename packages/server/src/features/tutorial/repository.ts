import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folders, transcripts, users } from '../../db/schema.ts';
import type { NewTranscript } from '../transcripts/repository.ts';
import { TUTORIAL_FOLDER_NAME } from './sample.ts';

// Two-key advisory lock space for "this user's tutorial sample is being created".
const TUTORIAL_LOCK = 0x7475_746f; // 'tuto'

export function createTutorialRepository(db: Db) {
  /** The account's latest sample while it exists and has not failed, wherever the user moved it. */
  async function existingSample(q: Pick<Db, 'select'>, userId: number): Promise<number | undefined> {
    const [row] = await q
      .select({ id: transcripts.id })
      .from(users)
      .innerJoin(transcripts, and(eq(transcripts.id, users.tutorialSampleId), eq(transcripts.userId, users.id)))
      .where(and(eq(users.id, userId), ne(transcripts.status, 'error')));
    return row?.id;
  }

  return {
    existingSample: (userId: number) => existingSample(db, userId),

    /**
     * Inserts a sample transcript (status 'processing') into the user's top-level 'Tutorial'
     * folder, creating that folder when the user has none. The account's first sample is its free
     * one; any later one is charged like an upload. Serialised per user: when a concurrent call got
     * there first, its transcript is answered and nothing is inserted.
     */
    async insertSample(row: NewTranscript): Promise<{ id: number; created: boolean; free: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TUTORIAL_LOCK}, ${row.userId})`);
        const existing = await existingSample(tx, row.userId);
        if (existing !== undefined) return { id: existing, created: false, free: false };
        const [user] = await tx.select({ sampleId: users.tutorialSampleId }).from(users).where(eq(users.id, row.userId)).for('update');
        const free = user.sampleId === null;
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
        await tx.insert(transcripts).values({ ...row, folderId, isTutorialSample: free });
        await tx.update(users).set({ tutorialSampleId: row.id }).where(eq(users.id, row.userId));
        return { id: row.id, created: true, free };
      });
    },
  };
}
export type TutorialRepository = ReturnType<typeof createTutorialRepository>;
