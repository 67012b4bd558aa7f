import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../src/storage/local.ts';
import { createS3Storage } from '../../src/storage/s3.ts';
import { concatStreams } from '../../src/storage/streams.ts';
import type { Storage } from '../../src/storage/types.ts';
import { tempDir } from '../helpers.ts';
import { startFakeS3, type FakeS3 } from '../s3.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** A stream of `size` pseudo-random bytes in 64 KB pieces that fails after `failAfter` bytes. */
function failingStream(size: number, failAfter: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      const n = Math.min(65536, size - sent);
      sent += n;
      this.push(randomBytes(n));
    },
  });
}

/** The same behaviour, whatever the adapter: each adapter runs this suite. */
function storageSuite(name: string, make: () => Promise<{ storage: Storage; files: () => string[]; close(): Promise<void> }>) {
  describe(name, () => {
    let storage: Storage;
    let files: () => string[];
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, files, close } = await make());
    });
    afterAll(() => close());

    it('puts, stats, gets and deletes an object', async () => {
      const data = randomBytes(300_000);
      expect(await storage.put('users/1/a/audio.wav', Readable.from([data]), { contentType: 'audio/wav' })).toEqual({ bytes: data.length });
      expect(await storage.stat('users/1/a/audio.wav')).toEqual({ size: data.length });
      const got = await storage.get('users/1/a/audio.wav');
      expect(got?.size).toBe(data.length);
      expect((await readAll(got!.stream)).equals(data)).toBe(true);
      await storage.delete('users/1/a/audio.wav');
      expect(await storage.stat('users/1/a/audio.wav')).toBeNull();
      expect(await storage.get('users/1/a/audio.wav')).toBeNull();
      // Deleting what is gone is fine.
      await storage.delete('users/1/a/audio.wav');
    });

    it('stores a streamed body byte for byte (no transfer framing inside the object)', async () => {
      // Larger than one multipart part, sent in small pieces of unknown total length.
      const data = randomBytes(11 * 1024 * 1024 + 123);
      const pieces = Array.from({ length: Math.ceil(data.length / 70_000) }, (_, i) => data.subarray(i * 70_000, (i + 1) * 70_000));
      expect((await storage.put('big/object.bin', Readable.from(pieces))).bytes).toBe(data.length);
      expect(await storage.stat('big/object.bin')).toEqual({ size: data.length });
      expect((await readAll((await storage.get('big/object.bin'))!.stream)).equals(data)).toBe(true);
      await storage.delete('big/object.bin');
    });

    it('reads an inclusive byte range and reports the full size', async () => {
      const data = Buffer.from('0123456789abcdefghij');
      await storage.put('r/x.bin', Readable.from([data]));
      const part = await storage.get('r/x.bin', { start: 3, end: 7 });
      expect(part?.size).toBe(20);
      expect((await readAll(part!.stream)).toString()).toBe('34567');
      const last = await storage.get('r/x.bin', { start: 19, end: 19 });
      expect((await readAll(last!.stream)).toString()).toBe('j');
      await storage.delete('r/x.bin');
    });

    it('replaces an existing object', async () => {
      await storage.put('o/v.txt', Readable.from([Buffer.from('first version')]));
      await storage.put('o/v.txt', Readable.from([Buffer.from('second')]));
      expect((await readAll((await storage.get('o/v.txt'))!.stream)).toString()).toBe('second');
      await storage.delete('o/v.txt');
    });

    it('leaves nothing behind when the body fails part-way', async () => {
      const before = files();
      // Fails after two 5 MB parts: on S3 this is a multipart upload that must not complete.
      await expect(storage.put('f/broken.bin', failingStream(16 * 1024 * 1024, 12 * 1024 * 1024))).rejects.toThrow();
      expect(await storage.stat('f/broken.bin')).toBeNull();
      expect(files()).toEqual(before);
      await expect(storage.put('f/tiny.bin', failingStream(1000, 0))).rejects.toThrow();
      expect(await storage.stat('f/tiny.bin')).toBeNull();
      expect(files()).toEqual(before);
    });

    it('deletes everything under a prefix and nothing else', async () => {
      for (const key of ['p/1/a.bin', 'p/1/sub/b.bin', 'p/10/c.bin', 'p/2/d.bin']) {
        await storage.put(key, Readable.from([Buffer.from(key)]));
      }
      await storage.deletePrefix('p/1/');
      expect(await storage.stat('p/1/a.bin')).toBeNull();
      expect(await storage.stat('p/1/sub/b.bin')).toBeNull();
      expect(await storage.stat('p/10/c.bin')).toEqual({ size: 10 });
      expect(await storage.stat('p/2/d.bin')).toEqual({ size: 9 });
      await storage.deletePrefix('p/');
      expect(await storage.stat('p/10/c.bin')).toBeNull();
      await storage.deletePrefix('never/was/');
    });

    it('concatenates stored objects into a new one as a stream', async () => {
      const parts = [randomBytes(5000), randomBytes(1), randomBytes(70_000)];
      for (const [i, p] of parts.entries()) await storage.put(`c/part-${i}`, Readable.from([p]));
      const body = concatStreams(parts.map((_, i) => async () => (await storage.get(`c/part-${i}`))!.stream));
      expect((await storage.put('c/all.bin', body)).bytes).toBe(70_001 + 5000);
      expect((await readAll((await storage.get('c/all.bin'))!.stream)).equals(Buffer.concat(parts))).toBe(true);
      await storage.deletePrefix('c/');
    });

    it('refuses keys that could leave its area', async () => {
      for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a/./b', '', 'a\\b', 'a/b\u0000']) {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage key/);
        await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      }
      await expect(storage.deletePrefix('..')).rejects.toThrow(/Invalid storage key/);
      await expect(storage.deletePrefix('a')).rejects.toThrow(/Invalid storage key/);
    });
  });
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  } catch {
    return [];
  }
}

storageSuite('local disk storage', async () => {
  const root = tempDir('scribe-storage-');
  return {
    storage: createLocalStorage(root),
    files: () => listFiles(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

let s3: FakeS3 | undefined;
storageSuite('S3 storage (against s3rver)', async () => {
  s3 = await startFakeS3();
  const storage = createS3Storage(s3.options);
  const dir = s3.directory;
  return {
    storage,
    // s3rver keeps each object as '<key>._S3rver_object' plus metadata. It does not implement
    // AbortMultipartUpload, so the parts of an aborted multipart upload stay in its private
    // '._S3rver_uploads' folder (real S3 and MinIO drop them); those are no object and are left out.
    files: () => listFiles(dir).filter((f) => !f.includes('/._S3rver_uploads/')),
    close: async () => {
      await storage.close?.();
      await s3?.close();
    },
  };
});
