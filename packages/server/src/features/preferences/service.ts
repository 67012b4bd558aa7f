import { languageSchema, type Preferences } from '@scribe/api-client';
import type { PreferencesRepository } from './repository.ts';

export function createPreferencesService(repo: PreferencesRepository) {
  return {
    async get(userId: number): Promise<Preferences> {
      const row = await repo.get(userId);
      // A value stored by an older version that is no longer offered falls back to English.
      const language = languageSchema.safeParse(row?.language);
      return { language: language.success ? language.data : 'en', emailWhenTranscribed: row?.emailWhenTranscribed ?? false };
    },
    async save(userId: number, prefs: Preferences): Promise<Preferences> {
      await repo.save(userId, prefs);
      return this.get(userId);
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
