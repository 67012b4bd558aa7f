import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, removeOldFiles, tightenTree } from '../private-files.ts';
import { byteCounter } from './streams.ts';
import { assertKey, assertPrefix, type ByteRange, type Storage } from './types.ts';

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Flushes a folder's entries (a rename into it) to disk. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

// Temporary names of an older layout: beside the target, `<name>.tmp-<hex>`.
const BESIDE_TARGET_TEMP = /\.tmp-[0-9a-f]{12}$/;

/**
 * Files under `root`, readable by the server's account only. Writes go to a temporary file in
 * `root/.tmp` (no key can start with a dot) and are renamed into place when complete, so a crash
 * leaves at most a temporary file, which the sweep removes.
 */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  const tempDir = join(root, '.tmp');
  /** Temporary files this process is writing: never swept, whatever their age. */
  const writing = new Set<string>();

  return {
    kind: 'local',

    async put(key, body: Readable, options) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      await mkdir(tempDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Same file system as the target, so the rename is atomic and readers never see half a file.
      const temp = join(tempDir, `${basename(path)}-${randomBytes(6).toString('hex')}`);
      const counter = byteCounter();
      // The file is opened before streaming: a write stream opens lazily, and a body failing at
      // once would otherwise let that open create the file after the clean-up below.
      let handle: FileHandle;
      try {
        handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
      } catch (err) {
        body.destroy();
        throw err;
      }
      writing.add(temp);
      try {
        // `flush`: the data reaches the disk before the file is closed and renamed into place.
        await pipeline(body, counter, handle.createWriteStream({ flush: options?.durable === true }));
        await rename(temp, path);
        if (options?.durable) await syncFolder(dirname(path));
      } catch (err) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw err;
      } finally {
        writing.delete(temp);
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

    async sweepTemporary(olderThanMs) {
      return removeOldFiles(tempDir, olderThanMs, writing);
    },

    async tighten(olderThanMs) {
      await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
      const cutoff = Date.now() - olderThanMs;
      return tightenTree(
        root,
        (path, mtimeMs) => mtimeMs <= cutoff && !writing.has(path) && (dirname(path) === tempDir || BESIDE_TARGET_TEMP.test(path)),
      );
    },
  };
}
