import { languageSchema, parseVocabulary, type Preferences } from '@scribe/api-client';
import type { PreferencesRepository } from './repository.ts';

export function createPreferencesService(repo: PreferencesRepository) {
  return {
    async get(userId: number): Promise<Preferences> {
      const row = await repo.get(userId);
      // A value stored by an older version that is no longer offered falls back to English.
      const language = languageSchema.safeParse(row?.language);
      return {
        language: language.success ? language.data : 'en',
        emailWhenTranscribed: row?.emailWhenTranscribed ?? false,
        vocabulary: row?.vocabulary ?? [],
      };
    },
    async save(userId: number, prefs: Preferences): Promise<Preferences> {
      // Stored tidied (the schema has checked the bounds on the tidied terms).
      const vocabulary = prefs.vocabulary === undefined ? undefined : parseVocabulary(prefs.vocabulary.join('\n'));
      await repo.save(userId, { ...prefs, vocabulary });
      return this.get(userId);
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
