// The decoding threads' entry (decode-thread.ts runs them; build.mjs compiles this file as
// dist/decode-worker.js): decodes and resamples one audio file (audio.ts) and gives the result back,
// the samples moved to the calling thread rather than copied. A decoder's refusal comes back as data,
// so its code survives the crossing.
import { move } from 'piscina';
import { AudioDecodeError, decodeAudio, probeAudio, type DecodeOptions, type DecodedAudio } from './audio.ts';

export interface DecodeRequest {
  filePath: string;
  options: Omit<DecodeOptions, 'signal'>;
  /** Only probe (probeAudio): decode this many seconds from the start and count the samples. */
  probeSeconds?: number;
}

/**
 * Samples in memory come back as the Float32Array itself, moved (piscina moves only a value returned
 * whole, not one inside an object); a temporary file or a failure as an object.
 */
export type DecodeReply =
  | Float32Array
  | { ok: true; decoded: Extract<DecodedAudio, { kind: 'file' }> }
  | { ok: true; probed: number }
  | { ok: false; error: { message: string; decodeError: boolean; code?: string } };

export default async function decode({ filePath, options, probeSeconds }: DecodeRequest): Promise<DecodeReply> {
  try {
    if (probeSeconds !== undefined) return { ok: true, probed: await probeAudio(filePath, probeSeconds) };
    const decoded = await decodeAudio(filePath, options);
    if (decoded.kind === 'memory') return move(decoded.samples) as unknown as Float32Array;
    return { ok: true, decoded };
  } catch (err) {
    return {
      ok: false,
      error: {
        message: err instanceof Error ? err.message : String(err),
        decodeError: err instanceof AudioDecodeError,
        code: err instanceof AudioDecodeError ? err.code : undefined,
      },
    };
  }
}
