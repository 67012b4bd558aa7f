import { Readable, Transform } from 'node:stream';

/** A pass-through that counts what went through it. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** One stream reading several sources one after the other, opening each only when it is reached. */
export function concatStreams(sources: Array<() => Promise<Readable>>): Readable {
  async function* all() {
    for (const open of sources) {
      const stream = await open();
      for await (const chunk of stream) yield chunk as Buffer;
    }
  }
  return Readable.from(all(), { objectMode: false });
}
