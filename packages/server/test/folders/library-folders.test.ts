import { libraryMessages } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, fixture, rowCounts, storedFiles, type TreeNode } from '../library-helpers.ts';

describe('folders and the tree', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const user = async () => api(server, (await register(server)).cookie);

  it('starts empty and needs a session', async () => {
    const a = await user();
    expect(await a.tree()).toEqual([]);
    const anon = await fetch(`${server.url}/api/folders/tree`);
    expect(anon.status).toBe(401);
  });

  it('orders folders before transcripts, folders by name (case-insensitive, locale-aware), transcripts newest first', async () => {
    const a = await user();
    for (const name of ['banana', 'Zebra', 'éclair', 'apple pie', 'Apple', 'cherry', 'folder 10', 'folder 9']) await a.createFolder(name);
    const wav = fixture('wav');
    const ids: number[] = [];
    for (const name of ['first.wav', 'second.wav', 'third.wav']) {
      const res = await a.upload(name, wav);
      expect(res.status).toBe(201);
      ids.push(res.json.id!);
    }
    const parent = await a.createFolder('Projects');
    await a.createFolder('b-sub', parent.id);
    await a.createFolder('A-sub', parent.id);
    expect((await a.put(`/api/transcripts/${ids[0]}/move`, { folderId: parent.id })).status).toBe(200);

    const tree = await a.tree();
    expect(tree.map((n) => `${n.type}:${n.name}`)).toEqual([
      'folder:Apple',
      'folder:apple pie',
      'folder:banana',
      'folder:cherry',
      'folder:éclair',
      'folder:folder 9',
      'folder:folder 10',
      'folder:Projects',
      'folder:Zebra',
      'transcript:third',
      'transcript:second',
    ]);
    const projects = tree.find((n) => n.name === 'Projects') as Extract<TreeNode, { type: 'folder' }>;
    expect(projects.children.map((n) => `${n.type}:${n.name}`)).toEqual(['folder:A-sub', 'folder:b-sub', 'transcript:first']);
    const third = tree.find((n) => n.name === 'third') as Extract<TreeNode, { type: 'transcript' }>;
    // Titles with separators and quotes come through the tree query intact.
    const odd = await a.upload('Meeting, "Q3" {notes}, ünïcödé 🎙.wav', wav);
    const oddNode = (await a.tree()).find((n) => n.type === 'transcript' && n.id === odd.json.id);
    expect(oddNode?.name).toBe('Meeting, "Q3" {notes}, ünïcödé 🎙');
    expect(third).toMatchObject({ id: ids[2], status: 'processing' });
    expect(new Date(third.createdAt).toISOString()).toBe(third.createdAt);
  });

  it('creates folders with a trimmed name and refuses a blank one with the spec text', async () => {
    const a = await user();
    const res = await a.post('/api/folders', { name: '  Interviews  ', parentId: null });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number), name: 'Interviews', parentId: null });
    for (const name of ['', '   ', undefined, 5]) {
      const bad = await a.post('/api/folders', { name, parentId: null });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe(libraryMessages.folderNameRequired);
    }
    // A missing parent: same answer as someone else's.
    const orphan = await a.post('/api/folders', { name: 'x', parentId: 999_999 });
    expect(orphan.status).toBe(404);
    expect(orphan.json).toEqual({ error: libraryMessages.folderNotFound, code: 'FOLDER_NOT_FOUND' });
  });

  it('renames and moves folders', async () => {
    const a = await user();
    const one = await a.createFolder('one');
    const two = await a.createFolder('two');
    const renamed = await a.put(`/api/folders/${one.id}`, { name: 'uno' });
    expect(renamed).toMatchObject({ status: 200, json: { id: one.id, name: 'uno', parentId: null } });
    const moved = await a.put(`/api/folders/${one.id}`, { parentId: two.id });
    expect(moved.json).toEqual({ id: one.id, name: 'uno', parentId: two.id });
    expect((await a.put(`/api/folders/${one.id}`, { name: ' ' })).json.error).toBe(libraryMessages.folderNameRequired);
    const tree = await a.tree();
    expect(tree).toEqual([
      { id: two.id, type: 'folder', name: 'two', children: [{ id: one.id, type: 'folder', name: 'uno', children: [] }] },
    ]);
    expect((await a.put(`/api/folders/${one.id}`, { parentId: null })).json.parentId).toBeNull();
  });

  it('refuses to move a folder into itself or any of its sub-folders', async () => {
    const a = await user();
    const top = await a.createFolder('top');
    const mid = await a.createFolder('mid', top.id);
    const leaf = await a.createFolder('leaf', mid.id);
    const before = await a.tree();
    for (const target of [top.id, mid.id, leaf.id]) {
      const res = await a.put(`/api/folders/${top.id}`, { parentId: target });
      expect(res.status, `into ${target}`).toBe(400);
      expect(res.json).toEqual({ error: 'Cannot move a folder into itself or its subfolders', code: 'INVALID_MOVE' });
    }
    const res = await a.put(`/api/folders/${mid.id}`, { name: 'renamed too', parentId: leaf.id });
    expect(res.json.error).toBe(libraryMessages.invalidMove);
    // Nothing changed, not even the name sent with the refused move.
    expect(await a.tree()).toEqual(before);
    // Moving a sub-folder up, or a folder into a sibling, is fine.
    expect((await a.put(`/api/folders/${leaf.id}`, { parentId: top.id })).status).toBe(200);
    expect((await a.put(`/api/folders/${mid.id}`, { parentId: leaf.id })).status).toBe(200);
    // Moving into a folder that does not exist.
    expect((await a.put(`/api/folders/${mid.id}`, { parentId: 987_654 })).status).toBe(404);
  });

  it('deletes a folder with its sub-folders and their transcripts (their audio kept for the undo time); other things stay', async () => {
    const a = await user();
    const doomed = await a.createFolder('doomed');
    const sub = await a.createFolder('sub', doomed.id);
    const subsub = await a.createFolder('subsub', sub.id);
    const kept = await a.createFolder('kept');
    const ids: number[] = [];
    for (const [i, folder] of [doomed, sub, subsub, kept, null].entries()) {
      const res = await a.upload(`t${i}.wav`, fixture('wav'));
      ids.push(res.json.id!);
      if (folder) await a.put(`/api/transcripts/${res.json.id}/move`, { folderId: folder.id });
    }
    const userDir = storedFiles(server)
      .find((f) => f.includes(`/transcripts/${ids[0]}/`))!
      .split('/transcripts/')[0];
    const filesOf = (id: number) => storedFiles(server).filter((f) => f.startsWith(`${userDir}/transcripts/${id}/`));
    for (const id of ids) expect(filesOf(id)).toEqual([`${userDir}/transcripts/${id}/audio.wav`]);
    const before = await rowCounts(server);

    const res = await a.del(`/api/folders/${doomed.id}`);
    expect(res).toMatchObject({ status: 200, json: { ok: true } });

    const after = await rowCounts(server);
    expect(after.folders).toBe(before.folders - 3);
    expect(after.transcripts).toBe(before.transcripts - 3);
    for (const id of ids.slice(0, 3)) {
      // The audio stays for the undo time (test/folders/folder-restore.test.ts), then goes with the purge.
      expect(filesOf(id)).toHaveLength(1);
      expect((await a.get(`/api/transcripts/${id}`)).status).toBe(404);
      expect((await a.get(`/api/transcripts/${id}/audio`)).status).toBe(404);
    }
    for (const id of ids.slice(3)) expect(filesOf(id)).toHaveLength(1);
    const tree = await a.tree();
    expect(tree.map((n) => n.name)).toEqual(['kept', 't4']);
    expect((await a.del(`/api/folders/${doomed.id}`)).status).toBe(404);
    expect((await a.del(`/api/folders/${sub.id}`)).status).toBe(404);
  });

  it('moves transcripts between folders and to the top level, and deletes one with its audio', async () => {
    const a = await user();
    const f = await a.createFolder('f');
    const { json } = await a.upload('talk.m4a', fixture('m4a'));
    const id = json.id!;
    expect((await a.put(`/api/transcripts/${id}/move`, { folderId: f.id })).json).toEqual({ ok: true });
    expect((await a.get(`/api/transcripts/${id}`)).json.folderId).toBe(f.id);
    expect((await a.put(`/api/transcripts/${id}/move`, { folderId: null })).status).toBe(200);
    expect((await a.get(`/api/transcripts/${id}`)).json.folderId).toBeNull();
    expect((await a.put(`/api/transcripts/${id}/move`, { folderId: 1_000_000 })).json).toEqual({
      error: libraryMessages.folderNotFound,
      code: 'FOLDER_NOT_FOUND',
    });
    expect((await a.put(`/api/transcripts/${id}/move`, {})).status).toBe(400);

    expect(storedFiles(server).some((p) => p.endsWith(`/transcripts/${id}/audio.m4a`))).toBe(true);
    expect((await a.del(`/api/transcripts/${id}`)).json).toEqual({ ok: true });
    expect(storedFiles(server).some((p) => p.includes(`/transcripts/${id}/`))).toBe(false);
    expect((await a.get(`/api/transcripts/${id}`)).json).toEqual({
      error: libraryMessages.transcriptNotFound,
      code: 'TRANSCRIPT_NOT_FOUND',
    });
    expect((await a.del(`/api/transcripts/${id}`)).status).toBe(404);
  });

  it('answers 400 (never 500) for ids that are not ids', async () => {
    const a = await user();
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999', '%20', "1'--"]) {
      for (const [method, path, body] of [
        ['GET', `/api/transcripts/${id}`],
        ['GET', `/api/transcripts/${id}/audio`],
        ['PUT', `/api/transcripts/${id}/move`, { folderId: null }],
        ['DELETE', `/api/transcripts/${id}`],
        ['PUT', `/api/folders/${id}`, { name: 'x' }],
        ['DELETE', `/api/folders/${id}`],
      ] as const) {
        const res = await a.call(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.json.error).toBe('Invalid id');
      }
    }
  });
});
