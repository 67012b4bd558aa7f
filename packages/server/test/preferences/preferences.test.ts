import { validationMessages as m } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, register, startServer, type TestServer } from '../helpers.ts';

describe('/api/user/preferences', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const get = (cookie?: string) => fetch(`${server.url}/api/user/preferences`, { headers: cookie ? { Cookie: cookie } : {} });

  it('needs a session', async () => {
    const res = await get();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
    const save = await postJson(server, '/api/user/preferences', { language: 'de' });
    expect(save.status).toBe(401);
  });

  it('starts with English and keeps a saved language per user', async () => {
    const a = await register(server);
    const b = await register(server);
    expect(await (await get(a.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary: [] });

    const save = await postJson(server, '/api/user/preferences', { language: 'de' }, { Cookie: a.cookie });
    expect(save.status).toBe(200);
    expect(await save.json()).toEqual({ language: 'de', emailWhenTranscribed: false, vocabulary: [] });
    expect(await (await get(a.cookie)).json()).toEqual({ language: 'de', emailWhenTranscribed: false, vocabulary: [] });
    // Another user's preferences are untouched.
    expect(await (await get(b.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary: [] });

    await postJson(server, '/api/user/preferences', { language: 'en' }, { Cookie: a.cookie });
    expect(await (await get(a.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary: [] });
  });

  it('refuses a language other than en or de', async () => {
    const { cookie } = await register(server);
    for (const language of ['fr', 'EN', '', 1, null]) {
      const res = await postJson(server, '/api/user/preferences', { language }, { Cookie: cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: m.languageInvalid,
        code: 'LANGUAGE_INVALID',
        fieldErrors: { language: { code: 'LANGUAGE_INVALID', error: m.languageInvalid } },
      });
    }
    expect(await (await get(cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary: [] });
  });

  describe('custom vocabulary', () => {
    it('keeps the tidied names and terms per user, and a save without them leaves them', async () => {
      const a = await register(server);
      const b = await register(server);
      const save = await postJson(
        server,
        '/api/user/preferences',
        { language: 'en', vocabulary: ['  Siobhan   Kowalczyk ', 'Zyntrix, Anneliese Oyelaran', '', 'Zyntrix'] },
        { Cookie: a.cookie },
      );
      expect(save.status).toBe(200);
      const vocabulary = ['Siobhan Kowalczyk', 'Zyntrix', 'Anneliese Oyelaran'];
      expect(await save.json()).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary });
      await postJson(server, '/api/user/preferences', { language: 'de' }, { Cookie: a.cookie });
      expect(await (await get(a.cookie)).json()).toEqual({ language: 'de', emailWhenTranscribed: false, vocabulary });
      // Only the owner's: another account's list is its own.
      expect(await (await get(b.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary: [] });
      await postJson(server, '/api/user/preferences', { language: 'de', vocabulary: [] }, { Cookie: a.cookie });
      expect(await (await get(a.cookie)).json()).toEqual({ language: 'de', emailWhenTranscribed: false, vocabulary: [] });
    });

    it('refuses more than 100 terms, more than 1,000 characters, or something other than a list of text', async () => {
      const { cookie } = await register(server);
      await postJson(server, '/api/user/preferences', { language: 'en', vocabulary: ['Zyntrix'] }, { Cookie: cookie });
      const cases: [unknown, string, string][] = [
        [
          Array.from({ length: 101 }, (_, i) => `term ${i}`),
          'VOCABULARY_TOO_MANY_TERMS',
          'The vocabulary may hold at most 100 names and terms',
        ],
        [['x'.repeat(600), 'y'.repeat(401)], 'VOCABULARY_TOO_LONG', 'The vocabulary may hold at most 1,000 characters'],
        ['Zyntrix', 'VOCABULARY_INVALID', 'The vocabulary must be a list of names and terms'],
        [[1, 2], 'VOCABULARY_INVALID', 'The vocabulary must be a list of names and terms'],
      ];
      for (const [vocabulary, code, error] of cases) {
        const res = await postJson(server, '/api/user/preferences', { language: 'en', vocabulary }, { Cookie: cookie });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error, code, fieldErrors: { vocabulary: { code, error } } });
      }
      // Exactly at the bounds is fine: 100 terms of 10 characters.
      const full = Array.from({ length: 100 }, (_, i) => `term ${String(i).padStart(5, '0')}`);
      const ok = await postJson(server, '/api/user/preferences', { language: 'en', vocabulary: full }, { Cookie: cookie });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { vocabulary: string[] }).vocabulary).toEqual(full);
    });
  });
});
