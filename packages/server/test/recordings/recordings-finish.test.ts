// A finished recording takes the upload's way: transcribed by the built-in engine (a real speech file
// streamed in pieces), charged by the same credit rules, refused with the upload's own error when the
// balance cannot pay. PGlite by default, PostgreSQL when DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { ledger } from '../credits-helpers.ts';
import { api, fixture, storedFiles } from '../library-helpers.ts';
import { cut, recordingRows, recordingsApi, sha256 } from '../recordings-helpers.ts';
import { wordErrorRate } from '../support/wer.ts';
import { LIBRIVOX_TEXT, SHARED_MODEL_CACHE } from '../transcription/helpers.ts';
import { openLive } from '../transcription/server-helpers.ts';

describe('finishing a recording: the upload path, its transcription and its charge', () => {
  let server: TestServer;
  const webm = fixture('webm');
  const pieces = cut(webm, 4000);

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '2' }, { worker: true, engine: createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE }) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  async function user() {
    const r = await register(server);
    return { ...recordingsApi(server, r.cookie), library: api(server, r.cookie), cookie: r.cookie, id: r.user.id };
  }
  type User = Awaited<ReturnType<typeof user>>;
  const balance = async (u: User) => (await u.library.get('/api/credits/balance')).json.balance as number;
  const setBalance = (u: User, credits: number) =>
    server.app.database.db.execute(sql`update users set credits = ${credits} where id = ${u.id}`);

  async function record(u: User): Promise<string> {
    const id = await u.start({ mimeType: 'audio/webm;codecs=opus', language: 'en' });
    for (let seq = 0; seq < pieces.length; seq++) expect((await u.put(id, seq, pieces[seq]!)).status).toBe(200);
    return id;
  }

  it('transcribes the spoken words and charges the started minute, as the same file uploaded', async () => {
    const u = await user();
    const live = await openLive(server, u.cookie);
    try {
      const id = await record(u);
      const finished = await u.finish(id);
      expect(finished.status, finished.text).toBe(201);
      const transcriptId = (finished.json.transcript as { id: number }).id;
      await live.status(transcriptId, 'complete', 120_000);
      const t = (await u.library.get(`/api/transcripts/${transcriptId}`)).json as unknown as {
        title: string;
        content: string;
        metadata: { status: string; duration: number };
      };
      expect(t.metadata.status).toBe('completed');
      expect(t.metadata.duration).toBeCloseTo(7.1, 0);
      expect(t.content).toContain('Dashwood');
      expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.1);
      expect(sha256(await u.audio(transcriptId))).toBe(sha256(webm));

      // The same file uploaded costs the same: one started minute each.
      const uploaded = await u.library.upload('recording.webm', webm);
      expect(uploaded.status).toBe(201);
      await live.status(uploaded.json.id!, 'complete', 120_000);
      expect(await balance(u)).toBe(0);
      expect((await ledger(server, u.id)).filter((e) => e.kind === 'transcription')).toEqual([
        { kind: 'transcription', amount: -1, balance_after: 1, reference: `transcript:${transcriptId}` },
        { kind: 'transcription', amount: -1, balance_after: 0, reference: `transcript:${uploaded.json.id}` },
      ]);
    } finally {
      await live.close();
    }
  }, 240_000);

  it("refuses the finish with the upload's own error when the balance cannot pay, and keeps the recording", async () => {
    const u = await user();
    const id = await record(u);
    await setBalance(u, 0);
    const filesBefore = storedFiles(server);
    const rowsBefore = await recordingRows(server);

    const refused = await u.finish(id);
    const upload = await u.library.upload('recording.webm', webm);
    expect(refused.status).toBe(402);
    expect(upload.status).toBe(402);
    expect(refused.json.code).toBe('NOT_ENOUGH_CREDITS_TRANSCRIPTION');
    expect(refused.json).toEqual(upload.json);
    expect(storedFiles(server)).toEqual(filesBefore);
    expect(await recordingRows(server)).toEqual(rowsBefore);
    expect((await u.get(id)).json.recording).toMatchObject({ pieces: pieces.length, bytes: webm.length });
    // A new recording is refused before its first piece, as a new upload is.
    const created = await u.create();
    expect(created.status).toBe(402);
    expect(created.json).toEqual(upload.json);

    // With credits again, the same recording finishes, and is charged once transcribed.
    await setBalance(u, 1);
    const live = await openLive(server, u.cookie);
    try {
      const done = await u.finish(id);
      expect(done.status, done.text).toBe(201);
      const transcriptId = (done.json.transcript as { id: number }).id;
      expect(sha256(await u.audio(transcriptId))).toBe(sha256(webm));
      await live.status(transcriptId, 'complete', 120_000);
      expect(await balance(u)).toBe(0);
    } finally {
      await live.close();
    }
  }, 240_000);
});
