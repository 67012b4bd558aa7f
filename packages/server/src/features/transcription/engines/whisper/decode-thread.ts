/**
 * Decoding and resampling off the event loop: a long upload takes seconds of CPU to decode (a one-hour
 * file held other users' requests up to 330 ms while it ran in the server's own thread). Each decode
 * runs in a worker thread of its own (decode-worker.ts), which writes long audio to its temporary file
 * as before; the result comes back as samples (transferred) or that file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ApiErrorCode } from '@scribe/api-client';
import { AudioDecodeError, pcmOf, type DecodeOptions, type Pcm } from './audio.ts';
import type { DecodeReply, DecodeRequest } from './decode-worker.ts';

/** The worker's entry: dist/decode-worker.js beside the compiled server, else the TypeScript source through tsx. */
function workerEntry(): { url: URL; execArgv: string[] } {
  const compiled = import.meta.url.endsWith('.js');
  const url = new URL(compiled ? './decode-worker.js' : './decode-worker.ts', import.meta.url);
  const execArgv = compiled ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
  return { url, execArgv };
}

/**
 * decodeToPcm (audio.ts) in a worker thread. `signal` stops the thread; the thread writes only inside
 * a folder made here, removed on failure or abort and with the returned Pcm's dispose.
 */
export async function decodeOffThread(filePath: string, options: DecodeOptions = {}): Promise<Pcm> {
  const { signal, ...rest } = options;
  signal?.throwIfAborted();
  const work = await mkdtemp(join(rest.tmpDir ?? tmpdir(), 'scribe-decode-'));
  const removeWork = () => rm(work, { recursive: true, force: true });
  try {
    const { url, execArgv } = workerEntry();
    const request: DecodeRequest = { filePath, options: { ...rest, tmpDir: work } };
    const worker = new Worker(url, { workerData: request, execArgv });
    const reply = await new Promise<DecodeReply>((resolve, reject) => {
      const onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the decoding thread ended (exit code ${code}) without an answer`)));
    }).finally(() => worker.terminate());
    if (!reply.ok) {
      const { message, decodeError, code } = reply.error;
      throw decodeError ? new AudioDecodeError(message, { code: code as ApiErrorCode | undefined }) : new Error(message);
    }
    signal?.throwIfAborted();
    const pcm = await pcmOf(reply.decoded);
    if (reply.decoded.kind === 'memory') {
      await removeWork();
      return pcm;
    }
    return {
      sampleRate: pcm.sampleRate,
      length: pcm.length,
      read: (start, end) => pcm.read(start, end),
      dispose: async () => {
        await pcm.dispose();
        await removeWork();
      },
    };
  } catch (err) {
    await removeWork();
    throw err;
  }
}
