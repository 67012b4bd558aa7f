// The worker thread of decode-thread.ts: decodes and resamples one audio file (audio.ts) and hands the
// result back, the samples' memory transferred rather than copied. Built as dist/decode-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { AudioDecodeError, decodeAudio, type DecodeOptions } from './audio.ts';

export interface DecodeRequest {
  filePath: string;
  options: Omit<DecodeOptions, 'signal'>;
}

export type DecodeReply =
  | { ok: true; decoded: Awaited<ReturnType<typeof decodeAudio>> }
  | { ok: false; error: { message: string; decodeError: boolean; code?: string } };

const { filePath, options } = workerData as DecodeRequest;
let reply: DecodeReply;
try {
  reply = { ok: true, decoded: await decodeAudio(filePath, options) };
} catch (err) {
  reply = {
    ok: false,
    error: {
      message: err instanceof Error ? err.message : String(err),
      decodeError: err instanceof AudioDecodeError,
      code: err instanceof AudioDecodeError ? err.code : undefined,
    },
  };
}
const transfer = reply.ok && reply.decoded.kind === 'memory' ? [reply.decoded.samples.buffer as ArrayBuffer] : [];
parentPort!.postMessage(reply, transfer);
