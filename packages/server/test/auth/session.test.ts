import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, sessionCookie, startServer, XHR, type TestServer } from '../helpers.ts';

function parseSetCookie(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!header) throw new Error('no sid cookie');
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const flags = new Map(
    attrs.map((a) => {
      const [k, v] = a.split('=');
      return [k.toLowerCase(), v ?? true] as const;
    }),
  );
  return { value: pair.slice(4), flags, header };
}

const me = (server: TestServer, cookie?: string) => fetch(`${server.url}/api/auth/me`, { headers: cookie ? { Cookie: cookie } : {} });

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: 'true', SESSION_TTL_DAYS: '30' });
  });
  afterAll(() => server.close());

  it('sets sid HttpOnly, SameSite=Lax, Path=/, Max-Age of the TTL, without Secure on http', async () => {
    const { res } = await register(server);
    const { flags, value } = parseSetCookie(res);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(flags.get('httponly')).toBe(true);
    expect(flags.get('samesite')).toBe('Lax');
    expect(flags.get('path')).toBe('/');
    expect(flags.get('max-age')).toBe(String(30 * 24 * 60 * 60));
    expect(flags.has('secure')).toBe(false);
  });

  it('adds Secure when a trusted proxy says the request was https', async () => {
    const { account } = await register(server);
    const res = await login(server, account.username, account.password, { 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(parseSetCookie(res).flags.get('secure')).toBe(true);
  });

  it('GET /api/auth/me answers 401 without a valid session', async () => {
    for (const cookie of [undefined, 'sid=', 'sid=not-a-session', `sid=${'A'.repeat(43)}`]) {
      const res = await me(server, cookie);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
    }
  });

  it('GET /api/auth/session answers 200 for everyone: the user, or null for an anonymous visitor', async () => {
    for (const cookie of [undefined, 'sid=', 'sid=not-a-session', `sid=${'A'.repeat(43)}`]) {
      const res = await fetch(`${server.url}/api/auth/session`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ user: null });
    }
    const { cookie, account } = await register(server);
    const res = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { username: string; email: string } };
    expect(body.user).toMatchObject({ username: account.username, email: account.email });
  });

  it('logout deletes the session on the server: the old cookie no longer works', async () => {
    const { cookie, account } = await register(server);
    const other = sessionCookie(await login(server, account.username, account.password))!;
    expect((await me(server, cookie)).status).toBe(200);

    const res = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { ...XHR, Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const cleared = parseSetCookie(res);
    expect(cleared.value).toBe('');
    expect(cleared.header).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    // Replaying the old cookie (as a stolen copy would) is refused...
    expect((await me(server, cookie)).status).toBe(401);
    // ...while the same user's other session stays signed in.
    expect((await me(server, other)).status).toBe(200);
  });

  it('signing in again from the same browser ends its previous session', async () => {
    const { cookie, account } = await register(server);
    const res = await login(server, account.username, account.password, { Cookie: cookie });
    const fresh = sessionCookie(res)!;
    expect(fresh).not.toBe(cookie);
    expect((await me(server, fresh)).status).toBe(200);
    expect((await me(server, cookie)).status).toBe(401);
  });

  it('logout succeeds when not signed in', async () => {
    const res = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: XHR });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('sessions without a trusted proxy', () => {
  it('ignores X-Forwarded-Proto: no Secure flag', async () => {
    const server = await startServer({ TRUST_PROXY: 'false' });
    try {
      const { account } = await register(server);
      const res = await login(server, account.username, account.password, { 'X-Forwarded-Proto': 'https' });
      expect(parseSetCookie(res).flags.has('secure')).toBe(false);
    } finally {
      await server.close();
    }
  });
});
