import { validationMessages as m } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, postJson, register, sessionCookie, solveCaptcha, startServer, type TestServer } from '../helpers.ts';

describe('POST /api/auth/login', () => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof register>>['account'];

  beforeAll(async () => {
    server = await startServer();
    ({ account } = await register(server, { username: `Mixed${Date.now()}` }));
  });
  afterAll(() => server.close());

  it('signs in with the username, in any case, and sets a session', async () => {
    const res = await login(server, account.username.toLowerCase(), account.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: account.username, fullName: 'Ada Lovelace' });
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: sessionCookie(res)! } });
    expect((await me.json()).username).toBe(account.username);
  });

  it('signs in with the e-mail address, in any case', async () => {
    const res = await login(server, `  ${account.email.toUpperCase()} `, account.password);
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe(account.email);
    expect(sessionCookie(res)).toBeDefined();
  });

  it('gives byte-identical answers for a wrong password and an unknown user', async () => {
    const wrong = await login(server, account.username, 'Wrong#Password1');
    const unknown = await login(server, `nobody${Date.now()}`, 'Wrong#Password1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toBe('{"error":"Invalid username or password","code":"INVALID_CREDENTIALS"}');
    expect(b).toBe(a);
    const headers = (res: Response) => [...res.headers.entries()].filter(([k]) => k !== 'date');
    expect(headers(unknown)).toEqual(headers(wrong));
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('takes similar time for a wrong password and an unknown user (argon2 runs for both)', async () => {
    const time = async (username: string) => {
      const captchaToken = await solveCaptcha(server);
      const t = performance.now();
      await postJson(server, '/api/auth/login', { username, password: 'Wrong#Password1', captchaToken });
      return performance.now() - t;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 11; i++) {
      known.push(await time(account.username));
      unknown.push(await time(`ghost${i}${Date.now()}`));
    }
    // Load only ever adds time, so the fastest of several tries shows the work each path does.
    // Without the dummy hash an unknown user answers in about a third of the time (tried).
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.6);
  });

  it('requires username, password and a solved captcha', async () => {
    const missing = await postJson(server, '/api/auth/login', { username: '', password: '', captchaToken: '' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: m.loginUsernameRequired,
      code: 'LOGIN_USERNAME_REQUIRED',
      fieldErrors: {
        username: { code: 'LOGIN_USERNAME_REQUIRED', error: m.loginUsernameRequired },
        password: { code: 'LOGIN_PASSWORD_REQUIRED', error: m.loginPasswordRequired },
        captchaToken: { code: 'CAPTCHA_REQUIRED', error: m.captchaRequired },
      },
    });
    const noCaptcha = await postJson(server, '/api/auth/login', { username: account.username, password: account.password });
    expect(noCaptcha.status).toBe(400);
    expect((await noCaptcha.json()).error).toBe(m.captchaRequired);
  });

  it('refuses a replayed captcha solution, even with the right password', async () => {
    const captchaToken = await solveCaptcha(server);
    const body = { username: account.username, password: account.password, captchaToken };
    expect((await postJson(server, '/api/auth/login', body)).status).toBe(200);
    const replay = await postJson(server, '/api/auth/login', body);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      error: m.captchaRequired,
      code: 'CAPTCHA_REQUIRED',
      fieldErrors: { captchaToken: { code: 'CAPTCHA_REQUIRED', error: m.captchaRequired } },
    });
    expect(replay.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a captcha solution signed with another key', async () => {
    const other = await startServer({}, { pglite: true });
    try {
      const foreign = await solveCaptcha(other);
      const res = await postJson(server, '/api/auth/login', {
        username: account.username,
        password: account.password,
        captchaToken: foreign,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(m.captchaRequired);
    } finally {
      await other.close();
    }
  });
});
