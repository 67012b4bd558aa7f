import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, startServer, type TestServer } from '../helpers.ts';
import { runAdmin } from '../support/admin-cli.ts';

/** `pnpm admin …` against the test server's database. */
const admin = (server: TestServer, args: string[]) => runAdmin(server.dataDir, args, server.config.databaseUrl);

describe('pnpm admin', () => {
  let server: TestServer;
  let account: { username: string; password: string; email: string };
  let userId: number;
  beforeAll(async () => {
    server = await startServer();
    const r = await register(server);
    account = r.account;
    userId = r.user.id;
    // PGlite's first start is slow on a busy machine.
  }, 300_000);
  let stopped = false;
  afterAll(async () => {
    if (!stopped) await server.app.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('refuses clearly while the server holds the PGlite data folder (works beside it on PostgreSQL)', async () => {
    const res = await admin(server, ['list-users']);
    if (server.app.database.kind === 'pglite') {
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`The server (pid ${process.pid}) is running on the PGlite database in this DATA_DIR`);
    } else {
      expect(res.code).toBe(0);
      expect(res.stdout).toContain(account.username);
    }
  }, 120_000);

  describe('with the server stopped', () => {
    beforeAll(async () => {
      if (server.app.database.kind !== 'pglite') return;
      await server.app.close();
      stopped = true;
    }, 60_000);

    it('grant-credits writes a ledger entry and keeps the balance consistent; list-users shows it', async () => {
      const granted = await admin(server, ['grant-credits', account.username, '25', '--reason', 'Goodwill']);
      expect(granted.stderr).toBe('');
      expect(granted.code).toBe(0);
      expect(granted.stdout).toContain(`Granted 25 credits to ${account.username} (id ${userId}); balance now 85.`);

      const bad = await admin(server, ['grant-credits', account.username, '-3']);
      expect(bad.code).toBe(1);

      const listed = await admin(server, ['list-users']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`^${userId}\\t${account.username}\\t${account.email}\\t85\\t`, 'm'));
    }, 400_000);

    it('reset-password sets a generated password, prints it, and the old one stops working', async () => {
      const res = await admin(server, ['reset-password', account.email]);
      expect(res.code).toBe(0);
      const password = /New password: (\S+)/.exec(res.stdout)?.[1];
      expect(password).toBeDefined();

      const unknown = await admin(server, ['reset-password', 'nobody-here']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user "nobody-here".');

      // Start the server again on the same data and check the ledger and both passwords over HTTP.
      const again = await startServer({ DATA_DIR: server.dataDir }, { databaseUrl: server.config.databaseUrl });
      try {
        expect((await login(again, account.username, account.password)).status).toBe(401);
        const res2 = await login(again, account.username, password!);
        expect(res2.status).toBe(200);
        const cookie = res2.headers.getSetCookie()[0].split(';')[0];
        const balance = await fetch(`${again.url}/api/credits/balance`, { headers: { Cookie: cookie } });
        expect(await balance.json()).toEqual({ balance: 85 });
        const entries = await again.app.database.db.query.creditEntries.findMany();
        const grant = entries.find((e) => e.kind === 'admin_grant');
        expect(grant).toMatchObject({ userId, amount: 25, balanceAfter: 85, description: 'Goodwill' });
      } finally {
        await again.app.close();
      }
    }, 400_000);
  });
});
