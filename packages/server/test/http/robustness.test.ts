import { apiErrorCodes } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, XHR, type TestServer } from '../helpers.ts';

// Every mutating route of this issue. Each is hit with bad input and must answer a 4xx with an
// `error` field: nothing a client sends may reach the generic 500 handler.
const routes = ['/api/auth/register', '/api/auth/login', '/api/auth/logout', '/api/user/preferences'];

describe('bad input never gives a 500', () => {
  let server: TestServer;
  let cookie: string;
  const statuses: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    ({ cookie } = await register(server));
  });
  afterAll(async () => {
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    await server.close();
  });

  async function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    const res = await fetch(server.url + path, {
      method: 'POST',
      ...init,
      headers: { ...XHR, Cookie: cookie, ...init.headers },
    });
    statuses.push(res.status);
    const text = await res.text();
    let body: { error?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${path}: non-JSON ${res.status} answer: ${text}`);
    }
    // Every refusal names its cause by a code of the registry.
    if (res.status >= 400) expect(apiErrorCodes, `${path}: ${text}`).toContain((body as { code?: unknown }).code);
    return { status: res.status, body, type: res.headers.get('content-type') };
  }

  for (const path of routes) {
    describe(path, () => {
      it('answers 403 without X-Requested-With (and with a wrong value)', async () => {
        for (const value of [undefined, 'fetch']) {
          const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: cookie };
          if (value) headers['X-Requested-With'] = value;
          const res = await fetch(server.url + path, { method: 'POST', headers, body: '{}' });
          statuses.push(res.status);
          expect(res.status).toBe(403);
          expect(await res.json()).toEqual({ error: 'Missing X-Requested-With header', code: 'MISSING_REQUESTED_WITH' });
        }
      });

      it('answers 400 with an error for malformed JSON', async () => {
        for (const body of ['{', '{"username": }', "{'a': 1}", 'undefined', '{"a":1}}']) {
          const res = await send(path, { body, headers: { 'Content-Type': 'application/json' } });
          expect(res.status, `${path} ${body}`).toBe(400);
          expect(res.body.error).toEqual(expect.any(String));
        }
      });

      it('answers 400 for an empty JSON body', async () => {
        const res = await send(path, { body: '', headers: { 'Content-Type': 'application/json' } });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Request body is empty');
      });

      it('answers 415 for an unsupported content type', async () => {
        const res = await send(path, { body: 'username=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
        expect(res.status).toBe(415);
        expect(res.body.error).toBe('Unsupported content type');
      });

      it('answers 413 for a body over the limit', async () => {
        const body = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) });
        const res = await send(path, { body, headers: { 'Content-Type': 'application/json' } });
        expect(res.status).toBe(413);
        expect(res.body.error).toBe('Request body is too large');
      });
    });
  }

  // Logout takes no body, so only the routes with a schema get the wrong-type cases.
  for (const path of routes.filter((p) => !p.endsWith('logout'))) {
    it(`${path}: wrong types and shapes answer 400 with an error`, async () => {
      const bodies: unknown[] = [
        null,
        [],
        'a string',
        42,
        true,
        {},
        { name: 5, username: ['a'], email: { x: 1 }, password: 123456, captchaToken: 7, language: 1 },
        { name: null, username: null, email: null, password: null, captchaToken: null, language: null },
        { username: 'x'.repeat(10_000), password: 'y'.repeat(10_000), captchaToken: 'z'.repeat(20_000) },
        { __proto__: { admin: true }, constructor: { prototype: {} } },
      ];
      for (const body of bodies) {
        const res = await send(path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error, JSON.stringify(body)).toEqual(expect.any(String));
        expect(res.type).toContain('application/json');
      }
    });
  }

  it('GET routes ignore query junk', async () => {
    for (const path of ['/api/auth/me?x=%ZZ', '/api/user/preferences?language[]=1', '/api/health?%00']) {
      const res = await fetch(server.url + path, { headers: { Cookie: cookie } });
      statuses.push(res.status);
      expect(res.status).toBeLessThan(500);
    }
  });
});
