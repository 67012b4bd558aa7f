// A file that starts like audio but holds none that decodes is refused at upload (audio-probe.ts):
// 400 AUDIO_UNDECODABLE naming the supported formats, before anything is stored, queued or charged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiErrors } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers.ts';
import { createAudioProbe } from '../../src/features/uploads/audio-probe.ts';
import { CHUNK, fixture, fixtureDir, libraryUser, newUploadId, rowCounts, storedFiles } from '../library-helpers.ts';

/** Bytes that look random but are the same on every run (a fixed linear congruential sequence). */
function junk(length: number, seed = 12345): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** The Ogg pages before the first one with audio (granule position 0: the codec's headers). */
function oggHeaderPages(ogg: Buffer): Buffer {
  let at = 0;
  while (at < ogg.length && ogg.toString('latin1', at, at + 4) === 'OggS') {
    const granule = ogg.readBigInt64LE(at + 6);
    const segments = ogg[at + 26];
    let size = 27 + segments;
    for (let i = 0; i < segments; i++) size += ogg[at + 27 + i];
    if (granule !== 0n && at > 0) break;
    at += size;
  }
  return ogg.subarray(0, at);
}

/** A two-second H.264 video without an audio track (fixtures/audio/README.md says how it was made). */
function silentVideo(): Buffer {
  return readFileSync(join(fixtureDir, 'video-only.mp4'));
}

describe('uploads without decodable audio', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const cases: Array<[string, () => Buffer]> = [
    // An MP3's first frame header, then junk: it passes the first-bytes check as MP3.
    ['garbage.mp3', () => Buffer.concat([fixture('mp3').subarray(0, 4), junk(8000)])],
    ['video-only.mp4', silentVideo],
    ['broken.ogg', () => Buffer.concat([oggHeaderPages(fixture('ogg')), junk(8000)])],
  ];

  for (const [name, make] of cases) {
    it(`refuses ${name} with the supported formats named; nothing stored, no transcript, balance unchanged`, async () => {
      const a = await libraryUser(server);
      const balance = (await a.get('/api/credits/balance')).json.balance;
      const files = storedFiles(server);
      const rows = await rowCounts(server);
      const res = await a.upload(name, make());
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'AUDIO_UNDECODABLE', error: apiErrors.AUDIO_UNDECODABLE });
      expect(res.json.error).toContain('wav, mp3, m4a');
      expect(await a.tree()).toEqual([]);
      expect(storedFiles(server)).toEqual(files);
      expect(await rowCounts(server)).toEqual(rows);
      expect((await a.get('/api/credits/balance')).json.balance).toBe(balance);
    });
  }

  it('refuses a chunked upload of junk at finalize and drops its chunks', async () => {
    const a = await libraryUser(server);
    const files = storedFiles(server);
    const rows = await rowCounts(server);
    const uploadId = newUploadId();
    const data = Buffer.concat([fixture('mp3').subarray(0, 4), junk(CHUNK + 1000 - 4)]);
    expect((await a.chunk({ uploadId, chunkIndex: 0, totalChunks: 2, originalName: 'big.mp3' }, data.subarray(0, CHUNK))).status).toBe(200);
    expect((await a.chunk({ uploadId, chunkIndex: 1, totalChunks: 2, originalName: 'big.mp3' }, data.subarray(CHUNK))).status).toBe(200);
    const res = await a.finalize(uploadId, 'big.mp3', 2);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'AUDIO_UNDECODABLE' });
    expect(await a.tree()).toEqual([]);
    expect(storedFiles(server)).toEqual(files);
    expect(await rowCounts(server)).toEqual(rows);
  });

  it('still takes the LibriVox clip in every format, and says what the probe adds to an upload', async () => {
    const a = await libraryUser(server);
    for (const ext of ['wav', 'mp3', 'm4a', 'ogg', 'webm', 'video.mp4', 'flac']) {
      const res = await a.upload(`clip.${ext.replace('video.', '')}`, fixture(ext));
      expect(res.status, ext).toBe(201);
    }
    // What the probe adds to an upload: its own time, per format, once the decoding threads are warm.
    const probe = createAudioProbe();
    for (const ext of ['wav', 'mp3', 'm4a', 'ogg', 'webm']) {
      const path = join(fixtureDir, `librivox-sense-and-sensibility-0870.${ext}`);
      await probe(path);
      const started = performance.now();
      await probe(path);
      console.log(`probe of the LibriVox clip (${ext}): ${(performance.now() - started).toFixed(0)} ms`);
    }
  });
});
