import { chmodSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatMegabytes, storageFullMessage, tooManyUnfinishedUploadsMessage } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, tempDir, XHR, type TestServer } from '../helpers.ts';
import { api, CHUNK, fixture, newUploadId, rowCounts, storedFiles, syntheticWav } from '../library-helpers.ts';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('chunk fields in any order', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 180_000);
  afterAll(() => server.close());

  /** A chunk request with its parts in the given order (as `curl -F` sends them, in the order written). */
  async function chunkInOrder(cookie: string, order: string[], values: Record<string, string>, data: Uint8Array) {
    const form = new FormData();
    for (const name of order) {
      if (name === 'chunk') form.append('chunk', new Blob([data as Uint8Array<ArrayBuffer>]), values.originalName);
      else form.append(name, values[name]);
    }
    const res = await fetch(`${server.url}/api/transcripts/upload-chunk`, {
      method: 'POST',
      headers: { ...XHR, Cookie: cookie },
      body: form,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it('takes the file before, between and after the fields, and joins the chunks byte for byte', async () => {
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const file = syntheticWav(2 * CHUNK + 777);
    const uploadId = newUploadId();
    const values = { uploadId, totalChunks: '3', originalName: 'order.wav' };
    const orders = [
      ['chunk', 'uploadId', 'chunkIndex', 'totalChunks', 'originalName'],
      ['uploadId', 'chunkIndex', 'chunk', 'totalChunks', 'originalName'],
      ['uploadId', 'chunkIndex', 'totalChunks', 'originalName', 'chunk'],
    ];
    for (let i = 0; i < 3; i++) {
      const res = await chunkInOrder(
        cookie,
        orders[i],
        { ...values, chunkIndex: String(i) },
        file.slice(i * CHUNK, Math.min(file.size, (i + 1) * CHUNK)),
      );
      expect(res.status, orders[i].join(',')).toBe(200);
    }
    const fin = await a.finalize(uploadId, 'order.wav', 3);
    expect(fin.status).toBe(201);
    const audio = await fetch(`${server.url}/api/transcripts/${fin.json.id}/audio`, {
      headers: { Cookie: cookie, Range: `bytes=${CHUNK - 50}-${CHUNK + 49}` },
    });
    expect(Buffer.from(await audio.arrayBuffer()).equals(file.slice(CHUNK - 50, CHUNK + 50))).toBe(true);
    // The spooled copies are gone.
    expect(readdirSync(join(server.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('checks a file that came first as strictly as one that came last (wrong content, too large), leaving nothing', async () => {
    const { cookie } = await register(server);
    const files = storedFiles(server);
    const rows = await rowCounts(server);
    const values = { uploadId: newUploadId(), chunkIndex: '0', totalChunks: '1', originalName: 'bad.wav' };
    const order = ['chunk', 'uploadId', 'chunkIndex', 'totalChunks', 'originalName'];
    const notAudio = await chunkInOrder(cookie, order, values, Buffer.alloc(5000, 0x20));
    expect(notAudio.status).toBe(400);
    const big = await chunkInOrder(cookie, order, { ...values, chunkIndex: '1', totalChunks: '3' }, Buffer.alloc(CHUNK + 10, 0x41));
    expect(big).toEqual({
      status: 413,
      json: { error: `A chunk may hold at most ${CHUNK} bytes.`, code: 'CHUNK_TOO_LARGE', params: { maxBytes: CHUNK } },
    });
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
    expect(readdirSync(join(server.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });
});

describe('storage quota and unfinished uploads (STORAGE_QUOTA_BYTES, UPLOAD_MAX_UNFINISHED)', () => {
  let server: TestServer;
  const quota = CHUNK + 100 * 1024;
  beforeAll(async () => {
    server = await startServer({ STORAGE_QUOTA_BYTES: String(quota), UPLOAD_MAX_UNFINISHED: '2' });
  }, 180_000);
  afterAll(() => server.close());

  it('refuses a single upload past the quota with the spec-style message, storing nothing', async () => {
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const file = syntheticWav(CHUNK);
    const uploadId = newUploadId();
    expect((await a.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'big.wav' }, file.slice(0, CHUNK))).status).toBe(200);
    const big = await a.finalize(uploadId, 'big.wav', 1);
    expect(big.status).toBe(201);
    const files = storedFiles(server);
    const rows = await rowCounts(server);
    const wav = fixture('wav');
    expect(wav.length).toBeGreaterThan(100 * 1024);
    const refused = await a.upload('more.wav', wav);
    expect(refused).toEqual({
      status: 413,
      json: {
        error: storageFullMessage(CHUNK, quota),
        code: 'STORAGE_FULL',
        params: { usedMb: formatMegabytes(CHUNK), quotaMb: formatMegabytes(quota) },
      },
    });
    expect(refused.json.error).toBe('Your storage is full: 25 of 25.1 MB used. Delete transcripts to free space.');
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
    // Deleting the transcript frees the space.
    expect((await a.del(`/api/transcripts/${big.json.id}`)).status).toBe(200);
    expect((await a.upload('more.wav', wav)).status).toBe(201);
  });

  it('refuses a chunked upload that cannot fit before its bytes are stored, and one chunk past the quota', async () => {
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const file = syntheticWav(2 * CHUNK);
    const before = storedFiles(server);
    // Three chunks (at least 50 MB) can never fit in 25.1 MB: refused at the first chunk.
    const early = await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 3, originalName: 'x.wav' }, file.slice(0, CHUNK));
    expect(early).toEqual({
      status: 413,
      json: {
        error: storageFullMessage(0, quota),
        code: 'STORAGE_FULL',
        params: { usedMb: formatMegabytes(0), quotaMb: formatMegabytes(quota) },
      },
    });
    expect(storedFiles(server)).toEqual(before);
    // A single-chunk upload that fits, then a second one over the remaining 100 KB.
    const first = newUploadId();
    expect((await a.chunk({ uploadId: first, chunkIndex: 0, totalChunks: 1, originalName: 'a.wav' }, file.slice(0, CHUNK))).status).toBe(
      200,
    );
    const files = storedFiles(server);
    const rows = await rowCounts(server);
    const second = await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 1, originalName: 'b.wav' }, fixture('wav'));
    expect(second).toEqual({
      status: 413,
      json: {
        error: storageFullMessage(CHUNK, quota),
        code: 'STORAGE_FULL',
        params: { usedMb: formatMegabytes(CHUNK), quotaMb: formatMegabytes(quota) },
      },
    });
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
  });

  it('caps unfinished chunked uploads per user, with a clear message, and lets a finalized one make room', async () => {
    const { cookie } = await register(server);
    const a = api(server, cookie);
    const small = fixture('wav').subarray(0, 4000);
    const ids = [newUploadId(), newUploadId()];
    for (const uploadId of ids) {
      expect((await a.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'u.wav' }, small)).status).toBe(200);
    }
    const files = storedFiles(server);
    const rows = await rowCounts(server);
    const third = await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 1, originalName: 'u.wav' }, small);
    expect(third).toEqual({
      status: 409,
      json: { error: tooManyUnfinishedUploadsMessage(2, 24), code: 'TOO_MANY_UNFINISHED_UPLOADS', params: { max: 2, hours: 24 } },
    });
    expect(third.json.error).toBe(
      'You already have 2 unfinished uploads. Finish one, or wait until an unfinished upload is removed after 24 hours without a new chunk.',
    );
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
    // More chunks of an upload already started are fine; a finalized one no longer counts.
    expect((await a.finalize(ids[0], 'u.wav', 1)).status).toBe(201);
    expect((await a.chunk({ uploadId: newUploadId(), chunkIndex: 0, totalChunks: 1, originalName: 'u.wav' }, small)).status).toBe(200);
  });
});

describe('temporary files of interrupted writes', () => {
  it('are removed at start-up and periodically once old, never one still fresh', async () => {
    const dataDir = tempDir();
    const stale = [join(dataDir, 'files', '.tmp', 'audio.wav-0123456789ab'), join(dataDir, 'tmp', 'uploads', 'part-0123456789abcdef')];
    // A file of the older layout, beside its target.
    const legacy = join(dataDir, 'files', 'users', '1', 'transcripts', '7', 'audio.wav.tmp-0123456789ab');
    for (const path of [...stale, legacy]) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, 'partial');
      utimesSync(path, new Date(Date.now() - 7200_000), new Date(Date.now() - 7200_000));
    }
    // 0.1 minutes: files untouched for 6 s go; the periodic sweep runs about every second. (At 3 s, a
    // 1.5 s wait that a busy machine stretched by 1.5 s could find the fresh file gone.)
    const server = await startServer({ DATA_DIR: dataDir, TEMP_FILE_MAX_AGE_MINUTES: '0.1' }, { pglite: true });
    try {
      for (const path of stale) expect(existsSync(path), path).toBe(false);
      const deadline = Date.now() + 10_000;
      while (existsSync(legacy) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(existsSync(legacy)).toBe(false);
      // Left while the server runs: a fresh one stays, an old one goes at the next sweep.
      const fresh = join(dataDir, 'files', '.tmp', 'fresh-0123456789ab');
      writeFileSync(fresh, 'being written');
      await new Promise((r) => setTimeout(r, 1500));
      expect(existsSync(fresh)).toBe(true);
      const deadline2 = Date.now() + 15_000;
      while (existsSync(fresh) && Date.now() < deadline2) await new Promise((r) => setTimeout(r, 200));
      expect(existsSync(fresh)).toBe(false);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('file modes', () => {
  it('keeps DATA_DIR, the database, audio, chunks, keys and temporary folders private (folders 0700, files 0600)', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const server = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    try {
      const { cookie, user } = await register(server);
      const a = api(server, cookie);
      const single = await a.upload('modes.wav', fixture('wav'));
      expect(single.status).toBe(201);
      const uploadId = newUploadId();
      const order = new FormData();
      order.append('chunk', new Blob([fixture('wav')]), 'c.wav');
      for (const [k, v] of Object.entries({ uploadId, chunkIndex: '0', totalChunks: '2', originalName: 'c.wav' })) order.append(k, v);
      // Chunk 1 of 2 (the last, any size) with the file first: it passes through the spool.
      order.set('chunkIndex', '1');
      expect(
        (await fetch(`${server.url}/api/transcripts/upload-chunk`, { method: 'POST', headers: { ...XHR, Cookie: cookie }, body: order }))
          .status,
      ).toBe(200);

      expect(mode(dataDir)).toBe(0o700);
      const dirs: string[] = [];
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, e.name);
          if (e.isDirectory()) {
            dirs.push(path);
            walk(path);
          } else if (e.isFile()) files.push(path);
        }
      };
      walk(join(dataDir, 'db'));
      walk(join(dataDir, 'files'));
      walk(join(dataDir, 'tmp'));
      expect(files.some((f) => f.endsWith(`users/${user.id}/transcripts/${single.json.id}/audio.wav`))).toBe(true);
      expect(files.some((f) => f.includes(`/uploads/${uploadId}/chunk-1-`))).toBe(true);
      expect(files.some((f) => f.endsWith('/db/.lock'))).toBe(true);
      files.push(join(dataDir, 'altcha-hmac.key'));
      for (const d of [
        join(dataDir, 'db'),
        join(dataDir, 'files'),
        join(dataDir, 'files', '.tmp'),
        join(dataDir, 'tmp', 'uploads'),
        ...dirs,
      ]) {
        expect(mode(d), d).toBe(0o700);
      }
      // Ours: audio, chunks, the lock and the key. PGlite's own files are tightened at start-up (next test)
      // and, under src/main.ts, created 0600 by the process umask.
      for (const f of files.filter((f) => !f.includes('/db/') || f.endsWith('/db/.lock'))) expect(mode(f), f).toBe(0o600);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('tightens the database files at start-up', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    await first.app.close();
    // As an older version left them.
    const pgVersion = join(dataDir, 'db', 'PG_VERSION');
    chmodSync(pgVersion, 0o644);
    chmodSync(join(dataDir, 'db'), 0o755);
    const again = await startServer({ DATA_DIR: dataDir }, { pglite: true });
    try {
      expect(mode(join(dataDir, 'db'))).toBe(0o700);
      expect(mode(pgVersion)).toBe(0o600);
      const base = join(dataDir, 'db', 'base');
      for (const d of readdirSync(base)) expect(mode(join(base, d))).toBe(0o700);
    } finally {
      await again.close();
    }
  }, 90_000);
});
