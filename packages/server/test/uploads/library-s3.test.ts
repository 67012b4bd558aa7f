import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, CHUNK, fixture, newUploadId, storedFiles, syntheticWav } from '../library-helpers.ts';
import { objectKeys, startFakeS3, type FakeS3 } from '../s3.ts';

describe('the library on S3 storage (s3rver)', () => {
  let s3: FakeS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startFakeS3();
    // A deleted folder's audio goes with the purge after the undo time: a short one here.
    server = await startServer({ ...s3.env, FOLDER_RESTORE_SECONDS: '1' });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it('stores uploads in the bucket, serves ranges from it, and deletes from it', async () => {
    const { cookie, user } = await register(server);
    const a = api(server, cookie);
    const wav = fixture('wav');
    const { status, json } = await a.upload('bucket.wav', wav);
    expect(status).toBe(201);
    const id = json.id!;
    expect(objectKeys(s3)).toEqual([`users/${user.id}/transcripts/${id}/audio.wav`]);
    // Nothing on local disk.
    expect(storedFiles(server)).toEqual([]);

    const url = `${server.url}/api/transcripts/${id}/audio`;
    const part = await fetch(url, { headers: { Cookie: cookie, Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${wav.length}`);
    expect(part.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(100, 200))).toBe(true);
    const whole = await fetch(url, { headers: { Cookie: cookie } });
    expect(Buffer.from(await whole.arrayBuffer()).equals(wav)).toBe(true);

    // A chunked upload: chunks in the bucket until finalize joins them.
    const file = syntheticWav(CHUNK + 5000);
    const uploadId = newUploadId();
    for (const i of [0, 1]) {
      const res = await a.chunk(
        { uploadId, chunkIndex: i, totalChunks: 2, originalName: 'two.wav' },
        file.slice(i * CHUNK, Math.min(file.size, (i + 1) * CHUNK)),
      );
      expect(res.status).toBe(200);
    }
    expect(objectKeys(s3).filter((k) => k.includes('/uploads/'))).toHaveLength(2);
    const fin = await a.finalize(uploadId, 'two.wav', 2);
    expect(fin.status).toBe(201);
    expect(objectKeys(s3).filter((k) => k.includes('/uploads/'))).toEqual([]);
    const seam = await fetch(`${server.url}/api/transcripts/${fin.json.id}/audio`, {
      headers: { Cookie: cookie, Range: `bytes=${CHUNK - 10}-${CHUNK + 9}` },
    });
    expect(Buffer.from(await seam.arrayBuffer()).equals(file.slice(CHUNK - 10, CHUNK + 10))).toBe(true);

    // A refused upload leaves no object.
    const before = objectKeys(s3);
    expect((await a.upload('fake.wav', Buffer.from('not audio at all, sorry'))).status).toBe(400);
    expect(objectKeys(s3)).toEqual(before);

    const folder = await a.createFolder('box');
    await a.put(`/api/transcripts/${id}/move`, { folderId: folder.id });
    expect((await a.del(`/api/folders/${folder.id}`)).status).toBe(200);
    expect((await a.del(`/api/transcripts/${fin.json.id}`)).status).toBe(200);
    await expect.poll(() => objectKeys(s3), { timeout: 15_000 }).toEqual([]);
  });
});
