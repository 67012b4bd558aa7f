// Index review of the list routes: runs the real server in-process (PGlite, or PostgreSQL when
// DATABASE_URL is set) on a library of 10,000 transcripts in 1,000 folders plus other users' rows,
// calls every list route once, and prints for each the queries it sent (how many) and their plans
// from EXPLAIN with sequential scans discouraged: a "Seq Scan" left in such a plan means no index
// serves the query. Exits 1 when a list query scans a large table (one that grows with the library)
// sequentially. Part of the test command (scripts/test-all.sh).
//
//   node --import tsx scripts/explain-list-routes.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { registerUser, seedLibrary } from '../packages/server/test/support/library.ts';

// A table with at least this many rows here must be read through an index by a list query.
const LARGE_TABLE_ROWS = 1000;
const XHR = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
let capture: Array<{ query: string; params: unknown[] }> | null = null;

const dataDir = mkdtempSync(join(tmpdir(), 'scribe-explain-'));
const app = await buildServer(
  loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    APP_DIST_DIR: join(dataDir, 'no-app'),
    ALTCHA_MAX_NUMBER: '20',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Every route twice within a second or two: over the request budget's per-second share, a route would
    // answer 429 without sending its queries, and its plans would go unreviewed.
    API_RATE_LIMIT_PER_MINUTE: '100000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }),
  { worker: false, queryLogger: (query, params) => capture?.push({ query, params }) },
);
let failed = false;
try {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const db = app.database.db;
  // Plain text queries (drizzle-orm is the server's dependency, not the root's).
  const rows = async <T>(text: string) => ((await db.execute(text)) as unknown as { rows: T[] }).rows;

  const users = [await registerUser(base, 'explain0'), await registerUser(base, 'explain1'), await registerUser(base, 'explain2')];
  // Every user gets the benches' library: 1,000 folders, 10,000 transcripts.
  for (const user of users) await seedLibrary(db, user.id);
  const me = users[0];
  const [transcript] = await rows<{ id: number }>(`select id from transcripts where user_id = ${me.id} and status = 'completed' limit 1`);
  const post = (path: string, body: unknown) =>
    fetch(base + path, { method: 'POST', headers: { ...XHR, Cookie: me.cookie }, body: JSON.stringify(body) });
  await post('/api/tokens', { name: 'Explain' });
  await post('/api/prompts', { name: 'Explain', prompt: 'Summarise the meeting.' });
  // Speakers in the text of 500 of the user's transcripts (the seeded ones have none), indexed by the
  // search triggers and their documents rebuilt, for the search by speaker and the speaker names.
  await db.execute(`
    update transcripts t set segments = jsonb_build_array(
        jsonb_build_object('start', 0, 'end', 4, 'speaker', 'Speaker 1', 'text', 'Recording ' || t.id || ' starts.'),
        jsonb_build_object('start', 4, 'end', 8, 'speaker', 'Speaker 2', 'text', 'The budget is ' || t.id || '.'),
        jsonb_build_object('start', 8, 'end', 12, 'speaker', 'Anna', 'text', 'Thanks, recording ends.'))
    where t.id in (select id from transcripts where user_id = ${me.id} and status = 'completed' order by id limit 500)`);
  await db.execute(`select search_refresh_stale(1000, make_interval(secs => 0))`);
  const hook = await post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['transcription.completed'] });
  const webhookId = hook.status === 201 ? ((await hook.json()) as { id: number }).id : undefined;
  await db.execute('analyze');

  // A route read right after a change, when it takes another path (the tree patches its kept part).
  type Route = string | { path: string; label: string; before: () => Promise<unknown> };
  const routes: Route[] = [
    '/api/folders/tree',
    {
      path: '/api/folders/tree',
      label: '/api/folders/tree after a transcript rename',
      before: () => db.execute(`update transcripts set title = title || ' (renamed)' where id = ${transcript.id}`),
    },
    '/api/account/sessions',
    '/api/prompts',
    '/api/tokens',
    '/api/webhooks',
    ...(webhookId ? [`/api/webhooks/${webhookId}/deliveries`] : []),
    `/api/transcripts/${transcript.id}/ai-outputs`,
    `/api/transcripts/${transcript.id}/revisions`,
    `/api/transcripts/${transcript.id}/shares`,
    '/api/credits/balance',
    `/api/transcripts/${transcript.id}`,
    '/api/recordings',
    '/api/search?q=recording%2042',
    '/api/search?q=recording%2042&speaker=Speaker%201',
    '/api/search/speakers',
  ];
  // Once each unrecorded, so the session is cached as in steady use.
  for (const route of routes) await fetch(base + (typeof route === 'string' ? route : route.path), { headers: { Cookie: me.cookie } });

  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    const text = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v);
    return `'${text.replaceAll("'", "''")}'`;
  };
  // Rows a table holds in this library (the seeded users' 30,000 transcripts and what they bring).
  const tableRows = async (table: string) => Number((await rows<{ n: string }>(`select count(*) as n from "${table}"`))[0].n);
  const inline = (query: string, params: unknown[]) => query.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));

  for (const route of routes) {
    const { path, label } = typeof route === 'string' ? { path: route, label: route } : route;
    if (typeof route !== 'string') await route.before();
    capture = [];
    const res = await fetch(base + path, { headers: { Cookie: me.cookie } });
    await res.arrayBuffer();
    const sent = capture;
    capture = null;
    console.log(`\nGET ${label.replace(/\/\d+/g, '/:id')} -> ${res.status}, ${sent.length} ${sent.length === 1 ? 'query' : 'queries'}`);
    if (res.status !== 200) {
      failed = true;
      console.log(`  ^ ANSWERED ${res.status}: its queries were not reviewed`);
    }
    for (const { query, params } of sent) {
      if (!/^\s*(select|with)/i.test(query)) continue;
      await db.execute('set enable_seqscan = off');
      const plan = await rows<{ 'QUERY PLAN': string }>(`explain ${inline(query, params)}`);
      await db.execute('set enable_seqscan = on');
      const lines = plan.map((r) => r['QUERY PLAN']);
      // A sequential scan counts on a table that grows with the library; a small side table (a queue
      // of work, empty most of the time) is read whole at no cost.
      const scanned = lines.flatMap((l) => [...(/Seq Scan on (?!pg_)(\w+)/.exec(l)?.slice(1) ?? [])]);
      const large: string[] = [];
      for (const table of new Set(scanned)) if ((await tableRows(table)) >= LARGE_TABLE_ROWS) large.push(table);
      if (large.length > 0) failed = true;
      console.log(`  ${query.replace(/\s+/g, ' ').slice(0, 160)}${query.length > 160 ? '…' : ''}`);
      for (const line of lines) console.log(`    ${line}`);
      if (large.length > 0) console.log(`    ^ SEQUENTIAL SCAN of ${large.join(', ')}: no index serves this query`);
      else if (scanned.length > 0) console.log(`    (sequential scan of a small table: ${[...new Set(scanned)].join(', ')})`);
    }
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
