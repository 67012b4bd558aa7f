// Streamed recordings over the real HTTP server: pieces acknowledged strictly in order, refusals that
// store nothing, finishing into a transcript whose audio is the pieces byte for byte, discard, the
// open-recordings limit, the live-text observer. PGlite by default, PostgreSQL when DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, tempDir, type TestServer } from '../helpers.ts';
import { api, fixture, storedFiles } from '../library-helpers.ts';
import { cut, notingObserver, recordingRows, recordingsApi, sha256, type RecordingsApi } from '../recordings-helpers.ts';

const PIECE_MAX = 4096;
// Room for the fixture (31 kB), not for much more.
const UPLOAD_MAX = 40_000;
const webm = fixture('webm');
// Pieces of 4,000 bytes: the fixture's 31 kB as a browser would send it, about a second each.
const pieces = cut(webm, 4000);

describe('streamed recordings', () => {
  let server: TestServer;
  let a: RecordingsApi & { id: number; cookie: string };
  let b: RecordingsApi & { id: number; cookie: string };
  const { observer, calls } = notingObserver();

  beforeAll(async () => {
    server = await startServer(
      { RECORDING_PIECE_MAX_BYTES: String(PIECE_MAX), RECORDING_MAX_OPEN: '3', UPLOAD_MAX_BYTES: String(UPLOAD_MAX) },
      { recordingObserver: observer },
    );
    const ra = await register(server);
    const rb = await register(server);
    a = { ...recordingsApi(server, ra.cookie), id: ra.user.id, cookie: ra.cookie };
    b = { ...recordingsApi(server, rb.cookie), id: rb.user.id, cookie: rb.cookie };
  });
  afterAll(async () => {
    await server?.close();
  });

  const pieceFiles = (userId: number, id: string) => storedFiles(server).filter((f) => f.startsWith(`users/${userId}/recordings/${id}/`));

  /** Sends pieces [from, to) in order, each acknowledged. */
  async function send(u: RecordingsApi, id: string, from: number, to: number) {
    for (let seq = from; seq < to; seq++) {
      const res = await u.put(id, seq, pieces[seq]!, `?durationMs=${(seq + 1) * 900}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ seq, nextSeq: seq + 1, bytes: pieces[seq]!.length });
    }
  }

  it('starts a recording: its id, the piece limit, no live text without an engine for it', async () => {
    const before = Date.now();
    const res = await a.create({ mimeType: 'audio/webm;codecs=opus', language: 'en', live: false });
    expect(res.status).toBe(201);
    const rec = res.json.recording as Record<string, unknown>;
    expect(rec).toMatchObject({ mimeType: 'audio/webm;codecs=opus', pieces: 0, bytes: 0, durationMs: 0 });
    expect(rec.id).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(rec.createdAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json.pieceMaxBytes).toBe(PIECE_MAX);
    // The client did not ask for live text: the observer is not asked either.
    expect(res.json.live).toEqual({ available: false, reason: 'disabled' });
    expect(calls.some((c) => c.includes(rec.id as string))).toBe(false);
    expect((await a.discard(rec.id as string)).status).toBe(204);
  });

  it('refuses a create with a type that is not audio, and counts nothing', async () => {
    for (const mimeType of ['text/html', '', 'audio', 'audio/webm\n']) {
      const res = await a.create({ mimeType });
      expect(res.status, mimeType).toBe(400);
      expect(res.json.code, mimeType).toBe('RECORDING_MIME_TYPE_INVALID');
    }
    const badLanguage = await a.create({ mimeType: 'audio/webm', language: 'english' });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.json.code).toBe('LANGUAGE_CODE_INVALID');
    // The built-in engine transcribes English only: German is refused as for an upload.
    const german = await a.create({ mimeType: 'audio/webm', language: 'de' });
    expect(german.status).toBe(400);
    expect(german.json.code).toBe('LANGUAGE_UNSUPPORTED');
    expect((await a.list()).json).toEqual({ recordings: [] });
  });

  it('acknowledges pieces in order and finishes them into a transcript whose audio is the pieces byte for byte', async () => {
    const created = await a.create({ mimeType: 'audio/webm;codecs=opus', language: 'en' });
    const id = (created.json.recording as { id: string }).id;
    expect(created.json.live).toEqual({ available: true });
    await send(a, id, 0, pieces.length);

    const got = await a.get(id);
    expect(got.status).toBe(200);
    expect(got.json.recording).toMatchObject({ id, pieces: pieces.length, bytes: webm.length, durationMs: pieces.length * 900 });
    expect(pieceFiles(a.id, id)).toHaveLength(pieces.length);
    const listed = await a.list();
    expect((listed.json.recordings as Array<{ id: string }>).map((r) => r.id)).toEqual([id]);

    const folder = await api(server, a.cookie).createFolder('Interviews');
    const finished = await a.finish(id, { folderId: folder.id });
    expect(finished.status, finished.text).toBe(201);
    const transcriptId = (finished.json.transcript as { id: number }).id;
    expect(finished.json).toEqual({ transcript: { id: transcriptId } });

    // Byte for byte what the client sent, through the audio download route.
    expect(sha256(await a.audio(transcriptId))).toBe(sha256(Buffer.concat(pieces)));
    const t = (await api(server, a.cookie).get(`/api/transcripts/${transcriptId}`)).json as { title: string; folderId: number | null };
    // docs/product-spec.md §7: a recording is uploaded as 'recording.<ext>', so its title is 'recording'.
    expect(t.title).toBe('recording');
    expect(t.folderId).toBe(folder.id);
    expect(storedFiles(server)).toContain(`users/${a.id}/transcripts/${transcriptId}/audio.webm`);
    // The pieces are gone once they are the transcript's audio; the recording is closed.
    expect(pieceFiles(a.id, id)).toEqual([]);
    expect((await a.list()).json).toEqual({ recordings: [] });
    for (const res of [await a.get(id), await a.finish(id), await a.put(id, pieces.length, pieces[0]!), await a.discard(id)]) {
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('RECORDING_CLOSED');
    }
    // Even a re-send of an acknowledged piece: the recording no longer takes pieces.
    expect((await a.put(id, 0, pieces[0]!)).json.code).toBe('RECORDING_CLOSED');

    // The observer heard the start, every piece once and in order, and the end.
    const mine = calls.filter((c) => c.includes(id));
    expect(mine).toEqual([
      `started ${id} audio/webm;codecs=opus en`,
      ...pieces.map((p, seq) => `piece ${id} ${seq} ${sha256(p)}`),
      `ended ${id} finished`,
    ]);
  });

  it('takes the title given at finish and refuses an empty one', async () => {
    const id = await a.start();
    await send(a, id, 0, 2);
    const blank = await a.finish(id, { title: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.code).toBe('TITLE_REQUIRED');
    const tooLong = await a.finish(id, { title: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.code).toBe('TITLE_TOO_LONG');
    const done = await a.finish(id, { title: ' Standup 12 May ' });
    expect(done.status).toBe(201);
    const t = (await api(server, a.cookie).get(`/api/transcripts/${(done.json.transcript as { id: number }).id}`)).json;
    expect(t.title).toBe('Standup 12 May');
  });

  it('refuses a piece out of order, naming the next one, and stores nothing of it', async () => {
    const id = await a.start();
    await send(a, id, 0, 2);
    const filesBefore = storedFiles(server);
    for (const seq of [3, 7, 999_999_999]) {
      const res = await a.put(id, seq, pieces[seq % pieces.length]!);
      expect(res.status).toBe(409);
      expect(res.json.code).toBe('RECORDING_PIECE_OUT_OF_ORDER');
      expect(res.json.params).toEqual({ expected: 2 });
    }
    expect(storedFiles(server)).toEqual(filesBefore);
    expect((await a.get(id)).json.recording).toMatchObject({ pieces: 2, bytes: pieces[0]!.length + pieces[1]!.length });
    // So a gap can never reach a transcript: the client re-sends from `expected`.
    await send(a, id, 2, pieces.length);
    const done = await a.finish(id);
    expect(done.status).toBe(201);
    expect(sha256(await a.audio((done.json.transcript as { id: number }).id))).toBe(sha256(webm));
  });

  it('acknowledges a piece sent again with the same bytes and refuses other bytes under its number', async () => {
    const id = await a.start();
    await send(a, id, 0, 3);
    const filesBefore = storedFiles(server);
    const again = await a.put(id, 1, pieces[1]!);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ seq: 1, nextSeq: 2, bytes: pieces[1]!.length });
    const other = Buffer.from(pieces[1]!);
    other[100] ^= 0xff;
    const conflict = await a.put(id, 1, other);
    expect(conflict.status).toBe(409);
    expect(conflict.json.code).toBe('RECORDING_PIECE_CONFLICT');
    expect(conflict.json.params).toEqual({ seq: 1 });
    // Same size, other bytes: still refused; and a shorter piece too.
    expect((await a.put(id, 2, pieces[2]!.subarray(0, 10))).json.code).toBe('RECORDING_PIECE_CONFLICT');
    expect(storedFiles(server)).toEqual(filesBefore);
    expect((await a.get(id)).json.recording).toMatchObject({ pieces: 3 });
    await send(a, id, 3, pieces.length);
    const done = await a.finish(id);
    expect(sha256(await a.audio((done.json.transcript as { id: number }).id))).toBe(sha256(webm));
    // The observer got each piece once, the re-sent one too.
    expect(calls.filter((c) => c.startsWith(`piece ${id} 1 `))).toHaveLength(1);
  });

  it('refuses an empty piece, an oversized one and a wrong number, and stores nothing of them', async () => {
    const id = await a.start();
    await send(a, id, 0, 1);
    const filesBefore = storedFiles(server);
    const empty = await a.put(id, 1, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.json.code).toBe('RECORDING_PIECE_EMPTY');
    const noBody = await a.call('PUT', `/api/recordings/${id}/pieces/1`);
    expect(noBody.status).toBe(400);
    expect(noBody.json.code).toBe('RECORDING_PIECE_EMPTY');
    const big = await a.put(id, 1, Buffer.alloc(PIECE_MAX + 1, 7));
    expect(big.status).toBe(413);
    expect(big.json.code).toBe('RECORDING_PIECE_TOO_LARGE');
    expect(big.json.params).toEqual({ maxBytes: PIECE_MAX });
    // Much larger: still the answer, not a reset connection.
    const huge = await a.put(id, 1, Buffer.alloc(3 * PIECE_MAX, 7));
    expect(huge.status).toBe(413);
    for (const seq of ['-1', '1.5', 'x', '1e3']) {
      const res = await a.put(id, seq, pieces[1]!);
      expect(res.status, seq).toBe(400);
      expect(res.json.code, seq).toBe('RECORDING_PIECE_SEQ_INVALID');
    }
    const badDuration = await a.put(id, 1, pieces[1]!, '?durationMs=soon');
    expect(badDuration.status).toBe(400);
    expect(badDuration.json.code).toBe('RECORDING_DURATION_INVALID');
    const json = await a.call('PUT', `/api/recordings/${id}/pieces/1`, {
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect(storedFiles(server)).toEqual(filesBefore);
    expect((await a.get(id)).json.recording).toMatchObject({ pieces: 1, bytes: pieces[0]!.length });
    // A piece of exactly the limit is fine.
    const full = await a.put(id, 1, Buffer.alloc(PIECE_MAX, 1));
    expect(full.status).toBe(200);
    expect((await a.discard(id)).status).toBe(204);
  });

  it("answers 404 for another user's recording on every route, and writes nothing", async () => {
    const id = await a.start();
    await send(a, id, 0, 2);
    const filesBefore = storedFiles(server);
    const rowsBefore = await recordingRows(server);
    const answers = [
      await b.get(id),
      await b.put(id, 2, pieces[2]!),
      await b.put(id, 0, pieces[0]!),
      await b.put(id, 0, Buffer.from('other')),
      await b.finish(id),
      await b.discard(id),
      await a.get('0'.repeat(32)),
      await a.get('not-an-id'),
      await a.put(encodeURIComponent('../x'), 0, pieces[0]!),
    ];
    for (const res of answers) {
      expect(res.status, res.text).toBe(404);
      expect(res.json.code).toBe('RECORDING_NOT_FOUND');
    }
    expect((await b.list()).json).toEqual({ recordings: [] });
    expect(storedFiles(server)).toEqual(filesBefore);
    expect(await recordingRows(server)).toEqual(rowsBefore);
    expect((await a.get(id)).json.recording).toMatchObject({ pieces: 2 });
    expect((await a.discard(id)).status).toBe(204);
  });

  it('stops a recording at the largest audio file an upload may be, storing nothing past it', async () => {
    const id = await a.start();
    await send(a, id, 0, pieces.length);
    const filler = Buffer.alloc(PIECE_MAX, 3);
    let seq = pieces.length;
    while (webm.length + (seq - pieces.length + 1) * PIECE_MAX <= UPLOAD_MAX) expect((await a.put(id, seq++, filler)).status).toBe(200);
    const filesBefore = storedFiles(server);
    const over = await a.put(id, seq, filler);
    expect(over.status).toBe(413);
    expect(over.json.code).toBe('RECORDING_TOO_LARGE');
    expect(over.json.error).toBe(
      'This recording has reached the largest size the server accepts (0.1 MB). Finish it and start a new recording.',
    );
    expect(storedFiles(server)).toEqual(filesBefore);
    // What it holds can still be finished.
    expect((await a.finish(id)).status).toBe(201);
  });

  it('refuses to finish a recording without pieces, and keeps it open', async () => {
    const id = await a.start();
    const res = await a.finish(id);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('RECORDING_EMPTY');
    expect((await a.get(id)).status).toBe(200);
    expect((await a.discard(id)).status).toBe(204);
  });

  it('keeps the recording open and whole when a finish is refused (bad folder, audio that is not audio)', async () => {
    const id = await a.start();
    await send(a, id, 0, pieces.length);
    const rowsBefore = await recordingRows(server);
    const otherFolder = await api(server, b.cookie).createFolder('Not yours');
    for (const folderId of [otherFolder.id, 2_147_483_647]) {
      const res = await a.finish(id, { folderId });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('FOLDER_NOT_FOUND');
    }
    expect(await recordingRows(server)).toEqual(rowsBefore);
    const done = await a.finish(id, { folderId: null });
    expect(done.status).toBe(201);

    // Bytes that are no audio container: the upload's content check refuses them at finish.
    const text = await a.start({ mimeType: 'audio/webm' });
    const notAudio = Buffer.from('This is a text file, not a recording.\n'.repeat(20));
    expect((await a.put(text, 0, notAudio)).status).toBe(200);
    const filesBefore = storedFiles(server);
    const refused = await a.finish(text);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('INVALID_CONTENT');
    expect(storedFiles(server)).toEqual(filesBefore);
    expect((await a.get(text)).json.recording).toMatchObject({ pieces: 1 });
    expect((await a.discard(text)).status).toBe(204);
  });

  it('discards a recording: its pieces are deleted and late pieces are told it is closed', async () => {
    const id = await a.start();
    await send(a, id, 0, 3);
    expect(pieceFiles(a.id, id)).toHaveLength(3);
    const res = await a.discard(id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(pieceFiles(a.id, id)).toEqual([]);
    expect((await a.list()).json).toEqual({ recordings: [] });
    const late = await a.put(id, 3, pieces[3]!);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('RECORDING_CLOSED');
    expect(pieceFiles(a.id, id)).toEqual([]);
    expect(calls.filter((c) => c.startsWith('ended') && c.includes(id))).toEqual([`ended ${id} discarded`]);
  });

  it('lists unfinished recordings newest first, and limits how many one user may have open', async () => {
    const ids = [await a.start(), await a.start(), await a.start()];
    const listed = (await a.list()).json.recordings as Array<{ id: string }>;
    expect(listed.map((r) => r.id)).toEqual([...ids].reverse());
    const fourth = await a.create();
    expect(fourth.status).toBe(409);
    expect(fourth.json.code).toBe('RECORDING_LIMIT_REACHED');
    expect(fourth.json.params).toEqual({ max: 3 });
    expect(fourth.json.error).toBe('You already have 3 unfinished recordings. Finish or discard one to start a new recording.');
    // Another user is not affected; a discarded one frees a place.
    expect((await b.create()).status).toBe(201);
    expect((await a.discard(ids[0]!)).status).toBe(204);
    expect((await a.create()).status).toBe(201);
  });
});

describe('the abandon sweep', () => {
  it('deletes a recording without a new piece for RECORDING_ABANDON_HOURS: its rows and its pieces', async () => {
    const { observer, calls } = notingObserver();
    // 7.2 s: the sweep runs every 1.8 s.
    const server = await startServer({ RECORDING_ABANDON_HOURS: '0.002' }, { recordingObserver: observer });
    try {
      const r = await register(server);
      const u = recordingsApi(server, r.cookie);
      const abandoned = await u.start();
      for (let seq = 0; seq < 3; seq++) expect((await u.put(abandoned, seq, pieces[seq]!)).status).toBe(200);
      const finished = await u.start();
      expect((await u.put(finished, 0, webm)).status).toBe(200);
      const transcript = (await u.finish(finished)).json.transcript as { id: number };
      expect(storedFiles(server).filter((f) => f.includes('/recordings/'))).toHaveLength(3);

      const deadline = Date.now() + 20_000;
      while ((await recordingRows(server)).recordings > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await recordingRows(server)).toEqual({ recordings: 0, pieces: 0, transcripts: 1 });
      expect(storedFiles(server).filter((f) => f.includes('/recordings/'))).toEqual([]);
      const gone = await u.get(abandoned);
      expect(gone.status).toBe(404);
      expect(gone.json.code).toBe('RECORDING_NOT_FOUND');
      // The finished one's transcript stays; only the abandoned one is reported to the live side.
      expect(sha256(await u.audio(transcript.id))).toBe(sha256(webm));
      expect(calls.filter((c) => c.startsWith('ended'))).toEqual([`ended ${finished} finished`, `ended ${abandoned} abandoned`]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('also at start-up: a recording abandoned while the server was down is deleted before requests are served', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    const r = await register(first);
    const id = await recordingsApi(first, r.cookie).start();
    expect((await recordingsApi(first, r.cookie).put(id, 0, pieces[0]!)).status).toBe(200);
    await first.app.database.db.execute(sql`update recordings set updated_at = now() - interval '73 hours'`);
    await first.app.close();

    const second = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    try {
      expect(await recordingRows(second)).toMatchObject({ recordings: 0, pieces: 0 });
      expect(storedFiles(second).filter((f) => f.includes('/recordings/'))).toEqual([]);
      expect((await recordingsApi(second, r.cookie).get(id)).status).toBe(404);
    } finally {
      await second.close();
    }
  }, 180_000);
});
