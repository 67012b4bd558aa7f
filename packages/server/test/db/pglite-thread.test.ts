import { rm } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../../src/db/pglite-thread.ts';
import { tempDir } from '../helpers.ts';
import { timerGapsDuring } from '../support/thread-gaps.ts';

// The embedded database in its own thread (db/pglite-thread.ts): PGlite's answers, errors and
// transactions as before, and the request thread free while a statement runs.
describe('the embedded database in its own thread', () => {
  const dataDir = tempDir('scribe-pglite-thread-');
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.create(dataDir, { startParams: PGlite.defaultStartParams });
    await db.exec('create table notes (id int primary key, body text, at timestamptz default now())');
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers queries with their parameters, in rows of objects or arrays, and keeps text where the parsers say so', async () => {
    await db.query('insert into notes (id, body) values ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    expect((await db.query<{ body: string }>('select body from notes where id = $1', [2])).rows).toEqual([{ body: 'two' }]);
    expect((await db.query('select id, body from notes order by id', [], { rowMode: 'array' })).rows).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    const [parsed] = (await db.query<{ at: unknown }>('select at from notes where id = 1')).rows;
    expect(parsed!.at).toBeInstanceOf(Date);
    const [raw] = (await db.query<{ at: unknown }>('select at from notes where id = 1', [], { parsers: { [types.TIMESTAMPTZ]: (v) => v } }))
      .rows;
    expect(typeof raw!.at).toBe('string');
  });

  it('refuses a parser that would change the value, since no function crosses to the thread', () => {
    expect(() => db.query('select 1', [], { parsers: { [types.INT4]: (v) => Number(v) + 1 } })).toThrow(/only parsers that keep the text/);
  });

  it('answers exec with the rows of every statement', async () => {
    const results = await db.exec("select 'a' as x; select 'b' as x");
    expect(results.flatMap((r) => r.rows)).toEqual([{ x: 'a' }, { x: 'b' }]);
  });

  it("rejects with PostgreSQL's code and message, and the connection goes on", async () => {
    const err = await db.query('insert into notes (id, body) values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    expect((await db.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n).toBe(2);
  });

  it('commits a transaction whose callback resolves and rolls back one whose callback throws', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (10, $1)', ['kept']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n;
    });
    expect(answer).toBe(3);
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values (11, $1)', ['gone']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await db.query<{ id: number }>('select id from notes where id >= 10 order by id')).rows).toEqual([{ id: 10 }]);
  });

  it('keeps the request thread answering while a long statement runs', async () => {
    const { ms: statementMs, longestGap } = await timerGapsDuring(() => db.query('select count(*) from generate_series(1, 3000000)'));
    console.log(`statement ${statementMs.toFixed(0)} ms; longest gap between the request thread's timers ${longestGap.toFixed(0)} ms`);
    // The statement runs long enough to show the difference: in the request thread, no timer would fire during it.
    expect(statementMs).toBeGreaterThan(150);
    expect(longestGap).toBeLessThan(statementMs / 2);
  });

  it('dumps the data folder after a checkpoint, which opens with every committed row', async () => {
    const dump = await db.snapshot();
    const restored = await PGlite.create({ loadDataDir: dump });
    try {
      expect((await restored.query<{ id: number }>('select id from notes order by id')).rows.map((r) => r.id)).toEqual([1, 2, 10]);
    } finally {
      await restored.close();
    }
  });

  it('reports PGlite’s own error when the data folder cannot be opened', async () => {
    const notAFolder = `${dataDir}/notes.txt`;
    await import('node:fs/promises').then((fs) => fs.writeFile(notAFolder, 'not a database'));
    await expect(PGliteThread.create(notAFolder, { startParams: PGlite.defaultStartParams })).rejects.toThrow();
  });
});
