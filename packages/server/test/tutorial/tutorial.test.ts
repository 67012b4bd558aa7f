// The tutorial's sample transcript over the real HTTP server, transcribed by the built-in engine.
// PGlite by default, PostgreSQL when DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { wordErrorRate } from '../support/wer.ts';
import { TUTORIAL_AUDIO_PATH } from '../../src/features/tutorial/sample.ts';
import { JSON_XHR, register, startServer, type TestServer } from '../helpers.ts';
import { ledger } from '../credits-helpers.ts';
import { api, storedFiles } from '../library-helpers.ts';
import { LIBRIVOX_TEXT, SHARED_MODEL_CACHE } from '../transcription/helpers.ts';
import { openLive, type LiveSocket } from '../transcription/server-helpers.ts';

const PATH = '/api/create-tutorial-transcript';

interface TreeNode {
  id: number;
  type: 'folder' | 'transcript';
  name: string;
  children?: TreeNode[];
}

describe('POST /api/create-tutorial-transcript', () => {
  let server: TestServer;
  let a: ReturnType<typeof api> & { cookie: string; id: number };
  let b: ReturnType<typeof api> & { cookie: string; id: number };
  let liveA: LiveSocket;

  beforeAll(async () => {
    server = await startServer({}, { worker: true, engine: createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE }) });
    const ra = await register(server);
    const rb = await register(server);
    a = { ...api(server, ra.cookie), cookie: ra.cookie, id: ra.user.id };
    b = { ...api(server, rb.cookie), cookie: rb.cookie, id: rb.user.id };
    liveA = await openLive(server, a.cookie);
  });
  afterAll(async () => {
    await liveA?.close();
    await server?.close();
  });

  const tutorialFolders = (tree: unknown[]) => (tree as TreeNode[]).filter((n) => n.type === 'folder' && n.name === 'Tutorial');

  it('ships its recording inside the server package', () => {
    expect(TUTORIAL_AUDIO_PATH).toMatch(/packages\/server\/assets\/tutorial\/librivox-sense-and-sensibility-0870\.wav$/);
  });

  it("creates the caller's sample transcript in a Tutorial folder and transcribes the recording's words", async () => {
    const res = await a.post(PATH, {});
    expect(res.status).toBe(201);
    expect(Object.keys(res.json)).toEqual(['id']);
    const id = res.json.id as number;
    expect(Number.isInteger(id)).toBe(true);

    const tree = await a.tree();
    const [folder] = tutorialFolders(tree);
    expect(folder).toBeDefined();
    expect(folder.children?.map((c) => c.id)).toEqual([id]);

    // The real transcription path: the audio went through storage, a job ran on the built-in engine.
    await liveA.status(id, 'complete', 60_000);
    const t = (await a.get(`/api/transcripts/${id}`)).json as unknown as {
      title: string;
      folderId: number;
      content: string;
      metadata: { status: string; duration: number; timestamps: unknown[] };
    };
    expect(t.folderId).toBe(folder.id);
    expect(t.metadata.status).toBe('completed');
    expect(t.metadata.duration).toBeCloseTo(7.1, 1);
    expect(t.metadata.timestamps.length).toBeGreaterThan(0);
    expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.1);
    expect(t.content).toContain('Dashwood');
    expect(storedFiles(server)).toContain(`users/${a.id}/transcripts/${id}/audio.wav`);
    const audio = await a.get(`/api/transcripts/${id}/audio`);
    expect(audio.status).toBe(200);

    // The sample is free: a transcription of a 7 s recording would cost a credit, this one costs nothing.
    expect((await a.get('/api/credits/balance')).json.balance).toBe(60);
    expect((await ledger(server, a.id)).map((e) => e.kind)).toEqual(['starting_grant']);
  });

  it('answers the existing sample on a second call instead of making another copy', async () => {
    const first = tutorialFolders((await a.tree()) as TreeNode[]).flatMap((n) => n.children ?? []);
    const res = await a.post(PATH, {});
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: first[0].id });
    const tree = await a.tree();
    expect(tutorialFolders(tree)).toHaveLength(1);
    expect(tutorialFolders(tree)[0].children).toHaveLength(1);
  });

  it('reuses the Tutorial folder for a new sample after the old one was deleted', async () => {
    const [folder] = tutorialFolders(await a.tree());
    const oldId = folder.children![0].id;
    expect((await a.del(`/api/transcripts/${oldId}`)).status).toBe(200);
    const res = await a.post(PATH);
    expect(res.status).toBe(201);
    expect(res.json.id).not.toBe(oldId);
    const tree = await a.tree();
    expect(tutorialFolders(tree).map((f) => f.id)).toEqual([folder.id]);
    expect(tutorialFolders(tree)[0].children?.map((c) => c.id)).toEqual([res.json.id]);
    await liveA.status(res.json.id as number, 'complete', 60_000);
  });

  it('gives one free sample per account: a sample re-made after deletion is charged like an upload', async () => {
    const c = await register(server);
    const client = api(server, c.cookie);
    const live = await openLive(server, c.cookie);
    try {
      const first = await client.post(PATH, {});
      expect(first.status).toBe(201);
      await live.status(first.json.id as number, 'complete', 60_000);
      expect((await client.get('/api/credits/balance')).json.balance).toBe(60);

      expect((await client.del(`/api/transcripts/${first.json.id}`)).status).toBe(200);
      const second = await client.post(PATH, {});
      expect(second.status).toBe(201);
      await live.status(second.json.id as number, 'complete', 60_000);
      // 7 s of audio: one started minute, one credit, as for any upload.
      expect((await client.get('/api/credits/balance')).json.balance).toBe(59);
      expect((await ledger(server, c.user.id)).map((e) => [e.kind, e.amount])).toEqual([
        ['starting_grant', 60],
        ['transcription', -1],
      ]);
      const flags = await selectRows<{ id: number; is_tutorial_sample: boolean }>(
        server.app.database.db,
        sql`select id, is_tutorial_sample from transcripts where user_id = ${c.user.id}`,
      );
      expect(flags.map((r) => [Number(r.id), r.is_tutorial_sample])).toEqual([[second.json.id, false]]);

      // While it exists, asking again answers it: no further copy, no further charge.
      const third = await client.post(PATH, {});
      expect(third.status).toBe(200);
      expect(third.json.id).toBe(second.json.id);
      expect((await client.get('/api/credits/balance')).json.balance).toBe(59);
    } finally {
      await live.close();
    }
  });

  it('belongs to the caller: another user gets 404 for it and a sample of their own', async () => {
    const [folder] = tutorialFolders(await a.tree());
    const aId = folder.children![0].id;
    expect((await b.get(`/api/transcripts/${aId}`)).status).toBe(404);
    expect((await b.get(`/api/transcripts/${aId}/audio`)).status).toBe(404);
    expect((await b.del(`/api/transcripts/${aId}`)).status).toBe(404);

    const res = await b.post(PATH, {});
    expect(res.status).toBe(201);
    expect(res.json.id).not.toBe(aId);
    const bTree = await b.tree();
    expect(tutorialFolders(bTree)[0].children?.map((c) => c.id)).toEqual([res.json.id]);
    expect((await a.get(`/api/transcripts/${res.json.id}`)).status).toBe(404);
  });

  it('makes a single sample when called twice at once', async () => {
    const c = await register(server);
    const client = api(server, c.cookie);
    const [r1, r2] = await Promise.all([client.post(PATH, {}), client.post(PATH, {})]);
    expect([r1.status, r2.status].sort()).toEqual([200, 201]);
    expect(r1.json.id).toBe(r2.json.id);
    const tree = await client.tree();
    expect(tutorialFolders(tree)).toHaveLength(1);
    expect(tutorialFolders(tree)[0].children).toHaveLength(1);
    // The losing call's copy of the audio was removed.
    expect(storedFiles(server).filter((f) => f.startsWith(`users/${c.user.id}/`))).toEqual([
      `users/${c.user.id}/transcripts/${r1.json.id}/audio.wav`,
    ]);
  });

  it('needs a session (401) and the X-Requested-With header (403)', async () => {
    const anonymous = await fetch(server.url + PATH, { method: 'POST', headers: JSON_XHR, body: '{}' });
    expect(anonymous.status).toBe(401);
    const noXhr = await fetch(server.url + PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: a.cookie },
      body: '{}',
    });
    expect(noXhr.status).toBe(403);
    expect(((await noXhr.json()) as { error: string }).error).toBeTruthy();
  });
});
