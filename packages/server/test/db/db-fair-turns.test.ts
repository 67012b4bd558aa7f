import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInCallerScope, setCaller } from '../../src/caller-scope.ts';
import { openDatabase, selectRows, type Database } from '../../src/db/client.ts';
import { tempDir } from '../helpers.ts';

// The embedded database has one connection: callers take turns on it instead of queueing first come,
// first served (db/fair-turns.ts), so one user's burst of queries does not stall everyone else.
describe.skipIf(process.env.DATABASE_URL)('fair turns on the embedded database', () => {
  const dataDir = tempDir('scribe-fair-');
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: undefined, dataDir });
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const asCaller = <T>(caller: string, work: () => Promise<T>) =>
    runInCallerScope(() => {
      setCaller(caller);
      return work();
    });
  // A query that keeps the connection busy for a few milliseconds.
  const busyQuery = () => selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from generate_series(1, 200000)`);

  it("answers a second user's query after one of a flooding user's queries, not after all of them", async () => {
    const finished: string[] = [];
    const flood = Array.from({ length: 8 }, (_, i) => asCaller('user:1', () => busyQuery().then(() => finished.push(`flood ${i}`))));
    const quiet = asCaller('user:2', () => busyQuery().then(() => finished.push('quiet')));
    await Promise.all([...flood, quiet]);
    expect(finished.indexOf('quiet')).toBeLessThanOrEqual(1);
    // The flooding user's own queries keep their order.
    expect(finished.filter((f) => f !== 'quiet')).toEqual(Array.from({ length: 8 }, (_, i) => `flood ${i}`));
  });

  it('keeps a transaction whole: its statements are not interleaved with other callers', async () => {
    await database.db.execute(sql`create table if not exists fair_probe (n int)`);
    const inTransaction = asCaller('user:1', () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into fair_probe values (1)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`insert into fair_probe values (2)`);
      }),
    );
    // Another caller's read, sent while the transaction waits between its statements, sees both rows or neither.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const [seen] = await asCaller('user:2', () => selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from fair_probe`));
    await inTransaction;
    expect(seen!.n).toBe(2);
  });
});
