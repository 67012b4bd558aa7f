/**
 * Before an upload is kept: does the file hold audio the server can decode? A file can start like
 * MP3, MP4 or Ogg (the content check passes) and hold nothing decodable (a video without sound, a
 * header followed by junk); kept, it would be stored and queued only to fail in the job. The probe
 * decodes the file's first seconds in a decoding thread (never on the request thread) and needs a
 * tenth of a second of samples; whatever the configured engine, since the built-in decoder reads
 * every format the upload accepts (docs/decisions.md, "Audio formats").
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../http/errors.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../private-files.ts';
import { AudioDecodeError, SAMPLE_RATE } from '../transcription/engines/whisper/audio.ts';
import { probeOffThread } from '../transcription/engines/whisper/decode-thread.ts';

/** Seconds decoded from the start: enough to pass the container's headers into real frames, and cheap. */
export const PROBE_SECONDS = 2;
/**
 * Samples (16 kHz) the probe must get. Junk after an MP3 frame header makes the decoder find a stray
 * "frame" or two by chance (measured: 697 samples from 8 kB of random bytes); a tenth of a second is
 * more than that, and less than any recording a person makes.
 */
export const MIN_PROBE_SAMPLES = SAMPLE_RATE / 10;

/** Checks a file on local disk; throws the HttpError that refuses the upload. */
export type AudioProbe = (filePath: string) => Promise<void>;

/** The probe of the built-in decoder: 400 AUDIO_UNDECODABLE (or AUDIO_HEADER_IMPLAUSIBLE for such a stream). */
export function createAudioProbe(options: { seconds?: number } = {}): AudioProbe {
  return async (filePath) => {
    let samples: number;
    try {
      samples = await probeOffThread(filePath, options.seconds ?? PROBE_SECONDS);
    } catch (err) {
      if (!(err instanceof AudioDecodeError)) throw err;
      if (err.code === 'AUDIO_HEADER_IMPLAUSIBLE') throw new HttpError(400, 'AUDIO_HEADER_IMPLAUSIBLE', { cause: err });
      throw new HttpError(400, 'AUDIO_UNDECODABLE', { cause: err });
    }
    if (samples < MIN_PROBE_SAMPLES) throw new HttpError(400, 'AUDIO_UNDECODABLE');
  };
}

/**
 * Writes `body` to a private file in `dir`, runs `work` on it and removes it, whatever happens. An
 * error of `body` (a size limit, a cut-off request) comes out as it is.
 */
export async function withLocalCopy<T>(dir: string, body: Readable, work: (path: string) => Promise<T>): Promise<T> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const path = join(dir, `probe-${randomBytes(8).toString('hex')}`);
  try {
    await pipeline(body, createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    return await work(path);
  } finally {
    await rm(path, { force: true });
  }
}
