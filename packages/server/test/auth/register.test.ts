import { apiErrorCodeOf, authMessages, validationMessages as m, type ApiErrorBody } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, newAccount, postJson, register, sessionCookie, solveCaptcha, startServer, type TestServer } from '../helpers.ts';

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
    ['username that is an e-mail address', { username: 'someone@example.com' }, 'username', m.usernameNoAt],
    ['username with an @ anywhere', { username: 'ada@home' }, 'username', m.usernameNoAt],
    ['username of zero-width characters', { username: '\u200B\u200C\u200D\u2060' }, 'username', m.usernameMin],
    ['name of zero-width characters and spaces', { name: ' \u200B \uFEFF\u200B ' }, 'name', m.nameMin],
    ['name longer than 100', { name: 'N'.repeat(101) }, 'name', m.nameMax],
    ['username longer than 50', { username: 'u'.repeat(51) }, 'username', m.usernameMax],
    ['password longer than 256', { password: 'Aa#1'.repeat(65) }, 'password', m.passwordMax],
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
      const body = (await res.json()) as ApiErrorBody;
      expect(body.error).toBe(message);
      // Each message of the spec has its code in the registry, in the answer and in its field.
      const code = apiErrorCodeOf(message);
      expect(code).toBeDefined();
      expect(body.code).toBe(code);
      expect(body.fieldErrors).toEqual({ [field]: { code, error: message } });
    });
  }

  it('reports every invalid field at once, the first one as the error', async () => {
    const res = await postJson(server, '/api/auth/register', { name: 'A', username: 'ab', email: 'x', password: '1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: m.nameMin,
      code: 'NAME_MIN',
      fieldErrors: {
        name: { code: 'NAME_MIN', error: m.nameMin },
        username: { code: 'USERNAME_MIN', error: m.usernameMin },
        email: { code: 'EMAIL_INVALID', error: m.emailInvalid },
        password: { code: 'PASSWORD_MIN', error: m.passwordMin },
        captchaToken: { code: 'CAPTCHA_REQUIRED', error: m.captchaRequired },
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
    const res = await postJson(server, '/api/auth/register', await newAccount(server, { username: account.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'Username is already taken',
      code: 'USERNAME_TAKEN',
      fieldErrors: { username: { code: 'USERNAME_TAKEN', error: 'Username is already taken' } },
    });
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

  it("refuses an e-mail that is an older account's username, which would shadow it at sign-in", async () => {
    // Usernames with '@' are refused now; older rows may still have one.
    const legacy = await register(server);
    const taken = `legacy${Date.now()}@example.com`;
    await server.app.database.db.execute(sql`update users set username = ${taken} where id = ${legacy.user.id}`);
    const res = await postJson(server, '/api/auth/register', await newAccount(server, { email: taken.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: authMessages.emailIsUsername,
      code: 'EMAIL_IS_USERNAME',
      fieldErrors: { email: { code: 'EMAIL_IS_USERNAME', error: authMessages.emailIsUsername } },
    });
  });

  it('a user signs in with their e-mail even after someone tried to take it as a username', async () => {
    const { account } = await register(server);
    const res = await postJson(server, '/api/auth/register', await newAccount(server, { username: account.email }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(m.usernameNoAt);
    expect((await login(server, account.email, account.password)).status).toBe(200);
  });
});

describe('registrations per client network', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 429 with Retry-After after the configured number of accounts per window', async () => {
    server = await startServer({ REGISTER_RATE_LIMIT_PER_IP: '3', REGISTER_RATE_LIMIT_WINDOW_MINUTES: '60' });
    for (let i = 0; i < 3; i++) await register(server);
    const res = await postJson(server, '/api/auth/register', await newAccount(server));
    expect(res.status).toBe(429);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toEqual({
      error: 'Too many accounts were created from your network. Please try again later.',
      code: 'TOO_MANY_REGISTRATIONS',
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('counts only accounts made: refused registrations do not use the budget', async () => {
    server = await startServer({ REGISTER_RATE_LIMIT_PER_IP: '2' });
    const { account } = await register(server);
    for (let i = 0; i < 3; i++) {
      const res = await postJson(server, '/api/auth/register', await newAccount(server, { username: account.username }));
      expect(res.status).toBe(409);
    }
    await register(server);
    expect((await postJson(server, '/api/auth/register', await newAccount(server))).status).toBe(429);
  });

  it('holds when registrations race, and counts an IPv6 /64 as one network', async () => {
    server = await startServer({ TRUST_PROXY: 'true', REGISTER_RATE_LIMIT_PER_IP: '4' });
    const accounts = [];
    for (let i = 0; i < 12; i++) accounts.push(await newAccount(server));
    const answers = await Promise.all(
      accounts.map((a, i) => postJson(server!, '/api/auth/register', a, { 'X-Forwarded-For': `2001:db8:7:7::${i + 1}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    const elsewhere = await postJson(server, '/api/auth/register', await newAccount(server), { 'X-Forwarded-For': '2001:db8:7:8::1' });
    expect(elsewhere.status).toBe(201);
  });
});
