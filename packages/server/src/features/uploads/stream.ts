import { Readable } from 'node:stream';
import { HttpError } from '../../http/errors.ts';
import { HEADER_BYTES } from './audio-header.ts';

/** What a multipart file part gives: a stream that busboy ends early (and marks) at its size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

export interface OpenedUpload {
  /** The first bytes (HEADER_BYTES, or the whole file when shorter), for the content check, read before anything is stored. */
  head: Buffer;
  /** The whole file (head included); fails with `tooLarge()` once more than `limit` bytes came. */
  body: Readable;
}

/**
 * Reads the first bytes of an incoming file and hands back the whole file as a stream again, so
 * the content can be checked before any byte is written and the rest still flows with backpressure.
 */
export async function openUpload(file: IncomingFile, limit: number, tooLarge: () => Error): Promise<OpenedUpload> {
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  // The file stream fails only for reasons on the client's side (a body cut off or malformed).
  const source = {
    async next(): Promise<IteratorResult<Buffer>> {
      try {
        return await iterator.next();
      } catch (err) {
        throw new HttpError(400, 'MALFORMED_UPLOAD', { cause: err });
      }
    },
    return: () => iterator.return?.(),
  };
  const first: Buffer[] = [];
  let got = 0;
  let ended = false;
  while (got < HEADER_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    first.push(next.value);
    got += next.value.length;
  }
  const head = Buffer.concat(first);
  let total = head.length;

  async function* all(): AsyncGenerator<Buffer> {
    try {
      if (total > limit) throw tooLarge();
      if (head.length > 0) yield head;
      while (!ended) {
        const next = await source.next();
        if (next.done) break;
        total += next.value.length;
        if (total > limit) throw tooLarge();
        yield next.value;
      }
      // busboy stops at its limit and ends the stream normally, marking it truncated.
      if (file.truncated) throw tooLarge();
    } finally {
      await source.return?.();
    }
  }
  return { head, body: Readable.from(all()) };
}
