import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { aiOutputs, shares, transcripts } from '../../src/db/schema.ts';
import { hashShareToken } from '../../src/features/shares/service.ts';
import { englishSegments, insertTranscript, joined } from '../ai-fixtures.ts';
import { startServer, XHR, type TestServer } from '../helpers.ts';
import { fixture, libraryUser, rowCounts } from '../library-helpers.ts';

type User = Awaited<ReturnType<typeof libraryUser>>;
interface Created {
  id: number;
  token: string;
  url: string;
}

/** A request as a stranger's browser or script makes it: no cookie, nothing but what is passed. */
async function anonymous(server: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const res = await fetch(server.url + path, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, text, json: json as Record<string, unknown> | undefined };
}

describe('share links', () => {
  let server: TestServer;
  let owner: User;
  let other: User;
  let transcriptId: number;
  const audio = fixture('wav');
  // Things of the owner a token must never reveal.
  const SECRET_FOLDER = 'Zebra-folder-private';
  const SECRET_TITLE = 'Quokka private transcript';
  const SECRET_OUTPUT = 'Narwhal summary nobody shared';

  beforeAll(async () => {
    server = await startServer();
    owner = await libraryUser(server);
    other = await libraryUser(server);
    // A transcript with stored audio (the upload), completed with known segments.
    const upload = await owner.upload('shared.wav', audio);
    transcriptId = upload.json.id!;
    await server.app.database.db
      .update(transcripts)
      .set({
        title: 'Weekly planning',
        status: 'completed',
        progress: 100,
        language: 'en',
        segments: englishSegments.map((s, i) => (i === 0 ? { ...s, flags: ['low_confidence' as const] } : s)),
        content: joined(englishSegments),
        durationSeconds: 30,
      })
      .where(eq(transcripts.id, transcriptId));
    await server.app.database.db.insert(aiOutputs).values({
      transcriptId,
      prompt: 'Summary',
      output: 'The billing migration takes three weeks.',
      engine: 'local',
      model: 'rule-based',
    });
    // The rest of the owner's library.
    await owner.createFolder(SECRET_FOLDER);
    const secret = await insertTranscript(server, owner.id, { title: SECRET_TITLE, language: 'en', segments: englishSegments });
    await server.app.database.db
      .insert(aiOutputs)
      .values({ transcriptId: secret, prompt: 'Summary', output: SECRET_OUTPUT, engine: 'local', model: 'rule-based' });
  });
  afterAll(() => server.close());

  const create = async (body: Record<string, unknown>, user: User = owner, id = transcriptId) =>
    user.post(`/api/transcripts/${id}/share`, body);
  const share = async (body: Record<string, unknown> = {}) => {
    const res = await create(body);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as Created;
  };
  const page = (token: string) => anonymous(server, 'GET', `/api/public/shares/${token}`);
  const shareAudio = (token: string, headers: Record<string, string> = {}) =>
    anonymous(server, 'GET', `/api/public/shares/${token}/audio`, headers);
  const WRONG = 'A'.repeat(43);

  it('creates a link whose token is 32 random bytes and is stored only as its SHA-256', async () => {
    const created = await share();
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    expect(created.url).toBe(`/s/${created.token}`);
    const rows = await server.app.database.db.select().from(shares).where(eq(shares.id, created.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashShareToken(created.token));
    expect(rows[0]!.tokenHash).not.toContain(created.token);
    // Nowhere in the database is the token kept as typed.
    const [dump] = await selectRows<{ text: string }>(
      server.app.database.db,
      sql`select row_to_json(s)::text as text from shares s where id = ${created.id}`,
    );
    expect(dump!.text).not.toContain(created.token);
    expect((await share()).token).not.toBe(created.token);
  });

  it('the public page data works signed out: title, current segments, duration; no ids, flags or AI outputs unless shared', async () => {
    const { token } = await share();
    const res = await page(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      title: 'Weekly planning',
      duration: 30,
      language: 'en',
      segments: englishSegments.map((s) => ({ start: s.start, end: s.end, text: s.text, speaker: s.speaker })),
      audioUrl: `/api/public/shares/${token}/audio`,
      mediaKind: 'audio',
      aiOutputs: [],
      includeAiOutputs: false,
    });
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');

    const withOutputs = await page((await share({ includeAiOutputs: true })).token);
    expect(withOutputs.json!.aiOutputs).toEqual([
      { id: expect.any(Number), prompt: 'Summary', output: 'The billing migration takes three weeks.', createdAt: expect.any(String) },
    ]);
  });

  it('shows the latest revision after the owner edits', async () => {
    const { token } = await share();
    const edited = englishSegments.map((s, i) => (i === 1 ? { ...s, text: 'How long will the payroll move take?' } : s));
    const patch = await owner.call('PATCH', `/api/transcripts/${transcriptId}`, { segments: edited, baseRevision: 1 });
    expect(patch.status, patch.text).toBe(200);
    const segments = (await page(token)).json!.segments as Array<{ text: string }>;
    expect(segments[1]!.text).toBe('How long will the payroll move take?');
  });

  it('serves the audio through the token, whole and by Range', async () => {
    const { token } = await share();
    const whole = await shareAudio(token);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(audio)).toBe(true);
    const part = await shareAudio(token, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${audio.length}`);
    expect(part.bytes.equals(audio.subarray(100, 200))).toBe(true);
    const tail = await shareAudio(token, { Range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(audio.subarray(audio.length - 10))).toBe(true);
    expect((await shareAudio(token, { Range: `bytes=${audio.length + 5}-` })).status).toBe(416);
    expect(part.headers.get('referrer-policy')).toBe('no-referrer');
    expect(part.headers.get('x-robots-tag')).toContain('noindex');
  });

  it('a wrong, malformed, revoked or expired token: the same 404, at once', async () => {
    const wrong = await page(WRONG);
    expect(wrong.status).toBe(404);
    expect(wrong.json).toEqual({ error: 'This link does not exist or is no longer shared', code: 'SHARE_NOT_FOUND' });
    // (Longer path parts than the router takes get its 414 on every route.)
    for (const bad of ['short', 'x'.repeat(90), `${'A'.repeat(42)}!`, `${WRONG}A`]) {
      const res = await page(bad);
      expect(res.status, bad).toBe(404);
      expect(res.json, bad).toEqual(wrong.json);
    }
    const wrongAudio = await shareAudio(WRONG, { Range: 'bytes=0-9' });
    expect(wrongAudio.status).toBe(404);

    // Revoked: the next request already fails, page and audio alike.
    const revoked = await share();
    expect((await page(revoked.token)).status).toBe(200);
    expect((await owner.del(`/api/shares/${revoked.id}`)).json).toEqual({ ok: true });
    expect(await page(revoked.token)).toMatchObject({ status: 404, json: wrong.json });
    expect(await shareAudio(revoked.token, { Range: 'bytes=0-9' })).toMatchObject({ status: 404, json: wrong.json });
    expect((await owner.del(`/api/shares/${revoked.id}`)).status).toBe(404);

    // Expired: a link whose expiry has just passed.
    const expiring = await share({ expiresInDays: 1 });
    expect((await page(expiring.token)).status).toBe(200);
    await server.app.database.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.id, expiring.id));
    expect(await page(expiring.token)).toMatchObject({ status: 404, json: wrong.json });
    expect(await shareAudio(expiring.token)).toMatchObject({ status: 404, json: wrong.json });
    const listed = (await owner.get(`/api/transcripts/${transcriptId}/shares`)).json.shares as Array<{ id: number; expired: boolean }>;
    expect(listed.find((s) => s.id === expiring.id)?.expired).toBe(true);
  });

  it('validates the expiry: a past instant, zero days or both kinds are a 400 with nothing written', async () => {
    const before = (await owner.get(`/api/transcripts/${transcriptId}/shares`)).json.shares as unknown[];
    for (const body of [
      { expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { expiresInDays: 0 },
      { expiresInDays: 1.5 },
      { expiresAt: 'tomorrow' },
      { expiresAt: new Date(Date.now() + 86_400_000).toISOString(), expiresInDays: 2 },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json), JSON.stringify(body)).toContain('SHARE_EXPIRY_INVALID');
    }
    expect((await owner.get(`/api/transcripts/${transcriptId}/shares`)).json.shares).toHaveLength(before.length);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const created = await share({ expiresAt: future });
    const listed = (await owner.get(`/api/transcripts/${transcriptId}/shares`)).json.shares as Array<Record<string, unknown>>;
    expect(listed[0]).toEqual({
      id: created.id,
      transcriptId,
      includeAiOutputs: false,
      createdAt: expect.any(String),
      expiresAt: future,
      expired: false,
    });
  });

  it('the list never shows a token; a second user can neither list, create nor revoke, and the link keeps working', async () => {
    const created = await share({ includeAiOutputs: true });
    const list = await owner.get(`/api/transcripts/${transcriptId}/shares`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.token);
    expect(list.text).not.toContain(hashShareToken(created.token));
    expect(Object.keys((list.json.shares as object[])[0]!).sort()).toEqual([
      'createdAt',
      'expired',
      'expiresAt',
      'id',
      'includeAiOutputs',
      'transcriptId',
    ]);

    const missing = 2_000_000_000;
    const otherList = await other.get(`/api/transcripts/${transcriptId}/shares`);
    expect(otherList.status).toBe(404);
    expect(otherList.json).toEqual((await other.get(`/api/transcripts/${missing}/shares`)).json);
    const otherCreate = await create({}, other);
    expect(otherCreate.status).toBe(404);
    expect(otherCreate.json).toEqual((await create({}, other, missing)).json);
    const otherRevoke = await other.del(`/api/shares/${created.id}`);
    expect(otherRevoke.status).toBe(404);
    expect(otherRevoke.json).toEqual((await other.del(`/api/shares/${missing}`)).json);
    expect((await page(created.token)).status).toBe(200);
  });

  it('a deleted transcript takes its links with it', async () => {
    const id = await insertTranscript(server, owner.id, { title: 'Short-lived', language: 'en', segments: englishSegments });
    const created = (await create({}, owner, id)).json as unknown as Created;
    const res = await page(created.token);
    expect(res.status).toBe(200);
    expect(res.json!.audioUrl).toBeNull();
    expect((await owner.del(`/api/transcripts/${id}`)).status).toBe(200);
    expect((await page(created.token)).status).toBe(404);
    expect(await server.app.database.db.select().from(shares).where(eq(shares.id, created.id))).toEqual([]);
  });

  it('needs a session for the owner routes, and X-Requested-With for creating and revoking', async () => {
    const created = await share();
    expect((await anonymous(server, 'GET', `/api/transcripts/${transcriptId}/shares`)).status).toBe(401);
    expect(
      (await anonymous(server, 'POST', `/api/transcripts/${transcriptId}/share`, { ...XHR, 'Content-Type': 'application/json' }, '{}'))
        .status,
    ).toBe(401);
    expect((await anonymous(server, 'DELETE', `/api/shares/${created.id}`, XHR)).status).toBe(401);
    const noXhr = await fetch(`${server.url}/api/shares/${created.id}`, { method: 'DELETE', headers: { Cookie: owner.cookie } });
    expect(noXhr.status).toBe(403);
    expect((await page(created.token)).status).toBe(200);
  });

  it('with only the token, no /api route of the OpenAPI document reveals anything else of the owner', async () => {
    const created = await share();
    const { token } = created;
    const ownerTree = await owner.tree();
    const rowsBefore = await rowCounts(server);
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema?: { enum?: string[] } }> }>>;
    };
    // Routes that answer without a session by design; everything else must refuse a stranger.
    const open = new Set([
      'GET /api/health',
      'GET /api/config',
      'GET /api/captcha/challenge',
      'GET /api/auth/session',
      // Signing out a session one does not have ends nothing.
      'POST /api/auth/logout',
      'GET /api/public/shares/{token}',
      'GET /api/public/shares/{token}/audio',
    ]);
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({ path, method: method.toUpperCase(), params: op.parameters ?? [] })),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/public/shares/{token}', 'GET /api/public/shares/{token}/audio', 'DELETE /api/shares/{id}']),
    );

    // Each path parameter filled with the owner's real ids, and once with the token itself.
    const fill = (path: string, params: Array<{ in: string; name: string; schema?: { enum?: string[] } }>, withToken: boolean) =>
      path.replace(/\{(\w+)\}/g, (_all, name: string) => {
        const enumValue = params.find((p) => p.in === 'path' && p.name === name)?.schema?.enum?.[0];
        if (name === 'token') return token;
        if (withToken) return token;
        if (enumValue) return enumValue;
        if (path.startsWith('/api/shares/')) return String(created.id);
        if (path.startsWith('/api/folders/')) return String(ownerTree.find((n) => n.type === 'folder')!.id);
        if (name === 'n') return '1';
        return String(transcriptId);
      });
    const asStranger: Array<Record<string, string>> = [
      {},
      { Authorization: `Bearer ${token}` },
      { Authorization: `Bearer ${token}`, ...XHR, 'Content-Type': 'application/json' },
      { Cookie: `sid=${token}`, ...XHR, 'Content-Type': 'application/json' },
    ];
    const forbiddenText = [SECRET_FOLDER, SECRET_TITLE, SECRET_OUTPUT, owner.cookie.split('=')[1]!];
    const seen: string[] = [];
    for (const route of routes) {
      for (const withToken of [false, true]) {
        const path = fill(route.path, route.params, withToken);
        for (const headers of asStranger) {
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && 'Content-Type' in headers;
          const res = await anonymous(server, route.method, path, headers, hasBody ? '{}' : undefined);
          const name = `${route.method} ${route.path} (${withToken ? 'token' : 'ids'}, ${JSON.stringify(headers)})`;
          expect(res.status, name).not.toBeGreaterThanOrEqual(500);
          // HEAD is GET without the body.
          const key = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.path}`;
          if (!open.has(key)) expect(res.status, name).toBeGreaterThanOrEqual(400);
          for (const secret of forbiddenText) expect(res.text, name).not.toContain(secret);
          // Only the shared transcript's own routes may carry its title.
          if (!route.path.startsWith('/api/public/shares/')) expect(res.text, name).not.toContain('Weekly planning');
          seen.push(name);
        }
      }
    }
    expect(seen.length).toBe(routes.length * 2 * asStranger.length);
    // Nothing of the owner's changed, and the link still works.
    expect(await owner.tree()).toEqual(ownerTree);
    expect(await rowCounts(server)).toEqual(rowsBefore);
    expect((await page(token)).status).toBe(200);
  });
});

describe('share page headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('/s/{token} is served with noindex and no referrer; other pages keep the usual referrer policy', async () => {
    const sharePage = await fetch(`${server.url}/s/${'B'.repeat(43)}`, { headers: { Accept: 'text/html' } });
    await sharePage.arrayBuffer();
    expect(sharePage.headers.get('x-robots-tag')).toContain('noindex');
    expect(sharePage.headers.get('referrer-policy')).toBe('no-referrer');
    const login = await fetch(`${server.url}/login`, { headers: { Accept: 'text/html' } });
    await login.arrayBuffer();
    expect(login.headers.get('x-robots-tag')).toBeNull();
    expect(login.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
