import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcripts } from '../../src/db/schema.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { fixture, libraryUser, newUploadId, storedFiles } from '../library-helpers.ts';

/** The VP9 and Opus MP4 the browser journey uploads (e2e/fixtures/README.md). */
const browserVideo = readFileSync(join(import.meta.dirname, '../../../../e2e/fixtures/questions-en.video.mp4'));

describe('uploads with a video track', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const user = () => libraryUser(server);

  it('says video in the transcript and serves the file whole and by range as video, as stored', async () => {
    const a = await user();
    for (const [name, data, type] of [
      ['call.mp4', browserVideo, 'video/mp4'],
      ['zoom.mp4', fixture('video.mp4'), 'video/mp4'],
      ['screen.mkv', fixture('video.mkv'), 'video/x-matroska'],
      ['phone.3gp', fixture('video.3gp'), 'video/3gpp'],
    ] as const) {
      const res = await a.upload(name, data);
      expect(res.status, name).toBe(201);
      const id = res.json.id!;
      const t = await a.get(`/api/transcripts/${id}`);
      expect(t.json.mediaKind, name).toBe('video');
      expect(t.json.audioUrl).toBe(`/api/transcripts/${id}/audio`);

      const url = `${server.url}/api/transcripts/${id}/audio`;
      const whole = await fetch(url, { headers: { Cookie: a.cookie } });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type'), name).toBe(type);
      expect(Buffer.from(await whole.arrayBuffer()).equals(data), name).toBe(true);
      // The browser's <video> seeks by range.
      const part = await fetch(url, { headers: { Cookie: a.cookie, Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
    }
  });

  it('keeps sound-only files in the same containers as audio', async () => {
    const a = await user();
    for (const [name, data, type] of [
      ['voice.m4a', fixture('aac.m4a'), 'audio/mp4'],
      ['recording.webm', fixture('webm'), 'audio/webm'],
      ['talk.wav', fixture('wav'), 'audio/wav'],
    ] as const) {
      const res = await a.upload(name, data);
      const t = await a.get(`/api/transcripts/${res.json.id}`);
      expect(t.json.mediaKind, name).toBe('audio');
      const audio = await fetch(`${server.url}/api/transcripts/${res.json.id}/audio`, { headers: { Cookie: a.cookie } });
      expect(audio.headers.get('content-type'), name).toBe(type);
    }
  });

  it('finds the video track of a chunked upload, and counts the whole original file against the quota', async () => {
    const a = await user();
    const uploadId = newUploadId();
    const chunk = await a.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'lecture.mp4' }, browserVideo);
    expect(chunk.status).toBe(200);
    const done = await a.finalize(uploadId, 'lecture.mp4', 1);
    expect(done.status, done.text).toBe(201);
    const id = (done.json as { id: number }).id;
    expect((await a.get(`/api/transcripts/${id}`)).json.mediaKind).toBe('video');
    expect(storedFiles(server)).toContain(`users/${a.id}/transcripts/${id}/audio.mp4`);
    // The quota sums audio_bytes: the whole file, picture and all.
    const [row] = await server.app.database.db.select({ bytes: transcripts.audioBytes }).from(transcripts).where(eq(transcripts.id, id));
    expect(row!.bytes).toBe(browserVideo.length);
  });

  it('says video on the share page, and the link serves the video', async () => {
    const a = await user();
    const { json } = await a.upload('shared.mp4', browserVideo);
    const created = await a.post(`/api/transcripts/${json.id}/share`, {});
    expect(created.status, created.text).toBe(200);
    const { token } = created.json as { token: string };
    const page = await fetch(`${server.url}/api/public/shares/${token}`);
    expect(((await page.json()) as { mediaKind: string }).mediaKind).toBe('video');
    const media = await fetch(`${server.url}/api/public/shares/${token}/audio`, { headers: { Range: 'bytes=0-' } });
    expect(media.status).toBe(206);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await media.arrayBuffer()).equals(browserVideo)).toBe(true);
  });
});
