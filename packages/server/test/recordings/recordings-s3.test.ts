// Streamed recordings on S3 storage (s3rver): one object per piece in the bucket, joined byte for byte
// at finish, and nothing left of the pieces after finish or discard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { fixture, storedFiles } from '../library-helpers.ts';
import { cut, recordingsApi, sha256 } from '../recordings-helpers.ts';
import { objectKeys, startFakeS3, type FakeS3 } from '../s3.ts';

describe('streamed recordings on S3 storage (s3rver)', () => {
  let s3: FakeS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startServer(s3.env);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('keeps each piece as an object until finish joins them into the audio; discard removes them', async () => {
    const { cookie, user } = await register(server);
    const rec = recordingsApi(server, cookie);
    const webm = fixture('webm');
    const pieces = cut(webm, 5000);
    const id = await rec.start();
    for (let seq = 0; seq < pieces.length; seq++) expect((await rec.put(id, seq, pieces[seq]!)).status).toBe(200);
    // A re-send is acknowledged without a new object.
    expect((await rec.put(id, 2, pieces[2]!)).status).toBe(200);
    expect(objectKeys(s3).filter((k) => k.startsWith(`users/${user.id}/recordings/${id}/`))).toHaveLength(pieces.length);
    expect(storedFiles(server)).toEqual([]);

    const done = await rec.finish(id);
    expect(done.status, done.text).toBe(201);
    const transcriptId = (done.json.transcript as { id: number }).id;
    expect(sha256(await rec.audio(transcriptId))).toBe(sha256(webm));
    expect(objectKeys(s3)).toEqual([`users/${user.id}/transcripts/${transcriptId}/audio.webm`]);

    const other = await rec.start();
    expect((await rec.put(other, 0, pieces[0]!)).status).toBe(200);
    expect((await rec.discard(other)).status).toBe(204);
    expect(objectKeys(s3)).toEqual([`users/${user.id}/transcripts/${transcriptId}/audio.webm`]);
  });
});
