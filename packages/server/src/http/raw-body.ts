/**
 * A request body kept as bytes, for a worker thread to parse (transcript edits: work/pool.ts). Fastify's
 * own `parseAs: 'buffer'` keeps every chunk and joins them at the end: for a 16 MB body one copy of
 * 16 MB at once, after 16 MB of chunks were kept alive. Here each chunk is copied as it arrives into one
 * buffer sized by Content-Length, and dropped. (Not a SharedArrayBuffer, which would spare handing the
 * body to the worker its one copy: V8 copies into shared memory so slowly that a 10 MB body held the
 * request thread for 1-3 s.)
 */
import { errorCodes, type FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

/** A body without Content-Length (chunked) starts this large and doubles as it grows. */
const FIRST_CAPACITY = 64 * 1024;

/** A content-type parser (no `parseAs`) that gives the body as a Uint8Array; `limit` in bytes. */
export function sharedBodyParser(limit: number) {
  return (request: FastifyRequest, payload: Readable, done: (err: Error | null, body?: Uint8Array) => void): void => {
    const header = request.headers['content-length'];
    const declared = header === undefined ? undefined : Number(header);
    if (declared !== undefined && declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    let bytes = new Uint8Array(declared ?? FIRST_CAPACITY);
    let length = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      payload.removeAllListeners('data');
      // The rest is read and dropped, so the answer can be sent on this connection.
      payload.resume();
      done(err);
    };
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      const needed = length + chunk.length;
      if (needed > bytes.length) {
        if (declared !== undefined) return fail(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
        if (needed > limit) return fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        const grown = new Uint8Array(Math.min(limit, Math.max(needed, bytes.length * 2)));
        grown.set(bytes.subarray(0, length));
        bytes = grown;
      }
      bytes.set(chunk, length);
      length = needed;
    });
    payload.on('end', () => {
      if (failed) return;
      if (declared !== undefined && length !== declared) return fail(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      done(null, bytes.subarray(0, length));
    });
    payload.on('error', (err: Error) => fail(err));
  };
}
