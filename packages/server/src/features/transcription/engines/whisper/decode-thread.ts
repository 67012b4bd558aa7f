/**
 * Decoding and resampling off the event loop: a long upload takes seconds of CPU to decode (a one-hour
 * file held other users' requests up to 330 ms while it ran in the server's own thread). Decodes run
 * in worker threads (decode-worker.ts), started on first use and ended after a minute without work,
 * which write long audio to their temporary file as before; the result comes back as samples (moved)
 * or that file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiErrorCode } from '@scribe/api-client';
import { Piscina } from 'piscina';
import { AudioDecodeError, pcmOf, type DecodeOptions, type Pcm } from './audio.ts';
import type { DecodeReply, DecodeRequest } from './decode-worker.ts';

/** Decodes at a time: each is one thread's work; the engine transcribes one or two files at once. */
const DECODE_THREADS = 2;
/** Below the request thread's priority, as the engine's inference processes (pool.ts). */
const DECODE_NICENESS = 10;

let pool: Piscina | undefined;

/** The worker's entry: dist/decode-worker.js beside the compiled server, else the TypeScript source through tsx. */
function decodePool(): Piscina {
  if (pool) return pool;
  const compiled = import.meta.url.endsWith('.js');
  pool = new Piscina({
    filename: new URL(compiled ? './decode-worker.js' : './decode-worker.ts', import.meta.url).href,
    execArgv: compiled ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
    minThreads: 0,
    maxThreads: DECODE_THREADS,
    niceIncrement: DECODE_NICENESS,
    idleTimeout: 60_000,
  });
  return pool;
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
    const request: DecodeRequest = { filePath, options: { ...rest, tmpDir: work } };
    const reply = (await decodePool().run(request, { signal })) as DecodeReply;
    signal?.throwIfAborted();
    if (reply instanceof Float32Array) {
      await removeWork();
      return pcmOf({ kind: 'memory', samples: reply });
    }
    if ('probed' in reply) throw new Error('a decode was answered with a probe');
    if (!reply.ok) {
      const { message, decodeError, code } = reply.error;
      throw decodeError ? new AudioDecodeError(message, { code: code as ApiErrorCode | undefined }) : new Error(message);
    }
    const pcm = await pcmOf(reply.decoded);
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
    // Piscina's own abort error stands for the caller's reason.
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
}

/**
 * probeAudio (audio.ts) in a decoding thread: the 16 kHz samples decoded from the file's first
 * `seconds` (0: none). A decoder's refusal is an AudioDecodeError, with its code.
 */
export async function probeOffThread(filePath: string, seconds: number, signal?: AbortSignal): Promise<number> {
  signal?.throwIfAborted();
  const request: DecodeRequest = { filePath, options: {}, probeSeconds: seconds };
  let reply: DecodeReply;
  try {
    reply = (await decodePool().run(request, { signal })) as DecodeReply;
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw err;
  }
  if (reply instanceof Float32Array) throw new Error('a probe was answered with decoded audio');
  if (!reply.ok) {
    const { message, decodeError, code } = reply.error;
    throw decodeError ? new AudioDecodeError(message, { code: code as ApiErrorCode | undefined }) : new Error(message);
  }
  if (!('probed' in reply)) throw new Error('a probe was answered with decoded audio');
  return reply.probed;
}
