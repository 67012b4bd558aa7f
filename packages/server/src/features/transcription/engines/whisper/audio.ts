/**
 * Audio file -> 16 kHz mono Float32 samples, decoded in chunks so a long upload never sits in memory as
 * 48 kHz stereo. Samples beyond `memoryLimitSamples` go to a temporary file (100 MB of opus can be
 * several hours of audio). The duration comes from the decoded samples: container metadata is wrong
 * for Chromium's MediaRecorder files.
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import decode from 'audio-decode';
import { apiErrorText, type ApiErrorCode } from '@scribe/api-client';
import { PRIVATE_DIR_MODE } from '../../../../private-files.ts';
import { plausibleStream } from '../../../uploads/audio-header.ts';
import { mixToMono, Resampler } from './resample.ts';

export const SAMPLE_RATE = 16000;

/** Format names understood by audio-decode's chunked decoder. */
export type SniffedFormat = 'wav' | 'mp3' | 'flac' | 'oga' | 'opus' | 'webm' | 'm4a' | 'aac' | 'aiff' | 'caf';

/** Recognises the container from the first bytes; null when unknown (the caller then lets audio-decode guess). */
export function sniffFormat(head: Uint8Array): SniffedFormat | null {
  const ascii = (offset: number, text: string) =>
    head.length >= offset + text.length && [...text].every((c, i) => head[offset + i] === c.charCodeAt(0));
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(0, 'RF64') || ascii(0, 'BW64')) return 'wav';
  if (ascii(0, 'fLaC')) return 'flac';
  if (ascii(0, 'OggS')) {
    // The first page carries the codec header: Opus and Vorbis need different decoders.
    const first = Buffer.from(head.subarray(0, Math.min(head.length, 128))).toString('latin1');
    if (first.includes('OpusHead')) return 'opus';
    if (first.includes('vorbis')) return 'oga';
    if (first.includes('FLAC')) return 'flac';
    return null;
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(4, 'ftyp')) return 'm4a';
  if (ascii(0, 'FORM') && (ascii(8, 'AIFF') || ascii(8, 'AIFC'))) return 'aiff';
  if (ascii(0, 'caff')) return 'caf';
  if (ascii(0, 'ID3')) return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
    // MPEG audio frame sync; layer bits 00 mean ADTS (AAC).
    return (head[1] & 0x06) === 0 ? 'aac' : 'mp3';
  }
  return null;
}

/** Read-only view of decoded 16 kHz mono audio. */
export interface Pcm {
  readonly sampleRate: number;
  readonly length: number;
  /** Samples [start, end) as a fresh array (clamped to the audio). */
  read(start: number, end: number): Promise<Float32Array>;
  /** Frees the temporary file, if any. */
  dispose(): Promise<void>;
}

class InMemoryPcm implements Pcm {
  readonly sampleRate = SAMPLE_RATE;
  constructor(private readonly samples: Float32Array) {}
  get length() {
    return this.samples.length;
  }
  async read(start: number, end: number) {
    return this.samples.slice(Math.max(0, start), Math.min(this.samples.length, end));
  }
  async dispose() {}
}

class FilePcm implements Pcm {
  readonly sampleRate = SAMPLE_RATE;
  constructor(
    private readonly handle: FileHandle,
    private readonly dir: string,
    readonly length: number,
  ) {}
  static async open(dir: string, length: number): Promise<FilePcm> {
    return new FilePcm(await open(join(dir, PCM_FILE), 'r'), dir, length);
  }
  async read(start: number, end: number) {
    const from = Math.max(0, start);
    const to = Math.min(this.length, end);
    const out = new Float32Array(Math.max(0, to - from));
    if (out.length) await this.handle.read(new Uint8Array(out.buffer), 0, out.byteLength, from * 4);
    return out;
  }
  async dispose() {
    await this.handle.close().catch(() => {});
    await rm(this.dir, { recursive: true, force: true });
  }
}

const PCM_FILE = 'audio.f32';

/**
 * Decoded audio as it can cross to another thread: the samples themselves, or the temporary folder
 * holding them as raw float32 (`audio.f32`) and their count. pcmOf makes a Pcm of either.
 */
export type DecodedAudio = { kind: 'memory'; samples: Float32Array } | { kind: 'file'; dir: string; length: number };

/** The Pcm view of decoded audio; it owns the temporary folder from then on (dispose removes it). */
export async function pcmOf(decoded: DecodedAudio): Promise<Pcm> {
  return decoded.kind === 'memory' ? new InMemoryPcm(decoded.samples) : FilePcm.open(decoded.dir, decoded.length);
}

/** Removes what decoded audio left on disk, when no Pcm was made of it. */
async function discardDecoded(decoded: DecodedAudio): Promise<void> {
  if (decoded.kind === 'file') await rm(decoded.dir, { recursive: true, force: true });
}

/** Collects output chunks; past the memory limit it moves everything into a temporary file. */
class PcmSink {
  private chunks: Float32Array[] = [];
  private inMemory = 0;
  private file: { handle: FileHandle; dir: string } | null = null;
  private total = 0;

  constructor(
    private readonly memoryLimitSamples: number,
    private readonly tmpDir: string,
  ) {}

  async write(samples: Float32Array) {
    if (samples.length === 0) return;
    if (!this.file && this.inMemory + samples.length > this.memoryLimitSamples) {
      // The folder may not exist yet (a caller's own tmp/… under the data folder): a missing one made
      // every recording long enough to spill undecodable, and speaker detection after it failed.
      await mkdir(this.tmpDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const dir = await mkdtemp(join(this.tmpDir, 'scribe-pcm-'));
      const handle = await open(join(dir, PCM_FILE), 'w+');
      this.file = { handle, dir };
      for (const chunk of this.chunks) await this.append(chunk);
      this.chunks = [];
      this.inMemory = 0;
    }
    if (this.file) await this.append(samples);
    else {
      this.chunks.push(samples);
      this.inMemory += samples.length;
    }
  }

  private written = 0;
  private async append(samples: Float32Array) {
    const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
    await this.file!.handle.write(bytes, 0, bytes.byteLength, this.written);
    this.written += bytes.byteLength;
    this.total += samples.length;
  }

  async finish(): Promise<DecodedAudio> {
    if (this.file) {
      await this.file.handle.close();
      return { kind: 'file', dir: this.file.dir, length: this.total };
    }
    const all = new Float32Array(this.inMemory);
    let offset = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks = [];
    return { kind: 'memory', samples: all };
  }

  async abort() {
    if (this.file) {
      await this.file.handle.close().catch(() => {});
      await rm(this.file.dir, { recursive: true, force: true });
    }
  }
}

export interface DecodeOptions {
  signal?: AbortSignal;
  /** Above this many 16 kHz samples the audio is kept in a temporary file. Default: 30 minutes. */
  memoryLimitSamples?: number;
  /** Where that temporary file goes. Default: the OS temp dir. */
  tmpDir?: string;
}

export class AudioDecodeError extends Error {
  /** Set when the message is a registry text (api-client errors.ts). */
  readonly code?: ApiErrorCode;
  constructor(message: string, options?: { cause?: unknown; code?: ApiErrorCode }) {
    super(message, options);
    this.name = 'AudioDecodeError';
    this.code = options?.code;
  }
}

interface DecodedChunk {
  channelData: Float32Array[];
  sampleRate: number;
}

/**
 * The stream's chunks as plain Uint8Arrays over the same memory. The WAV decoder copies samples that
 * are not aligned to their size with `slice`, which copies a Uint8Array but only re-views a Buffer:
 * a float WAV whose data starts off a 4-byte boundary (after a `fact` or odd-sized chunk) then failed
 * with "start offset of Float32Array should be a multiple of 4".
 */
async function* plainBytes(stream: AsyncIterable<Buffer>): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * Decodes a file into 16 kHz mono (channels averaged, band-limited resampling). In this thread: the
 * engines use decodeOffThread (decode-thread.ts), which runs it in a worker thread.
 */
export async function decodeToPcm(filePath: string, options: DecodeOptions = {}): Promise<Pcm> {
  return pcmOf(await decodeAudio(filePath, options));
}

/** decodeToPcm's work, with its result in a form that can cross to another thread. */
export async function decodeAudio(filePath: string, options: DecodeOptions = {}): Promise<DecodedAudio> {
  const { signal } = options;
  const sink = new PcmSink(options.memoryLimitSamples ?? 30 * 60 * SAMPLE_RATE, options.tmpDir ?? tmpdir());
  let resampler: Resampler | null = null;
  const consume = async (chunk: DecodedChunk) => {
    signal?.throwIfAborted();
    if (!chunk.channelData.length || !chunk.channelData[0].length) return;
    if (!resampler) {
      // Checked before resampling: a stream declaring 1 Hz made 16,000 samples of each one.
      if (!plausibleStream(chunk.sampleRate, chunk.channelData.length)) {
        throw new AudioDecodeError(apiErrorText('AUDIO_HEADER_IMPLAUSIBLE'), { code: 'AUDIO_HEADER_IMPLAUSIBLE' });
      }
      resampler = new Resampler(chunk.sampleRate, SAMPLE_RATE);
    } else if (resampler.inRate !== chunk.sampleRate) throw new AudioDecodeError('The sample rate changes inside the file.');
    await sink.write(resampler.push(mixToMono(chunk.channelData)));
  };

  try {
    signal?.throwIfAborted();
    const { head, headLength } = await readHead(filePath, 64 * 1024);
    if (headLength === 0) throw new AudioDecodeError('The audio file is empty.');
    const format = sniffFormat(head.subarray(0, headLength));
    try {
      if (format) {
        const stream = createReadStream(filePath, { highWaterMark: 256 * 1024, signal });
        for await (const chunk of decode(plainBytes(stream), format)) await consume(chunk);
      } else {
        // Unknown header: let audio-decode detect the format on the whole file.
        await consume(await decode(await readFile(filePath, { signal })));
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof AudioDecodeError) throw error;
      throw new AudioDecodeError(
        `The audio could not be decoded${format ? ` as ${format}` : ''}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    if (resampler) await sink.write((resampler as Resampler).flush());
    const decoded = await sink.finish();
    if ((decoded.kind === 'memory' ? decoded.samples.length : decoded.length) === 0) {
      await discardDecoded(decoded);
      throw new AudioDecodeError(apiErrorText('NO_AUDIO'), { code: 'NO_AUDIO' });
    }
    return decoded;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

/** Bit rates in kbit/s by [MPEG-1?][layer 1..3][index] (ISO 11172-3, 13818-3). */
const MPEG_BITRATES: Record<'v1' | 'v2', number[][]> = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const MPEG_RATES = [44100, 48000, 32000];

/** The byte length of the MPEG audio frame whose header is at `at`, or 0 when there is none. */
function mpegFrameLength(b: Uint8Array, at: number): number {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return 0;
  const version = (b[at + 1] >> 3) & 0x03; // 0: 2.5, 2: 2, 3: 1
  const layer = 4 - ((b[at + 1] >> 1) & 0x03); // 1..3
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 0x03;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const rate = MPEG_RATES[rateIndex] / (version === 3 ? 1 : version === 2 ? 2 : 4);
  const bitrate = MPEG_BITRATES[version === 3 ? 'v1' : 'v2'][layer - 1][bitrateIndex] * 1000;
  const padding = (b[at + 2] >> 1) & 0x01;
  if (layer === 1) return (Math.floor((12 * bitrate) / rate) + padding) * 4;
  const perSample = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perSample * bitrate) / rate) + padding;
}

/** Consecutive frames an MP3's start must hold, each header where the one before says it ends. */
const MP3_CHAINED_FRAMES = 4;

/**
 * Whether the start of an MP3 file holds real MPEG audio: after its ID3v2 tag (if any), somewhere in
 * `head`, MP3_CHAINED_FRAMES frame headers in a row, each where the previous frame ends (the test
 * ffmpeg's probe makes). The decoder itself cannot tell: it resynchronises on any byte pair that
 * looks like a frame header and turns junk into noise.
 */
export function hasMp3Frames(head: Uint8Array): boolean {
  let start = 0;
  if (head.length >= 10 && head[0] === 0x49 && head[1] === 0x44 && head[2] === 0x33) {
    // A syncsafe size: 7 bits per byte.
    if ((head[6] | head[7] | head[8] | head[9]) & 0x80) return false;
    start = 10 + ((head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9]) + (head[5] & 0x10 ? 10 : 0);
    // A tag larger than what was read (a big cover picture): the frames are out of sight, the decoder judges.
    if (start + 4 > head.length) return true;
  }
  for (let at = start; at + 4 <= head.length; at++) {
    let next = at;
    let frames = 0;
    while (frames < MP3_CHAINED_FRAMES) {
      const length = mpegFrameLength(head, next);
      if (length === 0) break;
      frames++;
      next += length;
      // A file shorter than the chain: the frames it has lead exactly to its end.
      if (next === head.length) return frames > 0;
    }
    if (frames === MP3_CHAINED_FRAMES) return true;
  }
  return false;
}

/** The file's first `bytes` bytes (fewer when it is shorter: `headLength`). */
async function readHead(filePath: string, bytes: number): Promise<{ head: Uint8Array; headLength: number }> {
  const head = new Uint8Array(bytes);
  const handle = await open(filePath, 'r');
  try {
    return { head, headLength: (await handle.read(head, 0, head.length, 0)).bytesRead };
  } finally {
    await handle.close();
  }
}

/** probeAudio stopped on purpose: it has read the samples it needed. */
class ProbeDone extends Error {}

/**
 * Whether the file holds decodable audio: decodes from its start until `seconds` of 16 kHz mono
 * samples have come out (then stops), and answers how many came out, 0 when none. Cheap and bounded
 * for formats that decode as they stream; a container whose index sits at its end (an MP4 without
 * 'faststart') is read whole first, as the decoder needs it. Refusals and errors of the decoder are
 * an AudioDecodeError, as with decodeAudio.
 */
export async function probeAudio(filePath: string, seconds: number, signal?: AbortSignal): Promise<number> {
  const wanted = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  // An ID3 tag with a cover picture can be a few hundred kB.
  const { head, headLength } = await readHead(filePath, 1024 * 1024);
  if (headLength === 0) return 0;
  const format = sniffFormat(head.subarray(0, headLength));
  if (!format) return 0;
  if (format === 'mp3' && !hasMp3Frames(head.subarray(0, headLength))) return 0;
  let resampler: Resampler | null = null;
  let samples = 0;
  const stream = createReadStream(filePath, { highWaterMark: 64 * 1024, signal });
  try {
    for await (const chunk of decode(plainBytes(stream), format) as AsyncIterable<DecodedChunk>) {
      signal?.throwIfAborted();
      if (!chunk.channelData.length || !chunk.channelData[0].length) continue;
      if (!resampler) {
        if (!plausibleStream(chunk.sampleRate, chunk.channelData.length)) {
          throw new AudioDecodeError(apiErrorText('AUDIO_HEADER_IMPLAUSIBLE'), { code: 'AUDIO_HEADER_IMPLAUSIBLE' });
        }
        resampler = new Resampler(chunk.sampleRate, SAMPLE_RATE);
      }
      samples += resampler.push(mixToMono(chunk.channelData)).length;
      if (samples >= wanted) throw new ProbeDone();
    }
    if (resampler) samples += (resampler as Resampler).flush().length;
    return samples;
  } catch (error) {
    if (error instanceof ProbeDone) return samples;
    if (signal?.aborted) throw signal.reason;
    if (error instanceof AudioDecodeError) throw error;
    throw new AudioDecodeError(`The audio could not be decoded as ${format}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  } finally {
    stream.destroy();
  }
}

export { encodeWav } from '@scribe/api-client/wav';
