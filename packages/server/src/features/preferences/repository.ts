import { eq } from 'drizzle-orm';
import type { Language } from '@scribe/api-client';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export function createPreferencesRepository(db: Db) {
  return {
    async get(userId: number): Promise<{ language: string; emailWhenTranscribed: boolean } | undefined> {
      const [row] = await db
        .select({ language: users.language, emailWhenTranscribed: users.emailWhenTranscribed })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
    /** The language, and the e-mail choice when given (a save without it leaves it as it was). */
    async save(userId: number, prefs: { language: Language; emailWhenTranscribed?: boolean }): Promise<void> {
      const { language, emailWhenTranscribed } = prefs;
      await db
        .update(users)
        .set(emailWhenTranscribed === undefined ? { language } : { language, emailWhenTranscribed })
        .where(eq(users.id, userId));
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
