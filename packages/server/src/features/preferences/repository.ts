import { eq } from 'drizzle-orm';
import type { Language } from '@scribe/api-client';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export function createPreferencesRepository(db: Db) {
  return {
    async get(userId: number): Promise<{ language: string; emailWhenTranscribed: boolean; vocabulary: string[] } | undefined> {
      const [row] = await db
        .select({ language: users.language, emailWhenTranscribed: users.emailWhenTranscribed, vocabulary: users.vocabulary })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
    /** The language, and the e-mail choice and vocabulary when given (a save without them leaves them as they were). */
    async save(userId: number, prefs: { language: Language; emailWhenTranscribed?: boolean; vocabulary?: string[] }): Promise<void> {
      const { language, emailWhenTranscribed, vocabulary } = prefs;
      await db
        .update(users)
        .set({
          language,
          ...(emailWhenTranscribed === undefined ? {} : { emailWhenTranscribed }),
          ...(vocabulary === undefined ? {} : { vocabulary }),
        })
        .where(eq(users.id, userId));
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
