import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, assertPrefix, type ByteRange, type Storage } from './types.ts';

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Files under `root`. Writes go to a temporary name first and are renamed when complete. */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };

  return {
    kind: 'local',

    async put(key, body: Readable) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Same folder as the target, so the rename is atomic; the '.tmp-' names never match a key
      // segment's pattern... they do, but keys are made by the server and never end like this.
      const temp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
      let bytes = 0;
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { bytes };
    },

    async get(key, range?: ByteRange) {
      const path = pathOf(key);
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    },

    async stat(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      assertPrefix(prefix);
      await rm(join(root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
    },
  };
}
