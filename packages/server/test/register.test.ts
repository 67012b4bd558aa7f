import { validationMessages as m } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, postJson, register, sessionCookie, solveCaptcha, startServer, type TestServer } from './helpers.ts';

describe('POST /api/auth/register', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('creates the account, answers 201 with the user and signs in', async () => {
    const account = await newAccount(server, { name: '  Grace Hopper ' });
    const res = await postJson(server, '/api/auth/register', account);
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toEqual({ id: expect.any(Number), username: account.username, fullName: 'Grace Hopper', email: account.email });
    expect(JSON.stringify(user)).not.toContain('Secret');

    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: cookie! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['name shorter than 2', { name: 'A' }, 'name', m.nameMin],
    ['name of spaces only', { name: '   ' }, 'name', m.nameMin],
    ['name missing', { name: undefined }, 'name', m.nameMin],
    ['username shorter than 3', { username: 'ab' }, 'username', m.usernameMin],
    ['username missing', { username: undefined }, 'username', m.usernameMin],
    ['email without @', { email: 'ada.example.com' }, 'email', m.emailInvalid],
    ['email without domain dot', { email: 'ada@example' }, 'email', m.emailInvalid],
    ['email with a space', { email: 'ada lovelace@example.com' }, 'email', m.emailInvalid],
    ['password shorter than 6', { password: 'Ab#12' }, 'password', m.passwordMin],
    ['password missing', { password: undefined }, 'password', m.passwordMin],
    ['captcha missing', { captchaToken: undefined }, 'captchaToken', m.captchaRequired],
    ['captcha empty', { captchaToken: '' }, 'captchaToken', m.captchaRequired],
  ];

  for (const [what, override, field, message] of cases) {
    it(`refuses a ${what} with the spec's message`, async () => {
      const account = await newAccount(server, override);
      const res = await postJson(server, '/api/auth/register', account);
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
      const body = (await res.json()) as { error: string; fieldErrors: Record<string, string> };
      expect(body.error).toBe(message);
      expect(body.fieldErrors).toEqual({ [field]: message });
    });
  }

  it('reports every invalid field at once, the first one as the error', async () => {
    const res = await postJson(server, '/api/auth/register', { name: 'A', username: 'ab', email: 'x', password: '1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: m.nameMin,
      fieldErrors: {
        name: m.nameMin,
        username: m.usernameMin,
        email: m.emailInvalid,
        password: m.passwordMin,
        captchaToken: m.captchaRequired,
      },
    });
  });

  it('refuses an invalid captcha solution with the captcha message', async () => {
    const account = await newAccount(server);
    const forged = JSON.parse(Buffer.from(account.captchaToken, 'base64').toString());
    forged.solution.counter += 1;
    forged.solution.derivedKey = '00'.repeat(32);
    const res = await postJson(server, '/api/auth/register', {
      ...account,
      captchaToken: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(m.captchaRequired);
    for (const token of ['not-base64-json', Buffer.from('{"challenge":1}').toString('base64')]) {
      const other = await postJson(server, '/api/auth/register', { ...(await newAccount(server)), captchaToken: token });
      expect(other.status).toBe(400);
      expect((await other.json()).error).toBe(m.captchaRequired);
    }
  });

  it('refuses a replayed captcha solution', async () => {
    const first = await newAccount(server);
    expect((await postJson(server, '/api/auth/register', first)).status).toBe(201);
    const replay = await newAccount(server, { captchaToken: first.captchaToken });
    const res = await postJson(server, '/api/auth/register', replay);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(m.captchaRequired);
    // The same account details with a fresh solution go through: only the token was refused.
    expect((await postJson(server, '/api/auth/register', { ...replay, captchaToken: await solveCaptcha(server) })).status).toBe(201);
  });

  it('answers 409 for a taken username, whatever its case', async () => {
    const { account } = await register(server);
    const res = await postJson(
      server,
      '/api/auth/register',
      await newAccount(server, { username: account.username.toUpperCase() }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Username is already taken', fieldErrors: { username: 'Username is already taken' } });
  });

  it('answers 409 for a registered e-mail, whatever its case', async () => {
    const { account } = await register(server);
    const res = await postJson(server, '/api/auth/register', await newAccount(server, { email: account.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('Email is already registered');
  });

  it('lets exactly one of two simultaneous registrations of a username through', async () => {
    const username = `race${Date.now()}`;
    const [a, b] = await Promise.all([newAccount(server, { username }), newAccount(server, { username })]);
    const results = await Promise.all([a, b].map((acc) => postJson(server, '/api/auth/register', acc)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect((await loser.json()).error).toBe('Username is already taken');
  });
});
