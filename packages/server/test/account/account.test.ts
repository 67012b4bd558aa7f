import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { login, register, sessionCookie, startServer, type TestServer } from '../helpers.ts';
import { api, fixture, storedFiles } from '../library-helpers.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Session {
  id: string;
  browser: string | null;
  os: string | null;
  deviceType: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

describe('account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    // PGlite's first start is slow on a busy machine.
  }, 300_000);
  afterAll(() => server.close());

  const me = async (cookie: string) => (await fetch(`${server.url}/api/auth/me`, { headers: { Cookie: cookie } })).status;
  const signIn = async (username: string, password: string, userAgent = CHROME_LINUX) => {
    const res = await login(server, username, password, { 'User-Agent': userAgent });
    expect(res.status).toBe(200);
    return sessionCookie(res)!;
  };

  it('lists the active sessions with device, times and which one is current', async () => {
    const { account, cookie } = await register(server, {});
    const phone = await signIn(account.username, account.password, SAFARI_IPHONE);
    const laptop = await signIn(account.username, account.password, CHROME_LINUX);
    const res = await api(server, laptop).get('/api/account/sessions');
    expect(res.status).toBe(200);
    const list = res.json as unknown as Session[];
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome', os: 'Linux', deviceType: 'desktop' });
    expect(list.find((s) => s.browser === 'Safari')).toMatchObject({ os: 'iOS', deviceType: 'mobile', current: false });
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastUsedAt)).not.toBeNaN();
    }
    // Neither the cookie nor its stored hash appears in the list.
    const stored = await selectRows<{ id: string }>(server.app.database.db, sql`select id from sessions`);
    expect(JSON.stringify(list)).not.toContain(laptop.slice(4));
    for (const row of stored) expect(JSON.stringify(list)).not.toContain(row.id);
    expect(await me(cookie)).toBe(200);
    expect(await me(phone)).toBe(200);
  });

  it('refreshes last use at most once a minute', async () => {
    const { cookie } = await register(server);
    const before = await selectRows<{ last_used_at: Date }>(server.app.database.db, sql`select last_used_at from sessions`);
    await server.app.database.db.execute(sql`update sessions set last_used_at = now() - interval '2 minutes'`);
    await me(cookie);
    const list = (await api(server, cookie).get('/api/account/sessions')).json as unknown as Session[];
    const current = list.find((s) => s.current)!;
    expect(Date.now() - Date.parse(current.lastUsedAt)).toBeLessThan(30_000);
    // A request within the minute does not write again.
    await server.app.database.db.execute(sql`update sessions set last_used_at = now() - interval '30 seconds'`);
    await me(cookie);
    const again = ((await api(server, cookie).get('/api/account/sessions')).json as unknown as Session[]).find((s) => s.current)!;
    expect(Date.now() - Date.parse(again.lastUsedAt)).toBeGreaterThan(25_000);
    expect(before.length).toBeGreaterThan(0);
  });

  it('changing the password signs out every other session and keeps this one', async () => {
    const { account, cookie } = await register(server);
    const other = await signIn(account.username, account.password);
    const third = await signIn(account.username, account.password);
    const res = await api(server, cookie).post('/api/account/password', { currentPassword: account.password, newPassword: 'N3w#Password' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, signedOut: 2 });
    expect(await me(cookie)).toBe(200);
    expect(await me(other)).toBe(401);
    expect(await me(third)).toBe(401);
    expect((await login(server, account.username, account.password)).status).toBe(401);
    expect((await login(server, account.username, 'N3w#Password')).status).toBe(200);
  });

  it('refuses a wrong current password and a new password too short, changing nothing', async () => {
    const { account, cookie } = await register(server);
    const other = await signIn(account.username, account.password);
    const wrong = await api(server, cookie).post('/api/account/password', { currentPassword: 'not-it', newPassword: 'N3w#Password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      error: 'Current password is incorrect',
      code: 'CURRENT_PASSWORD_INCORRECT',
      fieldErrors: { currentPassword: { code: 'CURRENT_PASSWORD_INCORRECT', error: 'Current password is incorrect' } },
    });
    const short = await api(server, cookie).post('/api/account/password', { currentPassword: account.password, newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.json.error).toBe('Password must be at least 6 characters long');
    expect(await me(other)).toBe(200);
    expect((await login(server, account.username, account.password)).status).toBe(200);
  });

  it('revokes one session; another user gets 404 for it; without a session 401', async () => {
    const { account, cookie } = await register(server);
    const other = await signIn(account.username, account.password);
    const list = (await api(server, cookie).get('/api/account/sessions')).json as unknown as Session[];
    const target = list.find((s) => !s.current)!;

    const stranger = await register(server);
    const foreign = await api(server, stranger.cookie).del(`/api/account/sessions/${target.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ error: 'Session not found', code: 'SESSION_NOT_FOUND' });
    expect(await me(other)).toBe(200);
    expect(((await api(server, stranger.cookie).get('/api/account/sessions')).json as unknown as Session[]).map((s) => s.id)).not.toContain(
      target.id,
    );

    const anonymous = await fetch(`${server.url}/api/account/sessions/${target.id}`, {
      method: 'DELETE',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${server.url}/api/account/sessions`)).status).toBe(401);

    const revoked = await api(server, cookie).del(`/api/account/sessions/${target.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ ok: true, signedOut: 1 });
    expect(await me(other)).toBe(401);
    expect(await me(cookie)).toBe(200);
    expect((await api(server, cookie).del(`/api/account/sessions/${target.id}`)).status).toBe(404);
  });

  it('"Sign out everywhere" ends every session, this one included', async () => {
    const { account, cookie } = await register(server);
    const other = await signIn(account.username, account.password);
    const res = await api(server, cookie).post('/api/account/sign-out-everywhere');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, signedOut: 2 });
    expect(res.headers.getSetCookie().some((c) => /^sid=;/.test(c))).toBe(true);
    expect(await me(cookie)).toBe(401);
    expect(await me(other)).toBe(401);
  });

  it('needs the X-Requested-With header on every changing route', async () => {
    const { account, cookie } = await register(server);
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/account/password', { currentPassword: account.password, newPassword: 'N3w#Password' }],
      ['POST', '/api/account/sign-out-everywhere', undefined],
      ['DELETE', `/api/account/sessions/${'0'.repeat(32)}`, undefined],
      ['DELETE', '/api/account', { password: account.password }],
    ];
    for (const [method, path, body] of calls) {
      const res = await fetch(server.url + path, {
        method,
        headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await me(cookie)).toBe(200);
    expect((await login(server, account.username, account.password)).status).toBe(200);
  });

  it('downloads all my data as a zip: audio, transcript JSON and TXT, AI outputs, prompts, credit ledger', async () => {
    const { account, cookie, user } = await register(server);
    const client = api(server, cookie);
    const audio = fixture('wav');
    const uploaded = await client.upload('reading.wav', audio);
    expect(uploaded.status).toBe(201);
    const id = uploaded.json.id!;
    const segments = [{ start: 0, end: 2.5, text: 'The family of Dashwood', speaker: 'Unknown Speaker' }];
    await server.app.database.db.execute(
      sql`update transcripts set status = 'completed', title = 'Sense & Sensibility', content = 'The family of Dashwood',
          segments = ${JSON.stringify(segments)}::jsonb where id = ${id}`,
    );
    await server.app.database.db.execute(
      sql`insert into ai_outputs (transcript_id, prompt, output, engine, model) values (${id}, 'Summarize', 'A family.', 'local', 'rule-based')`,
    );
    expect((await client.post('/api/prompts', { name: 'Mine', prompt: 'List names', icon: 'Book' })).status).toBe(201);
    // Another user's data must not appear.
    const stranger = await register(server);
    expect((await api(server, stranger.cookie).upload('theirs.wav', audio)).status).toBe(201);

    const res = await fetch(`${server.url}/api/account/export`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-.+\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const dir = `transcripts/${id}-Sense-Sensibility`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'credit-ledger.json',
        'folders.json',
        'payments.json',
        'prompts.json',
        `${dir}/ai-outputs.json`,
        `${dir}/audio.wav`,
        `${dir}/transcript.json`,
        `${dir}/transcript.txt`,
      ].sort(),
    );
    expect(Buffer.from(files[`${dir}/audio.wav`]).equals(audio)).toBe(true);
    const transcript = JSON.parse(strFromU8(files[`${dir}/transcript.json`]));
    expect(transcript).toMatchObject({ id, title: 'Sense & Sensibility', content: 'The family of Dashwood', segments });
    expect(strFromU8(files[`${dir}/transcript.txt`])).toContain('The family of Dashwood');
    expect(JSON.parse(strFromU8(files[`${dir}/ai-outputs.json`]))).toMatchObject([{ prompt: 'Summarize', output: 'A family.' }]);
    expect(JSON.parse(strFromU8(files['prompts.json']))).toMatchObject([{ name: 'Mine', prompt: 'List names', icon: 'Book' }]);
    expect(JSON.parse(strFromU8(files['credit-ledger.json']))).toMatchObject([{ kind: 'starting_grant', amount: 60, balanceAfter: 60 }]);
    expect(JSON.parse(strFromU8(files['account.json']))).toMatchObject({ id: user.id, username: account.username, email: account.email });
    expect(strFromU8(files['account.json'])).not.toContain('password');
    expect((await fetch(`${server.url}/api/account/export`)).status).toBe(401);
  });

  it('deletes the account: rows and stored audio go, the credit ledger stays anonymised, signing in fails', async () => {
    const { account, cookie, user } = await register(server);
    const other = await signIn(account.username, account.password);
    const client = api(server, cookie);
    expect((await client.upload('reading.wav', fixture('wav'))).status).toBe(201);
    expect((await client.post('/api/prompts', { name: 'Mine', prompt: 'List names', icon: 'Book' })).status).toBe(201);
    const stranger = await register(server);
    expect((await api(server, stranger.cookie).upload('theirs.wav', fixture('wav'))).status).toBe(201);
    expect(storedFiles(server).filter((f) => f.startsWith(`users/${user.id}/`))).toHaveLength(1);

    const wrong = await client.call('DELETE', '/api/account', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      error: 'Password is incorrect',
      code: 'PASSWORD_INCORRECT',
      fieldErrors: { password: { code: 'PASSWORD_INCORRECT', error: 'Password is incorrect' } },
    });
    expect(await me(cookie)).toBe(200);

    const ledgerBefore = await selectRows<{ id: number }>(
      server.app.database.db,
      sql`select id from credit_entries where user_id = ${user.id}`,
    );
    const res = await client.call('DELETE', '/api/account', { password: account.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(res.headers.getSetCookie().some((c) => /^sid=;/.test(c))).toBe(true);

    expect(await me(cookie)).toBe(401);
    expect(await me(other)).toBe(401);
    expect((await login(server, account.username, account.password)).status).toBe(401);
    expect(storedFiles(server).filter((f) => f.startsWith(`users/${user.id}/`))).toEqual([]);
    expect(existsSync(join(server.dataDir, 'files', 'users', String(stranger.user.id)))).toBe(true);
    const [counts] = await selectRows<Record<string, string | number>>(
      server.app.database.db,
      sql`select (select count(*) from users where id = ${user.id}) as users,
        (select count(*) from sessions where user_id = ${user.id}) as sessions,
        (select count(*) from transcripts where user_id = ${user.id}) as transcripts,
        (select count(*) from prompts where user_id = ${user.id}) as prompts,
        (select count(*) from credit_entries where user_id = ${user.id}) as own_ledger`,
    );
    expect(Object.values(counts).map(Number)).toEqual([0, 0, 0, 0, 0]);
    const kept = await selectRows<{ id: number; user_id: number | null; amount: number }>(
      server.app.database.db,
      sql`select id, user_id, amount from credit_entries where id in (${sql.join(
        ledgerBefore.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    expect(kept).toHaveLength(ledgerBefore.length);
    expect(kept.every((r) => r.user_id === null)).toBe(true);
    // The other user is untouched.
    expect(await me(stranger.cookie)).toBe(200);
  });
});
