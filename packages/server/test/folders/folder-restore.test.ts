// Deleting a folder: gone from every read at once, restorable by its owner for the undo time
// (FOLDER_RESTORE_SECONDS), then removed for good with its stored audio.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { aiOutputs } from '../../src/db/schema.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { fixture, libraryUser, storedFiles, type TreeNode } from '../library-helpers.ts';

type User = Awaited<ReturnType<typeof libraryUser>>;

const names = (nodes: TreeNode[]): unknown => nodes.map((n) => (n.type === 'folder' ? { [n.name]: names(n.children) } : n.name));

async function deletedEntries(server: TestServer): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(server.app.database.db, sql`select count(*) as n from deleted_folders`);
  return Number(row!.n);
}

describe('a deleted folder within its undo time', () => {
  let server: TestServer;
  let owner: User;
  let other: User;
  beforeAll(async () => {
    server = await startServer();
    owner = await libraryUser(server);
    other = await libraryUser(server);
  });
  afterAll(() => server.close());

  it('is gone from the tree, the transcripts, search and shares at once, and restore brings all of it back', async () => {
    const projects = await owner.createFolder('Projects');
    const sub = await owner.createFolder('Sub', projects.id);
    await owner.createFolder('Kept');
    const upload = await owner.upload('talk.wav', fixture('wav'));
    const uploaded = upload.json.id!;
    await owner.put(`/api/transcripts/${uploaded}/move`, { folderId: projects.id });
    const planning = await insertTranscript(server, owner.id, {
      title: 'Weekly planning meeting',
      language: 'en',
      segments: englishSegments,
    });
    await owner.put(`/api/transcripts/${planning}/move`, { folderId: sub.id });
    await server.app.database.db
      .insert(aiOutputs)
      .values({ transcriptId: planning, prompt: 'Summary', output: 'Three weeks.', engine: 'local', model: 'rule-based' });
    const share = await owner.post(`/api/transcripts/${planning}/share`, {});
    expect(share.status, share.text).toBe(200);
    const publicPage = () => fetch(`${server.url}/api/public/shares/${String(share.json.token)}`);
    expect((await publicPage()).status).toBe(200);
    const before = names(await owner.tree());
    expect(before).toEqual([{ Kept: [] }, { Projects: [{ Sub: ['Weekly planning meeting'] }, 'talk'] }]);
    const search = async (q: string) =>
      (
        (await owner.get(`/api/search?q=${encodeURIComponent(q)}`)).json as unknown as { results: Array<{ transcriptId: number }> }
      ).results.map((r) => r.transcriptId);
    expect(await search('planning')).toEqual([planning]);
    const audioBefore = storedFiles(server).filter((f) => f.includes(`/transcripts/${uploaded}/`));
    expect(audioBefore).toHaveLength(1);

    expect(await owner.del(`/api/folders/${projects.id}`)).toMatchObject({ status: 200, json: { ok: true } });

    // Gone from every read at once.
    expect(names(await owner.tree())).toEqual([{ Kept: [] }]);
    for (const id of [uploaded, planning]) {
      expect((await owner.get(`/api/transcripts/${id}`)).status).toBe(404);
      expect((await owner.get(`/api/transcripts/${id}/audio`)).status).toBe(404);
    }
    expect(await search('planning')).toEqual([]);
    expect((await publicPage()).status).toBe(404);
    expect((await owner.get(`/api/search?q=planning&folderId=${sub.id}`)).status).toBe(404);
    expect((await owner.put(`/api/folders/${sub.id}`, { name: 'renamed' })).status).toBe(404);
    // Its audio is kept for the restore.
    expect(storedFiles(server).filter((f) => f.includes(`/transcripts/${uploaded}/`))).toEqual(audioBefore);

    // Nobody else can restore it: the same answer as for a folder that does not exist.
    const stranger = await other.post(`/api/folders/${projects.id}/restore`);
    expect(stranger.status).toBe(404);
    expect(stranger.json.code ?? stranger.json.error).toBeTruthy();
    expect(names(await owner.tree())).toEqual([{ Kept: [] }]);
    expect(await other.tree()).toEqual([]);
    // A mutating call without X-Requested-With is refused.
    const bare = await owner.call('POST', `/api/folders/${projects.id}/restore`, undefined, { 'X-Requested-With': '' });
    expect(bare.status).toBeGreaterThanOrEqual(400);
    expect(names(await owner.tree())).toEqual([{ Kept: [] }]);

    expect(await owner.post(`/api/folders/${projects.id}/restore`)).toMatchObject({ status: 200, json: { ok: true } });

    expect(names(await owner.tree())).toEqual(before);
    const restored = await owner.get(`/api/transcripts/${planning}`);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ title: 'Weekly planning meeting', folderId: sub.id });
    expect((await owner.get(`/api/transcripts/${uploaded}/audio`)).status).toBe(200);
    expect(await search('planning')).toEqual([planning]);
    expect((await publicPage()).status).toBe(200);
    const outputs = await server.app.database.db.select().from(aiOutputs).where(eq(aiOutputs.transcriptId, planning));
    expect(outputs.map((o) => o.output)).toEqual(['Three weeks.']);
    // Restored once: there is nothing left to restore.
    expect((await owner.post(`/api/folders/${projects.id}/restore`)).status).toBe(404);
    expect(await deletedEntries(server)).toBe(0);
  });

  it('comes back at the top level when its parent was deleted for good meanwhile, and a folder never deleted is a 404', async () => {
    const parent = await owner.createFolder('Parent');
    const child = await owner.createFolder('Child', parent.id);
    expect((await owner.del(`/api/folders/${child.id}`)).status).toBe(200);
    expect((await owner.del(`/api/folders/${parent.id}`)).status).toBe(200);
    expect((await owner.post(`/api/folders/${child.id}/restore`)).status).toBe(200);
    const tree = await owner.tree();
    expect(tree.some((n) => n.type === 'folder' && n.id === child.id && n.name === 'Child')).toBe(true);
    expect((await owner.post(`/api/folders/2147483647/restore`)).status).toBe(404);
  });
});

describe('a deleted folder after its undo time', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ FOLDER_RESTORE_SECONDS: '1' });
  });
  afterAll(() => server.close());

  it('is removed for good with its stored audio, and can no longer be restored', async () => {
    const owner = await libraryUser(server);
    const folder = await owner.createFolder('Old');
    const upload = await owner.upload('old.wav', fixture('wav'));
    const id = upload.json.id!;
    await owner.put(`/api/transcripts/${id}/move`, { folderId: folder.id });
    const audio = () => storedFiles(server).filter((f) => f.includes(`/transcripts/${id}/`));
    expect(audio()).toHaveLength(1);

    expect((await owner.del(`/api/folders/${folder.id}`)).status).toBe(200);
    expect(await owner.tree()).toEqual([]);

    await expect.poll(audio, { timeout: 15_000 }).toEqual([]);
    await expect.poll(() => deletedEntries(server), { timeout: 15_000 }).toBe(0);
    expect((await owner.post(`/api/folders/${folder.id}/restore`)).status).toBe(404);
    expect(await owner.tree()).toEqual([]);
    expect((await owner.get(`/api/transcripts/${id}`)).status).toBe(404);
  });
});
