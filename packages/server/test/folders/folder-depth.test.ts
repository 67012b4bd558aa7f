import { libraryMessages, type TreeNode } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeDepth } from '../../src/features/folders/tree.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

describe('folder depth', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  /** A chain of folders `depth` levels deep written straight into the database; returns their ids, top first. */
  async function insertChain(userId: number, depth: number): Promise<number[]> {
    const result = (await server.app.database.db.execute(sql`
      with base as (select coalesce(max(id), 0) + 10 as id from folders)
      insert into folders (id, user_id, parent_id, name)
      select base.id + g, ${userId}, case when g = 1 then null else base.id + g - 1 end, 'level ' || g
      from base, generate_series(1, ${depth}) g
      returning id`)) as unknown as { rows: { id: number }[] };
    await server.app.database.db.execute(sql`select setval(pg_get_serial_sequence('folders', 'id'), (select max(id) from folders))`);
    return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  it('creates folders down to 100 levels and refuses the 101st with a clear error', async () => {
    const { cookie, user } = await register(server);
    const a = api(server, cookie);
    const ids = await insertChain(user.id, 99);
    const hundredth = await a.post('/api/folders', { name: 'level 100', parentId: ids[98] });
    expect(hundredth.status).toBe(201);
    const tooDeep = await a.post('/api/folders', { name: 'level 101', parentId: hundredth.json.id });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json).toEqual({ error: libraryMessages.folderTooDeep, code: 'FOLDER_TOO_DEEP' });
    expect(treeDepth((await a.tree()) as unknown as TreeNode[])).toBe(100);
  });

  it('refuses a move that would nest the moved sub-tree deeper than 100 levels', async () => {
    const { cookie, user } = await register(server);
    const a = api(server, cookie);
    const ids = await insertChain(user.id, 98);
    const top = await a.post('/api/folders', { name: 'moving', parentId: null });
    const child = await a.post('/api/folders', { name: 'child', parentId: top.json.id });
    await a.post('/api/folders', { name: 'grandchild', parentId: child.json.id });
    // 98 + 3 levels = 101: refused; below level 97 it makes exactly 100.
    const refused = await a.put(`/api/folders/${top.json.id}`, { parentId: ids[97] });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: libraryMessages.folderTooDeep, code: 'FOLDER_TOO_DEEP' });
    const allowed = await a.put(`/api/folders/${top.json.id}`, { parentId: ids[96] });
    expect(allowed.status).toBe(200);
    expect(treeDepth((await a.tree()) as unknown as TreeNode[])).toBe(100);
  });

  it('answers the tree of older data 3,000 levels deep (no 500), and still refuses to go deeper', async () => {
    const { cookie, user } = await register(server);
    const a = api(server, cookie);
    const ids = await insertChain(user.id, 3000);
    const res = await a.get('/api/folders/tree');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const tree = JSON.parse(res.text) as TreeNode[];
    expect(treeDepth(tree)).toBe(3000);
    const deeper = await a.post('/api/folders', { name: 'deeper', parentId: ids[2999] });
    expect(deeper.status).toBe(400);
    expect(deeper.json.error).toBe(libraryMessages.folderTooDeep);
    // Moving part of it up makes it shallower, which is allowed.
    expect((await a.put(`/api/folders/${ids[2000]}`, { parentId: null })).status).toBe(200);
  });
});
