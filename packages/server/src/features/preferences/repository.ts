import { eq } from 'drizzle-orm';
import type { Language } from '@scribe/api-client';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export function createPreferencesRepository(db: Db) {
  return {
    async get(userId: number): Promise<{ language: string } | undefined> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row;
    },
    async setLanguage(userId: number, language: Language): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
