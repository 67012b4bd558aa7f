import { Writable } from 'node:stream';

/** Log lines written by the server (pass `stream` as the server's `logStream`), as text. */
export function logCapture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}
