// Sessions are cached for a few seconds by each web process (SESSION_CACHE_SECONDS): signing out,
// changing the password and deleting the account must still end them at once, on this process and,
// on PostgreSQL, on another process serving the same database.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, postJson, register, sessionCookie, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 5;

const me = async (server: TestServer, cookie: string) => (await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: cookie } })).status;

async function signIn(server: TestServer, username: string, password: string): Promise<string> {
  const res = await login(server, username, password);
  expect(res.status).toBe(200);
  return sessionCookie(res)!;
}

/** Runs the scenarios with `a` taking the action and `b` (possibly another process) asked right after. */
function scenarios(servers: () => { a: TestServer; b: TestServer }) {
  it('signing out ends the session at once, though it was just read (and cached)', async () => {
    const { a, b } = servers();
    for (let i = 0; i < ROUNDS; i++) {
      const { cookie } = await register(a);
      expect(await me(a, cookie)).toBe(200);
      expect(await me(b, cookie)).toBe(200);
      expect((await postJson(a, '/api/auth/logout', {}, { Cookie: cookie })).status).toBe(200);
      expect(await me(b, cookie)).toBe(401);
      expect(await me(a, cookie)).toBe(401);
    }
  });

  it('changing the password ends the other sessions at once and keeps this one', async () => {
    const { a, b } = servers();
    for (let i = 0; i < ROUNDS; i++) {
      const { account, cookie } = await register(a);
      const phone = await signIn(a, account.username, account.password);
      expect(await me(b, phone)).toBe(200);
      expect(await me(a, phone)).toBe(200);
      const res = await api(a, cookie).post('/api/account/password', {
        currentPassword: account.password,
        newPassword: `N3w#Password${i}`,
      });
      expect(res.status).toBe(200);
      expect(await me(b, phone)).toBe(401);
      expect(await me(a, phone)).toBe(401);
      expect(await me(b, cookie)).toBe(200);
    }
  });

  it('signing out everywhere and deleting the account end every session at once', async () => {
    const { a, b } = servers();
    const first = await register(a);
    const other = await signIn(a, first.account.username, first.account.password);
    expect(await me(b, other)).toBe(200);
    expect((await api(a, first.cookie).post('/api/account/sign-out-everywhere', {})).status).toBe(200);
    expect(await me(b, other)).toBe(401);
    expect(await me(b, first.cookie)).toBe(401);

    const second = await register(a);
    expect(await me(b, second.cookie)).toBe(200);
    const res = await fetch(`${a.url}/api/account`, {
      method: 'DELETE',
      headers: { Cookie: second.cookie, 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: second.account.password }),
    });
    expect(res.status).toBe(200);
    expect(await me(b, second.cookie)).toBe(401);
  });
}

describe('session cache: sessions end at once in one process', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SESSION_CACHE_SECONDS: '60' });
  }, 300_000);
  afterAll(() => server.close());

  scenarios(() => ({ a: server, b: server }));

  it('a cached session still answers without its row being read: the cache is in use', async () => {
    const { cookie } = await register(server);
    expect(await me(server, cookie)).toBe(200);
    // Removed behind the server's back (no sign-out): the cached session answers until it is forgotten.
    await server.app.database.db.execute(sql`delete from sessions where id in (select id from sessions order by created_at desc limit 1)`);
    expect(await me(server, cookie)).toBe(200);
  });
});

describe('session cache turned off (SESSION_CACHE_SECONDS=0)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SESSION_CACHE_SECONDS: '0' });
  }, 300_000);
  afterAll(() => server.close());

  it('reads the session every time: a row removed behind its back ends the session', async () => {
    const { cookie } = await register(server);
    expect(await me(server, cookie)).toBe(200);
    await server.app.database.db.execute(sql`delete from sessions`);
    expect(await me(server, cookie)).toBe(401);
  });
});

describe.runIf(onPostgres)('PostgreSQL: sessions end at once on another web process', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer({ SERVER_ROLE: 'web', SESSION_CACHE_SECONDS: '60' });
    b = await startServer({ SERVER_ROLE: 'web', SESSION_CACHE_SECONDS: '60' }, { databaseUrl: a.config.databaseUrl });
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  scenarios(() => ({ a, b }));

  it('a password reset by `pnpm admin` ends the sessions a running server has cached', async () => {
    const { cookie, account } = await register(a);
    expect(await me(b, cookie)).toBe(200);
    const cli = fileURLToPath(new URL('../../src/cli/admin.ts', import.meta.url));
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, 'reset-password', account.username], {
        env: { ...process.env, DATA_DIR: a.dataDir, LOG_LEVEL: 'silent', DATABASE_URL: a.config.databaseUrl },
        stdio: 'ignore',
      });
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(code).toBe(0);
    expect(await me(b, cookie)).toBe(401);
    expect(await me(a, cookie)).toBe(401);
  }, 120_000);
});
