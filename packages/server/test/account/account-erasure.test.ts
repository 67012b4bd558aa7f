// After DELETE /api/account the deleted user's name, e-mail and content leave the database files, not
// only the tables: PGlite's whole data folder (tables, indexes, WAL) and, on PostgreSQL, every file of
// the database's directory, read through the server (pg_ls_dir, pg_read_binary_file).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { ERASURE_DONE, ERASURE_QUEUE } from '../../src/features/account/erasure.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, fixture } from '../library-helpers.ts';
import { logCapture } from '../support/log-capture.ts';

/** Every regular file under `dir` (PGlite's data folder and the stored audio alike; not the admin socket). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const stat = statSync(path);
    if (stat.isDirectory()) out.push(...filesUnder(path));
    else if (stat.isFile()) out.push(path);
  }
  return out;
}

describe('erasure of a deleted account from the database files', () => {
  const log = logCapture();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(() => server?.close());

  const db = () => server.app.database.db;
  const onPostgres = () => server.app.database.kind === 'postgres';

  /** The files holding any of `needles`, as 'file: needle' (the data folder, or the database's directory). */
  async function filesHolding(needles: string[]): Promise<string[]> {
    const patterns = needles.map((n) => Buffer.from(n, 'utf8'));
    const hits: string[] = [];
    const check = (name: string, bytes: Buffer) => {
      for (const [i, pattern] of patterns.entries()) if (bytes.includes(pattern)) hits.push(`${name}: ${needles[i]}`);
    };
    if (!onPostgres()) {
      for (const file of filesUnder(server.dataDir)) check(relative(server.dataDir, file), readFileSync(file));
      return hits;
    }
    const [{ dir }] = await selectRows<{ dir: string }>(
      db(),
      sql`select 'base/' || oid as dir from pg_database where datname = current_database()`,
    );
    const files = await selectRows<{ name: string }>(db(), sql`select pg_ls_dir(${dir}) as name`);
    expect(files.length).toBeGreaterThan(50);
    for (const { name } of files) {
      // missing_ok: a dropped table's file can go between the listing and the read.
      const path = `${dir}/${name}`;
      const [row] = await selectRows<{ bytes: Buffer | null }>(
        db(),
        sql`select pg_read_binary_file(f.path, 0, f.size, true) as bytes
            from (select ${path}::text as path, (pg_stat_file(${path}::text, true)).size as size) f where f.size is not null`,
      );
      if (row?.bytes) check(`${dir}/${name}`, Buffer.from(row.bytes));
    }
    return hits;
  }

  const finishedErasures = () =>
    log
      .text()
      .split('\n')
      .filter((line) => line.includes(ERASURE_DONE)).length;
  const unfinishedJobs = async () =>
    (
      await selectRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pgboss.job where name = ${ERASURE_QUEUE} and state in ('created', 'retry', 'active')`,
      )
    )[0]!.n;

  it('leaves no trace of the name, e-mail, titles or text anywhere in the files, and other users keep theirs', async () => {
    const mark = randomBytes(4).toString('hex');
    const secrets = {
      fullName: `Quirinus Zanzibar${mark}`,
      username: `zanzibar${mark}`,
      email: `zanzibar.${mark}@mailbox.example`,
      folder: `Orchid folder ${mark}`,
      title: `Umbrella meeting ${mark}`,
      text: `the walrus password is ${mark}`,
      prompt: `Summarise for Yodelling ${mark}`,
    };
    // Someone else, whose rows stay (the rewrite must keep them). Registered first: the deleted user's
    // rows are then the last ones written into their pages, where a plain VACUUM would leave their
    // bytes (it moves the rows below a dead one up over it, and here there are none below).
    const bystander = await register(server);
    const other = api(server, bystander.cookie);
    expect((await other.post('/api/folders', { name: `Kept folder ${mark}`, parentId: null })).status).toBe(201);

    const doomed = await register(server, { name: secrets.fullName, username: secrets.username, email: secrets.email });
    const client = api(server, doomed.cookie);
    expect((await client.post('/api/folders', { name: secrets.folder, parentId: null })).status).toBe(201);
    expect((await client.upload(`${secrets.title}.wav`, fixture('wav'))).status).toBe(201);
    await insertTranscript(server, doomed.user.id, {
      title: secrets.title,
      language: 'en',
      segments: englishSegments.map((s, i) => (i === 0 ? { ...s, text: `${s.text} ${secrets.text}` } : s)),
    });
    expect((await client.post('/api/prompts', { name: `Yodel ${mark}`, prompt: secrets.prompt })).status).toBe(201);
    expect((await client.post('/api/tokens', { name: `script of ${secrets.username}` })).status).toBe(201);

    // The scan finds them while the account exists, in the table files (after a checkpoint) as well.
    await db().execute(sql`checkpoint`);
    const before = await filesHolding([secrets.username, secrets.email, secrets.folder]);
    const inTables = before.filter((hit) => (onPostgres() ? true : hit.startsWith(join('db', 'base'))));
    for (const needle of [secrets.username, secrets.email, secrets.folder]) {
      expect(
        inTables.some((hit) => hit.endsWith(`: ${needle}`)),
        `${needle} before deletion: ${before.join(', ')}`,
      ).toBe(true);
    }

    const erasedBefore = finishedErasures();
    const deleted = await client.call('DELETE', '/api/account', { password: doomed.account.password });
    expect(deleted.status).toBe(200);
    // The answer does not wait for the rewrite; it finishes in the background (one log line per run).
    await expect
      .poll(async () => finishedErasures() > erasedBefore && (await unfinishedJobs()) === 0, { timeout: 60_000, interval: 200 })
      .toBe(true);

    expect(await filesHolding(Object.values(secrets))).toEqual([]);
    // The other user's rows were rewritten, not lost.
    expect(JSON.stringify((await other.get('/api/folders/tree')).json)).toContain(`Kept folder ${mark}`);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  }, 120_000);
});
