import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteCounter } from './streams.ts';
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
      // Same folder as the target, so the rename is atomic and readers never see half a file.
      const temp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
      const counter = byteCounter();
      // The file is opened before streaming: a write stream opens lazily, and a body failing at
      // once would otherwise let that open create the file after the clean-up below.
      let handle: FileHandle;
      try {
        handle = await open(temp, 'wx');
      } catch (err) {
        body.destroy();
        throw err;
      }
      try {
        await pipeline(body, counter, handle.createWriteStream());
        await rename(temp, path);
      } catch (err) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw err;
      }
      return { bytes: counter.bytes };
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
