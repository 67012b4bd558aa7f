import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, sessionCookie, startServer, tempDir, type TestServer } from '../helpers.ts';
import { api, fixture, storedFiles } from '../library-helpers.ts';
import { runAdmin } from '../support/admin-cli.ts';

/** `pnpm admin …` as an operator runs it, on the given data folder (PGlite unless a DATABASE_URL is given). */
const admin = (dataDir: string, args: string[], env: { DATABASE_URL?: string } = {}) => runAdmin(dataDir, args, env.DATABASE_URL);

describe('pnpm admin backup and restore (PGlite)', () => {
  const work = tempDir('scribe-backup-');
  const backupFile = join(work, 'nightly.tar');
  const restoredDir = join(work, 'restored');
  let server: TestServer;
  let owner: ReturnType<typeof api>;
  let account: { username: string; password: string };
  let keptFolder: number;
  let transcriptId: number;
  const audio = fixture('ogg');

  beforeAll(async () => {
    server = await startServer({}, { pglite: true });
    const registered = await register(server);
    account = registered.account;
    owner = api(server, registered.cookie);
    keptFolder = (await owner.createFolder('Before the backup')).id;
    const uploaded = await owner.upload('interview.ogg', audio);
    expect(uploaded.status).toBe(201);
    transcriptId = uploaded.json.id!;
  }, 300_000);

  afterAll(async () => {
    await server?.close().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });

  it('writes a snapshot while the server runs and keeps serving; the file is private', async () => {
    const res = await admin(server.dataDir, ['backup', backupFile]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Backup written to .*nightly\.tar \(\d+ bytes, 1 audio files\)\.$/m);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);
    // The server is still the one holding the database and answers as before.
    expect((await owner.get('/api/folders/tree')).status).toBe(200);
    // A change after the snapshot is not in it.
    await owner.createFolder('After the backup');
  }, 300_000);

  it('restores into a new data folder: same account, folders, transcript and byte-identical audio', async () => {
    await server.close();
    const res = await admin(restoredDir, ['restore', backupFile]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Restored the backup of \d{4}-\d\d-\d\dT.* \(1 audio files\)\./);

    server = await startServer({ DATA_DIR: restoredDir }, { pglite: true });
    const session = await login(server, account.username, account.password);
    expect(session.status).toBe(200);
    const cookie = sessionCookie(session)!;
    const tree = await fetch(`${server.url}/api/folders/tree`, { headers: { Cookie: cookie } });
    const text = await tree.text();
    expect(text).toContain('Before the backup');
    expect(text).not.toContain('After the backup');
    expect(text).toContain(`"id":${keptFolder}`);
    const audioRes = await fetch(`${server.url}/api/transcripts/${transcriptId}/audio`, { headers: { Cookie: cookie } });
    expect(audioRes.status).toBe(200);
    expect(Buffer.from(await audioRes.arrayBuffer()).equals(audio)).toBe(true);
    expect(storedFiles(server)).toHaveLength(1);
  }, 300_000);

  it('refuses to restore over a database, while the server runs, or from a file that is not a backup', async () => {
    // The restored folder now has a database and a running server.
    const running = await admin(restoredDir, ['restore', backupFile]);
    expect(running.code).toBe(1);
    expect(running.stderr).toContain(`The server (pid ${process.pid}) is running on this DATA_DIR: stop it before restoring.`);
    await server.close().catch(() => undefined);

    const other = join(work, 'other');
    const first = await admin(other, ['restore', backupFile]);
    expect(first.code).toBe(0);
    const again = await admin(other, ['restore', backupFile]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has a database. Restore into a new or empty DATA_DIR.');

    const junk = join(work, 'junk.tar');
    writeFileSync(junk, 'not a tar file at all');
    const empty = join(work, 'empty');
    const bad = await admin(empty, ['restore', junk]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not (a readable backup|a Scribe backup)/);
    // Nothing half-restored: the empty folder has no database.
    expect(existsSync(join(empty, 'db', 'PG_VERSION'))).toBe(false);

    const missing = await admin(empty, ['restore', join(work, 'nope.tar')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No backup file at');
  }, 300_000);

  it('backs up a stopped server by opening the database itself', async () => {
    const second = join(work, 'second.tar');
    const res = await admin(restoredDir, ['backup', second]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(readFileSync(second).length).toBeGreaterThan(audio.length);
  }, 300_000);

  it('on PostgreSQL points to pg_dump instead', async () => {
    const res = await admin(work, ['backup', backupFile], { DATABASE_URL: 'postgres://scribe@127.0.0.1:1/scribe' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('back it up with pg_dump');
  }, 60_000);
});
