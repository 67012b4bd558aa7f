import { validationMessages as m } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, register, startServer, type TestServer } from './helpers.ts';

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
    expect(await (await get(a.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false });

    const save = await postJson(server, '/api/user/preferences', { language: 'de' }, { Cookie: a.cookie });
    expect(save.status).toBe(200);
    expect(await save.json()).toEqual({ language: 'de', emailWhenTranscribed: false });
    expect(await (await get(a.cookie)).json()).toEqual({ language: 'de', emailWhenTranscribed: false });
    // Another user's preferences are untouched.
    expect(await (await get(b.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false });

    await postJson(server, '/api/user/preferences', { language: 'en' }, { Cookie: a.cookie });
    expect(await (await get(a.cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false });
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
    expect(await (await get(cookie)).json()).toEqual({ language: 'en', emailWhenTranscribed: false });
  });
});
