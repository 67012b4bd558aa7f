import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../http/errors.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, removeOldFiles } from '../../private-files.ts';
import type { IncomingFile } from './stream.ts';

export interface SpooledFile {
  /** The file as it arrived, again as an incoming file (marked truncated when busboy cut it). */
  open(): IncomingFile;
  remove(): Promise<void>;
}

/**
 * A folder for multipart files that arrive before the fields saying where they belong: the file is
 * kept here (at most the part's size limit) until the rest of the request has been read.
 */
export function createUploadSpool(dir: string) {
  /** Files being written or waiting for their request to finish: never swept. */
  const busy = new Set<string>();
  return {
    async keep(file: IncomingFile): Promise<SpooledFile> {
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const path = join(dir, `part-${randomBytes(8).toString('hex')}`);
      busy.add(path);
      const remove = async () => {
        await rm(path, { force: true });
        busy.delete(path);
      };
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(path, 'wx', PRIVATE_FILE_MODE);
      } catch (err) {
        file.resume();
        busy.delete(path);
        throw err;
      }
      try {
        await pipeline(file, handle.createWriteStream());
      } catch (err) {
        file.resume();
        await remove();
        // The incoming stream fails only for reasons on the client's side (a body cut off or malformed).
        throw new HttpError(400, 'MALFORMED_UPLOAD', { cause: err });
      }
      const truncated = file.truncated === true;
      return {
        open() {
          const stream = createReadStream(path) as IncomingFile;
          stream.truncated = truncated;
          return stream;
        },
        remove,
      };
    },

    /** Removes files left by a process that died (untouched for `olderThanMs`). */
    sweep: (olderThanMs: number) => removeOldFiles(dir, olderThanMs, busy),
  };
}
export type UploadSpool = ReturnType<typeof createUploadSpool>;
