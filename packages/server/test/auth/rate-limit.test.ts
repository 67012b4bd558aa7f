import { afterEach, describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/features/auth/client-network.ts';
import { login, postJson, register, solveCaptcha, startServer, type TestServer } from '../helpers.ts';

const tooMany = { error: 'Too many login attempts. Please try again later.', code: 'TOO_MANY_LOGIN_ATTEMPTS' };

describe('login rate limits', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('per account: after N failures even the right password gets 429 with Retry-After', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT_WINDOW_MINUTES: '15' });
    const { account } = await register(server);
    const other = await register(server);

    for (let i = 0; i < 3; i++) {
      expect((await login(server, account.username, 'Wrong#1234')).status).toBe(401);
    }
    const blocked = await login(server, account.username, account.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual(tooMany);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The account key is the name given, case-insensitively: another case does not escape it.
    expect((await login(server, account.username.toUpperCase(), account.password)).status).toBe(429);
    // Other accounts are not affected.
    expect((await login(server, other.account.username, other.account.password)).status).toBe(200);
  });

  it('per address: rapid failures over several accounts reach 429', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_IP: '5', LOGIN_RATE_LIMIT_PER_ACCOUNT: '100' });
    const { account } = await register(server);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await login(server, `user${i}-${Date.now()}`, 'Wrong#1234')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const res = await login(server, account.username, account.password);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual(tooMany);
  });

  it('a successful sign-in clears the account count', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });
    const { account } = await register(server);
    for (let i = 0; i < 2; i++) expect((await login(server, account.username, 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.username, account.password)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(server, account.username, 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.username, account.password)).status).toBe(200);
  });

  it('counts failures from concurrent attempts without losing any', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '4' });
    const { account } = await register(server);
    const first = await Promise.all(Array.from({ length: 4 }, () => login(server!, account.username, 'Wrong#1234')));
    expect(first.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect((await login(server, account.username, account.password)).status).toBe(429);
  });
});

describe('login rate limits hold under attack', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Many sign-ins sent at once, each with its own solved captcha (solved first, so they race). */
  async function parallelLogins(s: TestServer, count: number, name: (i: number) => string, password: string, headers = {}) {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) tokens.push(await solveCaptcha(s));
    const answers = await Promise.all(
      tokens.map((captchaToken, i) => postJson(s, '/api/auth/login', { username: name(i), password, captchaToken }, headers)),
    );
    return answers.map((r) => r.status);
  }
  const tally = (statuses: number[]) => ({
    checked: statuses.filter((s) => s === 401).length,
    refused: statuses.filter((s) => s === 429).length,
  });

  it('100 parallel wrong passwords for one account: at most 5 are checked', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '5', LOGIN_RATE_LIMIT_PER_IP: '1000' });
    const { account } = await register(server);
    const statuses = await parallelLogins(server, 100, () => account.username, 'Wrong#1234');
    expect(tally(statuses)).toEqual({ checked: 5, refused: 95 });
    expect((await login(server, account.username, account.password)).status).toBe(429);
  });

  it('100 parallel wrong passwords from one address: at most 10 are checked', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000', LOGIN_RATE_LIMIT_PER_IP: '10' });
    const statuses = await parallelLogins(server, 100, (i) => `nobody${i}-${Date.now()}`, 'Wrong#1234');
    expect(tally(statuses)).toEqual({ checked: 10, refused: 90 });
  });

  it('username and e-mail name one account and share its budget', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '4' });
    const { account } = await register(server);
    expect((await login(server, account.username, 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.email, 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.email.toUpperCase(), 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.username, 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.email, account.password)).status).toBe(429);
    expect((await login(server, account.username, account.password)).status).toBe(429);
  });

  it('a locked account without a solved captcha gets the captcha error, not 429', async () => {
    server = await startServer({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '2' });
    const { account } = await register(server);
    for (let i = 0; i < 2; i++) expect((await login(server, account.username, 'Wrong#1234')).status).toBe(401);
    expect((await login(server, account.username, account.password)).status).toBe(429);
    for (const captchaToken of ['', 'not-a-solution']) {
      const res = await postJson(server, '/api/auth/login', { username: account.username, password: account.password, captchaToken });
      expect(res.status).toBe(400);
      expect(res.headers.get('retry-after')).toBeNull();
      expect((await res.json()).error).toBe('Please complete the captcha verification');
    }
  });

  it('addresses in one IPv6 /64 share the per-address budget; another /64 has its own', async () => {
    server = await startServer({ TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000' });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const unknown = () => `nobody-${Date.now()}-${Math.random()}`;
    expect((await login(server, unknown(), 'Wrong#1234', from('2001:db8:1:2::1'))).status).toBe(401);
    expect((await login(server, unknown(), 'Wrong#1234', from('2001:db8:1:2:aaaa::2'))).status).toBe(401);
    expect((await login(server, unknown(), 'Wrong#1234', from('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'))).status).toBe(401);
    expect((await login(server, unknown(), 'Wrong#1234', from('2001:db8:1:2::1234'))).status).toBe(429);
    expect((await login(server, unknown(), 'Wrong#1234', from('2001:db8:1:3::1'))).status).toBe(401);
  });
});

describe('client networks of the rate limits', () => {
  it('is the IPv4 address, or the /64 of an IPv6 address', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8::')).toBe(clientNetwork('2001:db8:0:0:1::'));
  });
});
