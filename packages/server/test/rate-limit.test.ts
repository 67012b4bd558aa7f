import { afterEach, describe, expect, it } from 'vitest';
import { login, register, startServer, type TestServer } from './helpers.ts';

const tooMany = { error: 'Too many login attempts. Please try again later.' };

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
