// The embedded database in its own thread (packages/server/src/db/pglite-thread.ts) against PGlite in
// the calling thread, the way the server ran it before, in the same run and with the server's start
// parameters:
// (a) what a query costs a caller: a primary-key read and a 200-row read, median per query;
// (b) what writing a long transcript's segments (1.5 MB of JSON and its 1.3 MB of text, the statement
//     of an edit) holds the calling thread: the longest gap between its 5 ms timers while the statement
//     runs, five statements each.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_START_PARAMS as startParams } from '../packages/server/src/db/client.ts';
import { PGliteThread } from '../packages/server/src/db/pglite-thread.ts';
import { timerGapsDuring } from '../packages/server/test/support/thread-gaps.ts';

// PGlite is the server's dependency, not the workspace root's: loaded from there, typed by what is used.
interface Queries {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}
const { PGlite } = createRequire(join(import.meta.dirname, '../packages/server/package.json'))('@electric-sql/pglite') as {
  PGlite: { create(dataDir: string, options: { startParams: string[] }): Promise<Queries> };
};

const POINT_QUERIES = 3000;
const ROW_READS = 200;
const WRITES = 5;

console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (before the run)`,
);

const dirs = [mkdtempSync(join(tmpdir(), 'scribe-bench-db-')), mkdtempSync(join(tmpdir(), 'scribe-bench-db-'))];
const subjects: [string, Queries][] = [
  ['in the calling thread (before)', await PGlite.create(dirs[0]!, { startParams })],
  ['in its own thread', await PGliteThread.create(dirs[1]!, { startParams })],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const filler = 'The billing migration moves every customer record to the new system first, and the team reviews it. ';
const segments = Array.from({ length: 3000 }, (_, i) => ({
  start: i,
  end: i + 0.9,
  speaker: i % 2 ? 'Alice' : 'Bob',
  text: `${i}: ${filler.repeat(5)}`.slice(0, 440),
}));
const json = JSON.stringify(segments);
const content = segments.map((s) => s.text).join('\n');

const rows: string[] = [];
for (const [name, db] of subjects) {
  await db.exec(
    'create table notes (id int primary key, body text); create table transcripts (id int primary key, segments jsonb, content text)',
  );
  for (let i = 0; i < 200; i++) await db.query('insert into notes values ($1, $2)', [i, filler.repeat(2)]);
  await db.query(`insert into transcripts values (1, '[]', '')`);
  const point: number[] = [];
  for (let i = 0; i < POINT_QUERIES; i++) {
    const started = performance.now();
    await db.query('select body from notes where id = $1', [i % 200]);
    point.push(performance.now() - started);
  }
  const scans: number[] = [];
  for (let i = 0; i < ROW_READS; i++) {
    const started = performance.now();
    await db.query('select id, body from notes');
    scans.push(performance.now() - started);
  }
  const writes: { ms: number; longestGap: number }[] = [];
  for (let i = 0; i < WRITES; i++)
    writes.push(
      await timerGapsDuring(() =>
        db.query('update transcripts set segments = $1::jsonb, content = $2 where id = 1', [json, `${content}${i}`]),
      ),
    );
  rows.push(
    `${name.padEnd(31)} ${(median(point) * 1000).toFixed(0).padStart(7)} µs ${(median(scans) * 1000).toFixed(0).padStart(9)} µs   ${writes
      .map((w) => `${w.ms.toFixed(0)}/${w.longestGap.toFixed(0)}`)
      .join(' ')}`,
  );
  await db.close();
}
for (const dir of dirs) rmSync(dir, { recursive: true, force: true });

console.log(
  `\nPGlite, ${POINT_QUERIES} primary-key reads, ${ROW_READS} reads of 200 rows, ${WRITES} writes of ${(json.length / 1e6).toFixed(1)} MB of segments`,
);
console.log(`${''.padEnd(31)} key read   200 rows   write ms / longest gap between the caller's 5 ms timers (ms)`);
for (const row of rows) console.log(row);
