// Processes that start together on an empty PostgreSQL database (docker compose up: two web processes
// and the workers) each apply the migrations and create the job queues; none of them may fail on what
// another is making at the same moment.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import PgBoss10 from 'pg-boss-10';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureQueue, PGBOSS_V10_SCHEMA } from '../../src/db/boss.ts';
import { openDatabase, selectRows, type Database } from '../../src/db/client.ts';
import { createPgBossQueue, TRANSCRIPTION_QUEUE, type PgBossQueue } from '../../src/features/transcription/queue.ts';
import { WEBHOOK_QUEUE } from '../../src/features/webhooks/service.ts';
import { createDatabase } from './harness.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('PostgreSQL: migrations on a concurrent first start', () => {
  const opened: Database[] = [];
  const queues: PgBossQueue[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await Promise.all(opened.map((d) => d.close()));
    await drop?.();
  });

  it('four processes opening a new database at once all start, on one applied schema, with one set of queues', async () => {
    const database = await createDatabase(process.env.DATABASE_URL!);
    drop = database.drop;
    // dataDir is for PGlite only.
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url, dataDir: tmpdir() })),
    );
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const [row] = await selectRows<{ n: number }>(opened[0]!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const files = readdirSync(new URL('../../drizzle', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect(row!.n).toBe(files.length);

    // Then each starts pg-boss and creates the transcription and webhook queues, all at once.
    const log = pino({ level: 'silent' });
    const started = await Promise.allSettled(
      opened.map(async (db) => {
        const queue = await createPgBossQueue(db, log);
        queues.push(queue);
        await ensureQueue(queue.boss, WEBHOOK_QUEUE);
      }),
    );
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const names = await selectRows<{ name: string }>(opened[0]!.db, sql`select name from pgboss.queue order by name`);
    expect(names.map((n) => n.name)).toEqual([TRANSCRIPTION_QUEUE, WEBHOOK_QUEUE].sort());
  });

  it('four processes starting at once on a pg-boss 10 database upgrade it once and carry each unfinished job over once', async () => {
    const database = await createDatabase(process.env.DATABASE_URL!);
    const dropThis = database.drop;
    const before = drop;
    drop = async () => {
      await before?.();
      await dropThis();
    };
    // The previous release's job queue: pg-boss 10's schema with both queues, jobs waiting, one finished.
    const old = new PgBoss10({ connectionString: database.url, schedule: false, supervise: false, max: 2 });
    await old.start();
    await old.createQueue(TRANSCRIPTION_QUEUE);
    await old.createQueue(WEBHOOK_QUEUE);
    const done = await old.send(TRANSCRIPTION_QUEUE, { transcriptId: 3 });
    const [taken] = await old.fetch(TRANSCRIPTION_QUEUE);
    expect(taken?.id).toBe(done);
    await old.complete(TRANSCRIPTION_QUEUE, done!);
    const waiting = [
      await old.send(TRANSCRIPTION_QUEUE, { transcriptId: 1 }, { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 }),
      await old.send(TRANSCRIPTION_QUEUE, { transcriptId: 2 }, { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 }),
      await old.send(WEBHOOK_QUEUE, { deliveryId: 7 }),
    ];
    await old.stop({ graceful: false, wait: true });

    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url, dataDir: tmpdir() })),
    );
    const dbs = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    opened.push(...dbs);
    expect(dbs).toHaveLength(4);
    const log = pino({ level: 'silent' });
    const started = await Promise.allSettled(
      dbs.map(async (db) => {
        const queue = await createPgBossQueue(db, log);
        queues.push(queue);
      }),
    );
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const jobs = await selectRows<{ id: string; name: string; state: string; data: unknown }>(
      dbs[0]!.db,
      sql`select id::text, name, state::text as state, data from pgboss.job order by name, data->>'transcriptId'`,
    );
    expect(jobs).toEqual([
      { id: waiting[0], name: TRANSCRIPTION_QUEUE, state: 'created', data: { transcriptId: 1 } },
      { id: waiting[1], name: TRANSCRIPTION_QUEUE, state: 'created', data: { transcriptId: 2 } },
      { id: waiting[2], name: WEBHOOK_QUEUE, state: 'created', data: { deliveryId: 7 } },
    ]);
    const [version] = await selectRows<{ version: string }>(dbs[0]!.db, sql`select version from pgboss.version`);
    expect(Number(version!.version)).toBeGreaterThanOrEqual(25);
    const schemas = await selectRows<{ nspname: string }>(
      dbs[0]!.db,
      sql`select nspname from pg_namespace where nspname = ${PGBOSS_V10_SCHEMA}`,
    );
    expect(schemas).toEqual([]);
  });
});
