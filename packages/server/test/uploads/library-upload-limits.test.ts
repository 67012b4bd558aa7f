// Uploads under a configured limit (UPLOAD_MAX_BYTES, lower and above 100 MB) and abandoned chunked
// uploads: each on a server of its own, apart from the default-limit cases in library-uploads.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import {
  api,
  CHUNK,
  filler,
  fixture,
  MB,
  newUploadId,
  postStream,
  rowCounts,
  storedFiles,
  streamedMultipart,
  syntheticWav,
  transcriptIds,
  wavHeader,
} from '../library-helpers.ts';

describe('a configured upload limit (UPLOAD_MAX_BYTES)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ UPLOAD_MAX_BYTES: String(2 * MB) });
  });
  afterAll(() => server.close());

  it('is told to the browser, enforced, and named in the refusal', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { uploads: unknown };
    expect(config.uploads).toEqual({ maxBytes: 2 * MB });
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const size = 2 * MB + 1;
    const body = streamedMultipart(
      {},
      {
        field: 'audio',
        filename: 'long.wav',
        size,
        slice: (s, e) => (s === 0 ? Buffer.concat([wavHeader(size - 44), filler(44, e)]) : filler(s, e)),
      },
    );
    const refused = await postStream(server, cookie, '/api/transcripts/upload', body);
    expect(refused).toEqual({
      status: 413,
      json: { error: 'Please upload a file smaller than 2MB.', code: 'FILE_TOO_LARGE', params: { maxMb: '2' } },
    });
    expect(await a.tree()).toEqual([]);
  });
});

describe('a limit raised above 100 MB (UPLOAD_MAX_BYTES)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ UPLOAD_MAX_BYTES: String(4 * CHUNK + MB) });
  });
  afterAll(() => server.close());

  it('takes a file in more chunks than the default limit needs, and finalizes it', async () => {
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const size = 4 * CHUNK + 1024;
    const wav = syntheticWav(size);
    const uploadId = newUploadId();
    for (let i = 0; i < 5; i++) {
      const res = await a.chunk(
        { uploadId, chunkIndex: i, totalChunks: 5, originalName: 'long.wav' },
        wav.slice(i * CHUNK, Math.min(size, (i + 1) * CHUNK)),
      );
      expect(res.status).toBe(200);
    }
    const fin = await a.finalize(uploadId, 'long.wav', 5);
    expect(fin.status).toBe(201);
    expect(transcriptIds(await a.tree())).toEqual([fin.json.id]);
    // Six chunks would be over this server's limit: refused when the first of them arrives.
    const over = await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 6, originalName: 'longer.wav' }, wav.slice(0, CHUNK));
    expect(over.status).toBe(413);
  });
});

describe('abandoned uploads', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 1.8 s: the sweep runs every second.
    server = await startServer({ UPLOAD_ABANDON_HOURS: '0.0005' });
  });
  afterAll(() => server.close());

  it('are removed, chunks and rows, after the configured time without a new chunk', async () => {
    const { cookie, user } = await register(server);
    const a = api(server, cookie);
    const uploadId = newUploadId();
    expect((await a.chunk({ uploadId, chunkIndex: 1, totalChunks: 2, originalName: 'gone.wav' }, fixture('wav'))).status).toBe(200);
    expect(storedFiles(server).some((f) => f.startsWith(`users/${user.id}/uploads/${uploadId}/`))).toBe(true);
    const deadline = Date.now() + 15_000;
    while ((await a.get(`/api/transcripts/uploads/${uploadId}`)).status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await a.get(`/api/transcripts/uploads/${uploadId}`)).status).toBe(404);
    expect(storedFiles(server).some((f) => f.includes(`/uploads/${uploadId}/`))).toBe(false);
    expect(await rowCounts(server)).toMatchObject({ uploads: 0, chunks: 0 });
  });
});
