// The tree route keeps its answer while the user's tree version stays (database triggers raise it on
// every change that shows in the tree): every kind of change must still show on the next request,
// whoever wrote it (a route, the worker in another process, a script), and other users' changes and
// progress updates must not make it rebuild.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { transcripts } from '../../src/db/schema.ts';
import { createTreeCache } from '../../src/features/folders/tree-cache.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, type TreeNode } from '../library-helpers.ts';

const names = (nodes: TreeNode[]): string[] =>
  nodes.flatMap((n) =>
    n.type === 'folder' ? [`${n.name}/`, ...names(n.children).map((c) => `${n.name}/${c}`)] : [`${n.name} (${n.status})`],
  );

describe('tree route with its cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 300_000);
  afterAll(() => server.close());

  const version = async (userId: number, column: 'version' | 'transcripts_version' = 'version') =>
    (
      await selectRows<{ version: number }>(
        server.app.database.db,
        sql`select ${sql.identifier(column)}::int as version from tree_versions where user_id = ${userId}`,
      )
    )[0]?.version ?? 0;

  it('shows every change on the next request, through the routes or written behind them', async () => {
    const { cookie, user } = await register(server);
    const client = api(server, cookie);
    const db = server.app.database.db;
    expect(await client.tree()).toEqual([]);

    const a = await client.createFolder('Alpha');
    const b = await client.createFolder('Beta');
    expect(names(await client.tree())).toEqual(['Alpha/', 'Beta/']);
    expect((await client.put(`/api/folders/${b.id}`, { name: 'Gamma', parentId: a.id })).status).toBe(200);
    expect(names(await client.tree())).toEqual(['Alpha/', 'Alpha/Gamma/']);

    // Transcripts written as the worker and upload paths write them (another process on PostgreSQL).
    const [t] = await db
      .insert(transcripts)
      .values({ userId: user.id, folderId: b.id, title: 'Call', status: 'processing' })
      .returning({ id: transcripts.id });
    expect(names(await client.tree())).toEqual(['Alpha/', 'Alpha/Gamma/', 'Alpha/Gamma/Call (processing)']);
    await db.execute(sql`update transcripts set status = 'completed', duration_seconds = 12 where id = ${t.id}`);
    expect(names(await client.tree())).toEqual(['Alpha/', 'Alpha/Gamma/', 'Alpha/Gamma/Call (completed)']);
    expect((await client.put(`/api/transcripts/${t.id}/move`, { folderId: null })).status).toBe(200);
    expect(names(await client.tree())).toEqual(['Alpha/', 'Alpha/Gamma/', 'Call (completed)']);
    await db.execute(sql`update transcripts set title = 'Renamed call' where id = ${t.id}`);
    expect(names(await client.tree())).toEqual(['Alpha/', 'Alpha/Gamma/', 'Renamed call (completed)']);

    // Deleting a folder takes its sub-folders (a cascade) with it.
    expect((await client.del(`/api/folders/${a.id}`)).status).toBe(200);
    expect(names(await client.tree())).toEqual(['Renamed call (completed)']);
    expect((await client.del(`/api/transcripts/${t.id}`)).status).toBe(200);
    expect(await client.tree()).toEqual([]);
  });

  it('writes titles exactly as JSON.stringify would, whatever they hold', async () => {
    const { cookie, user } = await register(server);
    const titles = ['say "hi"', 'back\\slash', 'two\nlines\ttab', 'bell \u0007 and \u001f', 'Grüße 🎙️', 'line \u2028 sep', '</script>'];
    await server.app.database.db
      .insert(transcripts)
      .values(titles.map((title, i) => ({ userId: user.id, title, status: 'completed' as const, durationSeconds: i === 0 ? 7.25 : null })));
    const res = await fetch(`${server.url}/api/folders/tree`, { headers: { Cookie: cookie } });
    const text = await res.text();
    const parsed = JSON.parse(text) as TreeNode[];
    expect(parsed.map((n) => n.name).sort()).toEqual([...titles].sort());
    expect(text).toBe(JSON.stringify(parsed));
  });

  it('progress updates and other users leave the tree version as it is', async () => {
    const mine = await register(server);
    const other = await register(server);
    const db = server.app.database.db;
    const [t] = await db
      .insert(transcripts)
      .values({ userId: mine.user.id, title: 'Lecture', status: 'processing' })
      .returning({ id: transcripts.id });
    const before = await version(mine.user.id);
    expect(before).toBeGreaterThan(0);
    await db.execute(sql`update transcripts set progress = 40 where id = ${t.id}`);
    await api(server, other.cookie).createFolder('Elsewhere');
    expect(await version(mine.user.id)).toBe(before);
    await db.execute(sql`update transcripts set title = 'Lecture 1' where id = ${t.id}`);
    expect(await version(mine.user.id)).toBe(before + 1);

    // A folder change raises the version but not the transcripts' one: their part of the tree is kept.
    const transcriptsVersion = await version(mine.user.id, 'transcripts_version');
    const folder = await api(server, mine.cookie).createFolder('Lectures');
    await api(server, mine.cookie).put(`/api/folders/${folder.id}`, { name: 'Talks' });
    expect(await version(mine.user.id)).toBe(before + 3);
    expect(await version(mine.user.id, 'transcripts_version')).toBe(transcriptsVersion);
    expect(names(await api(server, mine.cookie).tree())).toEqual(['Talks/', 'Lecture 1 (processing)']);
    expect((await api(server, mine.cookie).put(`/api/transcripts/${t.id}/move`, { folderId: folder.id })).status).toBe(200);
    expect(await version(mine.user.id, 'transcripts_version')).toBe(transcriptsVersion + 1);
    expect(names(await api(server, mine.cookie).tree())).toEqual(['Talks/', 'Talks/Lecture 1 (processing)']);
  });

  it('deleting an account with a tree works, and leaves no version behind', async () => {
    const { cookie, user, account } = await register(server);
    await api(server, cookie).createFolder('Mine');
    expect(await version(user.id)).toBeGreaterThan(0);
    const res = await api(server, cookie).call('DELETE', '/api/account', { password: account.password });
    expect(res.status).toBe(200);
    expect(await version(user.id)).toBe(0);
  });
});

describe('tree cache', () => {
  it('builds once per version, also for requests that arrive while it builds', async () => {
    const cache = createTreeCache();
    let builds = 0;
    const build = (text: string) => async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 10));
      return text;
    };
    const [x, y] = await Promise.all([cache.get(1, 1, build('v1')), cache.get(1, 1, build('v1 again'))]);
    expect([x, y, builds]).toEqual(['v1', 'v1', 1]);
    expect(await cache.get(1, 1, build('not used'))).toBe('v1');
    expect(await cache.get(1, 2, build('v2'))).toBe('v2');
    expect(builds).toBe(2);
  });

  it('keeps at most its size in text, dropping the least recently used', async () => {
    const cache = createTreeCache({ maxChars: 10 });
    await cache.get(1, 1, async () => 'aaaa');
    await cache.get(2, 1, async () => 'bbbb');
    await cache.get(1, 1, async () => 'unused'); // user 1 used last
    await cache.get(3, 1, async () => 'cccc');
    expect(cache.size).toBe(2);
    let rebuilt = false;
    await cache.get(2, 1, async () => ((rebuilt = true), 'bbbb'));
    expect(rebuilt).toBe(true);
  });

  it('keeps no value larger than itself, and keeps the older one then', async () => {
    const cache = createTreeCache({ maxChars: 4 });
    await cache.get(1, 1, async () => 'aaaa');
    expect(await cache.get(1, 2, async () => 'bbbbb')).toBe('bbbbb');
    let handed: unknown;
    await cache.get(1, 3, async (kept) => ((handed = kept), 'cc'));
    expect(handed).toEqual({ version: 1, value: 'aaaa' });
    expect(await cache.get(1, 3, async () => 'not used')).toBe('cc');
  });

  it('never replaces a newer kept version with an older build', async () => {
    const cache = createTreeCache();
    let finishOld!: (text: string) => void;
    const old = cache.get(1, 1, () => new Promise<string>((resolve) => (finishOld = resolve)));
    expect(await cache.get(1, 2, async () => 'v2')).toBe('v2');
    finishOld('v1');
    expect(await old).toBe('v1');
    expect(await cache.get(1, 2, async () => 'not used')).toBe('v2');
  });
});
