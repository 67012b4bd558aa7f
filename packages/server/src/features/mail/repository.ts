import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transcripts, users } from '../../db/schema.ts';

export function createMailRepository(db: Db) {
  return {
    /**
     * What the e-mail about a finished transcription needs: the owner's address, language and choice,
     * and the transcript's title. Undefined when the transcript is gone or not the user's.
     */
    async finished(userId: number, transcriptId: number) {
      const [row] = await db
        .select({
          email: users.email,
          language: users.language,
          wanted: users.emailWhenTranscribed,
          title: transcripts.title,
          status: transcripts.status,
        })
        .from(transcripts)
        .innerJoin(users, eq(users.id, transcripts.userId))
        .where(and(eq(transcripts.id, transcriptId), eq(transcripts.userId, userId)));
      return row;
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
