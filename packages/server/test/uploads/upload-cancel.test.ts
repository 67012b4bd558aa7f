import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers.ts';
import { CHUNK, fixture, libraryUser, newUploadId, rowCounts, storedFiles, syntheticWav, transcriptIds } from '../library-helpers.ts';

describe('cancelling an unfinished chunked upload (DELETE /api/transcripts/uploads/{id})', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const user = () => libraryUser(server);

  it('discards the received chunks, files and rows; the id is unknown afterwards', async () => {
    const a = await user();
    const uploadId = newUploadId();
    expect((await a.chunk({ uploadId, chunkIndex: 1, totalChunks: 2, originalName: 'gone.wav' }, fixture('wav'))).status).toBe(200);
    expect(storedFiles(server).some((f) => f.includes(`/uploads/${uploadId}/`))).toBe(true);

    const res = await a.del(`/api/transcripts/uploads/${uploadId}`);
    expect(res).toMatchObject({ status: 200, json: { ok: true } });
    expect(storedFiles(server).some((f) => f.includes(`/uploads/${uploadId}/`))).toBe(false);
    expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).status).toBe(404);
    expect((await a.finalize(uploadId, 'gone.wav', 2)).status).toBe(404);
    expect(await a.tree()).toEqual([]);
    expect(await rowCounts(server)).toMatchObject({ uploads: 0, chunks: 0 });
    // Cancelling again: nothing is there any more.
    expect(await a.del(`/api/transcripts/uploads/${uploadId}`)).toMatchObject({
      status: 404,
      json: { error: 'Upload not found', code: 'UPLOAD_NOT_FOUND' },
    });
  });

  it("answers another user's upload as unknown and leaves it alone", async () => {
    const a = await user();
    const b = await user();
    const uploadId = newUploadId();
    expect((await a.chunk({ uploadId, chunkIndex: 1, totalChunks: 2, originalName: 'mine.wav' }, fixture('wav'))).status).toBe(200);
    expect(await b.del(`/api/transcripts/uploads/${uploadId}`)).toMatchObject({
      status: 404,
      json: { error: 'Upload not found', code: 'UPLOAD_NOT_FOUND' },
    });
    expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).json).toMatchObject({ receivedChunks: [1] });
    expect((await a.del(`/api/transcripts/uploads/${uploadId}`)).status).toBe(200);
  });

  it('refuses to cancel a finished upload (409): the transcript stays', async () => {
    const a = await user();
    const file = syntheticWav(CHUNK + 1000);
    const uploadId = newUploadId();
    for (const i of [0, 1]) {
      const part = file.slice(i * CHUNK, Math.min(file.size, (i + 1) * CHUNK));
      expect((await a.chunk({ uploadId, chunkIndex: i, totalChunks: 2, originalName: 'kept.wav' }, part)).status).toBe(200);
    }
    const done = await a.finalize(uploadId, 'kept.wav', 2);
    expect(done.status).toBe(201);
    expect(await a.del(`/api/transcripts/uploads/${uploadId}`)).toMatchObject({
      status: 409,
      json: { error: 'This upload has already been finalized.', code: 'UPLOAD_ALREADY_FINALIZED' },
    });
    expect(transcriptIds(await a.tree())).toEqual([done.json.id]);
  });

  it('refuses a malformed id (400) and needs a session (401)', async () => {
    const a = await user();
    expect((await a.del('/api/transcripts/uploads/x')).status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/transcripts/uploads/${newUploadId()}`, {
      method: 'DELETE',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(anonymous.status).toBe(401);
  });
});
