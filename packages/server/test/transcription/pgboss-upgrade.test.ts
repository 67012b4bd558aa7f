// The upgrade from pg-boss 10 (the job queue of the releases before) to pg-boss 12 on a real data
// folder (PGlite) or database (PostgreSQL when DATABASE_URL is set). The database is made as the
// previous release made it: the server started with pg-boss 10 in place of pg-boss 12 (the app's
// migrations, pg-boss 10's schema and queues, uploads over HTTP enqueued through pg-boss 10 with the
// release's queue name and payload), and stopped before its jobs ran. Today's server then starts on
// it and finishes those jobs and a new one.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { selectRows, type Database } from '../../src/db/client.ts';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { tempDir, type TestServer } from '../helpers.ts';
import { api, fixture } from '../library-helpers.ts';
import { createDatabase } from '../support/postgres.ts';
import { wordErrorRate } from '../support/wer.ts';
import { LIBRIVOX_TEXT, SHARED_MODEL_CACHE } from './helpers.ts';

type Helpers = typeof import('../helpers.ts');

/** The test helpers (and through them the whole server) with `pg-boss` resolved to pg-boss 10 or to today's. */
async function serverWith(pgBoss: 'pg-boss 10' | 'current'): Promise<Helpers> {
  vi.resetModules();
  if (pgBoss === 'pg-boss 10') {
    vi.doMock('pg-boss', async () => {
      const { default: PgBoss10 } = await import('pg-boss-10');
      return { default: PgBoss10, PgBoss: PgBoss10 };
    });
    // Not today's build template (it holds pg-boss 12's schema): the previous release's held pg-boss
    // 10's, the same as a folder made without one, as here.
    vi.doMock('../../src/db/snapshot.ts', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../src/db/snapshot.ts')>()),
      copyTemplate: () => false,
    }));
  } else {
    vi.doUnmock('pg-boss');
    vi.doUnmock('../../src/db/snapshot.ts');
  }
  return import('../helpers.ts');
}

const database = (server: TestServer) => (server.app as unknown as { database: Database }).database.db;

interface JobRow {
  id: string;
  state: string;
  transcript_id: string;
}

const jobs = (server: TestServer) =>
  selectRows<JobRow>(
    database(server),
    sql`select id::text, state::text as state, data->>'transcriptId' as transcript_id from pgboss.job where name = 'transcription' order by (data->>'transcriptId')::int, created_on`,
  );

describe('upgrading from pg-boss 10', () => {
  const dataDir = tempDir();
  const admin = process.env.DATABASE_URL;
  let drop = async () => undefined as void;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.app.close().catch(() => undefined);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the transcriptions queued before the upgrade and new ones after it', async () => {
    let databaseUrl: string | undefined;
    if (admin) {
      const created = await createDatabase(admin, 'scribe_upgrade');
      databaseUrl = created.url;
      drop = created.drop;
    }
    const env = { DATA_DIR: dataDir };
    const onSameDatabase = databaseUrl ? { databaseUrl } : { pglite: true };

    // The previous release: uploads are accepted and queued; no worker runs them before it stops.
    const before = await serverWith('pg-boss 10');
    const old = await before.startServer(env, { ...onSameDatabase, worker: false });
    servers.push(old);
    const reg = await before.register(old);
    const oldClient = api(old, reg.cookie);
    const queued = await oldClient.upload('queued-before-the-upgrade.wav', fixture('wav'));
    const running = await oldClient.upload('running-at-the-upgrade.wav', fixture('wav'));
    expect([queued.status, running.status]).toEqual([201, 201]);
    const [queuedId, runningId] = [queued.json.id!, running.json.id!];
    const [{ version }] = await selectRows<{ version: string }>(database(old), sql`select version from pgboss.version`);
    expect(Number(version)).toBe(24); // pg-boss 10's schema
    const oldJobs = await jobs(old);
    expect(oldJobs.map((j) => [Number(j.transcript_id), j.state])).toEqual([
      [queuedId, 'created'],
      [runningId, 'created'],
    ]);
    // The second one had been taken by a worker (pg-boss 10 marks it so) when its process stopped.
    await database(old).execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${oldJobs[1]!.id}::uuid`);
    await old.app.close();
    servers.length = 0;

    // Today's release on the same data.
    const after = await serverWith('current');
    const engine = () => createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE });
    const server = await after.startServer(env, { ...onSameDatabase, worker: true, engine: engine() });
    servers.push(server);
    const client = api(server, reg.cookie);
    const settled = async (id: number) => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const t = (await client.get(`/api/transcripts/${id}`)).json as {
          content: string;
          metadata: { status: string; error: string | null };
        };
        if (t.metadata.status !== 'processing') return t;
        if (Date.now() > deadline) throw new Error(`transcript ${id} still processing after 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    for (const id of [queuedId, runningId]) {
      const t = await settled(id);
      expect(t.metadata).toMatchObject({ status: 'completed', error: null });
      expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.15);
    }
    const fresh = await client.upload('after-the-upgrade.wav', fixture('wav'));
    expect(fresh.status).toBe(201);
    const t = await settled(fresh.json.id!);
    expect(t.metadata).toMatchObject({ status: 'completed', error: null });
    expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.15);

    // pg-boss 12's schema, the old jobs carried over under their ids (each ran once), the old schema gone.
    const [current] = await selectRows<{ version: string }>(database(server), sql`select version from pgboss.version`);
    expect(Number(current!.version)).toBeGreaterThanOrEqual(25);
    // The transcript is marked completed inside its job; pg-boss records the job's completion right
    // after the handler returns, so wait for that rather than read the queue at the transcript's moment.
    await expect
      .poll(async () => (await jobs(server)).map((j) => [j.id, Number(j.transcript_id), j.state]), { timeout: 30_000 })
      .toEqual([
        [oldJobs[0]!.id, queuedId, 'completed'],
        [oldJobs[1]!.id, runningId, 'completed'],
        [expect.any(String), fresh.json.id, 'completed'],
      ]);
    const schemas = await selectRows<{ nspname: string }>(
      database(server),
      sql`select nspname from pg_namespace where nspname like 'pgboss%'`,
    );
    expect(schemas.map((s) => s.nspname)).toEqual(['pgboss']);

    // A restart finds nothing left to carry over and runs as usual.
    await server.app.close();
    servers.length = 0;
    const again = await after.startServer(env, { ...onSameDatabase, worker: true, engine: engine() });
    servers.push(again);
    expect((await jobs(again)).map((j) => j.state)).toEqual(['completed', 'completed', 'completed']);
  }, 300_000);
});
