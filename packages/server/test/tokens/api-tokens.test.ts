// Personal API tokens: `Authorization: Bearer …` on the API as the token's owner, and only that.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../src/db/schema.ts';
import type { TranscriptionEngine, TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { register, startServer, XHR, JSON_XHR, type TestServer } from '../helpers.ts';
import { measuredSeconds, toneWav } from '../support/audio.ts';

const engine: TranscriptionEngine = {
  name: 'token-test-engine',
  languages: ['en'],
  async transcribe(input: TranscriptionInput) {
    const seconds = await measuredSeconds(input);
    await input.onDuration?.(seconds);
    return {
      durationSeconds: seconds,
      language: 'en',
      segments: [{ start: 0, end: seconds, text: 'Hello from a script.', speaker: 'Unknown Speaker' }],
    };
  },
};

describe('personal API tokens', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '100' }, { worker: true, engine });
  });
  afterAll(() => server?.close());

  /** A signed-in user and a new token of theirs (made through Settings' call, with the cookie). */
  async function userWithToken(body: Record<string, unknown> = { name: 'CI script' }) {
    const { cookie, user } = await register(server);
    const res = await fetch(`${server.url}/api/tokens`, {
      method: 'POST',
      headers: { ...JSON_XHR, Cookie: cookie },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; token: string; prefix: string; name: string };
    return { cookie, userId: user.id, ...created };
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function bearerUpload(token: string, name: string) {
    const form = new FormData();
    form.append('audio', new Blob([toneWav(2) as Uint8Array<ArrayBuffer>]), name);
    // No cookie and no X-Requested-With: what curl sends.
    return fetch(`${server.url}/api/transcripts/upload`, { method: 'POST', headers: bearer(token), body: form });
  }

  async function completed(token: string, id: number) {
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${server.url}/api/transcripts/${id}`, { headers: bearer(token) })).json()) as {
              metadata: { status: string };
            }
          ).metadata.status,
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe('completed');
    return (await (await fetch(`${server.url}/api/transcripts/${id}`, { headers: bearer(token) })).json()) as { content: string };
  }

  it('uploads a file and reads its transcript with only a bearer token', async () => {
    const a = await userWithToken();
    expect(a.token.startsWith('scr_')).toBe(true);
    expect(a.token.startsWith(a.prefix)).toBe(true);
    const up = await bearerUpload(a.token, 'script.wav');
    expect(up.status).toBe(201);
    const { id } = (await up.json()) as { id: number };
    const t = await completed(a.token, id);
    expect(t.content).toBe('Hello from a script.');
    // The secret is stored only as a hash, and listed without it, with its last use.
    const [row] = await server.app.database.db.select().from(apiTokens).where(eq(apiTokens.id, a.id));
    expect(row!.hash).not.toContain(a.token);
    expect(JSON.stringify(row)).not.toContain(a.token);
    const list = (await (await fetch(`${server.url}/api/tokens`, { headers: { Cookie: a.cookie } })).json()) as Array<
      Record<string, unknown>
    >;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: a.id, name: 'CI script', prefix: a.prefix });
    expect(list[0]!.lastUsedAt).toEqual(expect.any(String));
    expect(JSON.stringify(list)).not.toContain(a.token);
    // /api/auth/me answers the token's owner.
    const me = await fetch(`${server.url}/api/auth/me`, { headers: bearer(a.token) });
    expect(((await me.json()) as { id: number }).id).toBe(a.userId);
  });

  it('answers 401 with its own code for a revoked, an expired and an unknown token', async () => {
    const a = await userWithToken();
    expect((await fetch(`${server.url}/api/folders/tree`, { headers: bearer(a.token) })).status).toBe(200);
    const revoke = await fetch(`${server.url}/api/tokens/${a.id}`, { method: 'DELETE', headers: { ...XHR, Cookie: a.cookie } });
    expect(revoke.status).toBe(200);
    const revoked = await fetch(`${server.url}/api/folders/tree`, { headers: bearer(a.token) });
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { code: string }).code).toBe('API_TOKEN_REVOKED');
    // Gone from the list too.
    expect(await (await fetch(`${server.url}/api/tokens`, { headers: { Cookie: a.cookie } })).json()).toEqual([]);

    const b = await userWithToken({ name: 'short-lived', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await fetch(`${server.url}/api/folders/tree`, { headers: bearer(b.token) })).status).toBe(200);
    await server.app.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, b.id));
    const expired = await fetch(`${server.url}/api/folders`, {
      method: 'POST',
      headers: { ...bearer(b.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { code: string }).code).toBe('API_TOKEN_EXPIRED');

    const unknown = await fetch(`${server.url}/api/folders/tree`, { headers: bearer('scr_not-a-real-token') });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { code: string }).code).toBe('API_TOKEN_INVALID');

    // An expiry in the past is refused at creation.
    const { cookie } = await register(server);
    const past = await fetch(`${server.url}/api/tokens`, {
      method: 'POST',
      headers: { ...JSON_XHR, Cookie: cookie },
      body: JSON.stringify({ name: 'old', expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { code: string }).code).toBe('API_TOKEN_EXPIRY_INVALID');
  });

  it("reaches nothing of another user's with a token", async () => {
    const a = await userWithToken();
    const b = await userWithToken();
    const up = await bearerUpload(b.token, 'private.wav');
    const { id: bTranscript } = (await up.json()) as { id: number };
    await completed(b.token, bTranscript);
    const folder = await fetch(`${server.url}/api/folders`, {
      method: 'POST',
      headers: { ...bearer(b.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'B only', parentId: null }),
    });
    expect(folder.status).toBe(201);
    const { id: bFolder } = (await folder.json()) as { id: number };

    const asA = (method: string, path: string, body?: unknown) =>
      fetch(server.url + path, {
        method,
        headers: { ...bearer(a.token), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const [method, path, body] of [
      ['GET', `/api/transcripts/${bTranscript}`],
      ['GET', `/api/transcripts/${bTranscript}/audio`],
      ['GET', `/api/transcripts/${bTranscript}/revisions`],
      ['GET', `/api/transcripts/${bTranscript}/ai-outputs`],
      ['GET', `/api/transcripts/${bTranscript}/export/txt`],
      ['PUT', `/api/transcripts/${bTranscript}/move`, { folderId: null }],
      ['DELETE', `/api/transcripts/${bTranscript}`],
      ['PUT', `/api/folders/${bFolder}`, { name: 'taken' }],
      ['DELETE', `/api/folders/${bFolder}`],
      ['DELETE', `/api/tokens/${b.id}`],
    ] as Array<[string, string, unknown?]>) {
      const res = await asA(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const tree = await (await asA('GET', '/api/folders/tree')).text();
    expect(tree).not.toContain('B only');
    expect(tree).not.toContain('private');
    // B's token still works: A's DELETE did not revoke it.
    expect((await fetch(`${server.url}/api/transcripts/${bTranscript}`, { headers: bearer(b.token) })).status).toBe(200);
  });

  it('needs no X-Requested-With with a bearer token, while cookie requests still do', async () => {
    const a = await userWithToken();
    const viaToken = await fetch(`${server.url}/api/folders`, {
      method: 'POST',
      headers: { ...bearer(a.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'From a script', parentId: null }),
    });
    expect(viaToken.status).toBe(201);
    const viaCookie = await fetch(`${server.url}/api/folders`, {
      method: 'POST',
      headers: { Cookie: a.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Forged', parentId: null }),
    });
    expect(viaCookie.status).toBe(403);
    expect(((await viaCookie.json()) as { code: string }).code).toBe('MISSING_REQUESTED_WITH');
    // A bad bearer token is not rescued by a good cookie: the request is judged by its token.
    const mixed = await fetch(`${server.url}/api/folders`, {
      method: 'POST',
      headers: { ...bearer('scr_wrong'), Cookie: a.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Forged', parentId: null }),
    });
    expect(mixed.status).toBe(401);
    const tree = await (await fetch(`${server.url}/api/folders/tree`, { headers: { Cookie: a.cookie } })).text();
    expect(tree).toContain('From a script');
    expect(tree).not.toContain('Forged');
  });

  it('declares the bearer scheme in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      security: Array<Record<string, unknown>>;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ bearerAuth: [] });
  });

  it('refuses a webhook to a loopback, private or link-local address by default', async () => {
    const { cookie } = await register(server);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
    ]) {
      const res = await fetch(`${server.url}/api/webhooks`, {
        method: 'POST',
        headers: { ...JSON_XHR, Cookie: cookie },
        body: JSON.stringify({ url, events: ['transcription.completed'] }),
      });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { code: string }).code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    const plain = await fetch(`${server.url}/api/webhooks`, {
      method: 'POST',
      headers: { ...JSON_XHR, Cookie: cookie },
      body: JSON.stringify({ url: 'http://example.com/hook', events: ['transcription.completed'] }),
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { code: string }).code).toBe('WEBHOOK_URL_INVALID');
  });
});

describe('the account budget over API tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ API_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => server?.close());

  it('counts every token of an account and its browser session against one budget', async () => {
    const { cookie } = await register(server);
    const make = async () => {
      const res = await fetch(`${server.url}/api/tokens`, {
        method: 'POST',
        headers: { ...JSON_XHR, Cookie: cookie },
        body: JSON.stringify({ name: 't' }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const [one, two] = [await make(), await make()];
    const statuses = async (headers: Record<string, string>, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await fetch(`${server.url}/api/folders/tree`, { headers })).status);
      return out;
    };
    // Two requests of the budget of five went to making the tokens.
    expect(await statuses({ Authorization: `Bearer ${one}` }, 4)).toEqual([200, 200, 200, 429]);
    // Another token of the same account, and its browser session, find the budget spent.
    expect(await statuses({ Authorization: `Bearer ${two}` }, 1)).toEqual([429]);
    expect(await statuses({ ...XHR, Cookie: cookie }, 1)).toEqual([429]);
    // Another account is not affected.
    const other = await register(server);
    expect(await statuses({ ...XHR, Cookie: other.cookie }, 1)).toEqual([200]);
  });
});
