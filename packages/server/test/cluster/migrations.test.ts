// Processes that start together on an empty PostgreSQL database (docker compose up: two web processes
// and the workers) each apply the migrations and create the job queues; none of them may fail on what
// another is making at the same moment.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureQueue } from '../../src/db/boss.ts';
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
});
