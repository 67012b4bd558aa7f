// Processes that start together on an empty PostgreSQL database (docker compose up: two web processes
// and the workers) each apply the migrations; one at a time, so none of them fails on a half-made schema.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type Database } from '../../src/db/client.ts';
import { createDatabase } from './harness.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('PostgreSQL: migrations on a concurrent first start', () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await drop?.();
  });

  it('four processes opening a new database at once all start, on one applied schema', async () => {
    const database = await createDatabase(process.env.DATABASE_URL!);
    drop = database.drop;
    // dataDir is for PGlite only.
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: database.url, dataDir: tmpdir() })));
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
    const [row] = await selectRows<{ n: number }>(opened[0]!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const files = readdirSync(new URL('../../drizzle', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect(row!.n).toBe(files.length);
  });
});
