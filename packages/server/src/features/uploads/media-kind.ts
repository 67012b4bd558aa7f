import { Readable } from 'node:stream';
import type { AudioFormat } from './audio-format.ts';

/** Whether a recording has a picture to show (a video track) or is sound only. */
export type MediaKind = 'audio' | 'video';

/**
 * The served type of a recording with a video track, by container: the browser picks its `<video>`
 * player's demuxer from it. (Sound-only files keep `audioMimeTypes`.)
 */
export const videoMimeTypes: Partial<Record<AudioFormat, string>> = {
  mp4: 'video/mp4',
  m4a: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** A parser's request: the next `read` bytes at the cursor (the cursor moves past them), or move the cursor to `seek`. */
type Ask = { read: number } | { seek: number };
type Walk = Generator<Ask, MediaKind, Buffer>;

const u32 = (b: Buffer, at: number) => b.readUInt32BE(at);
const fourcc = (b: Buffer, at: number) => b.toString('latin1', at, at + 4);

/** Boxes on the way from the file's top to a track's handler: moov/trak/mdia/hdlr (ISO/IEC 14496-12 §8.4.3). */
const MP4_PATH = ['moov', 'trak', 'mdia'];

/**
 * MP4, MOV and 3GP: a track whose media handler is 'vide' makes a video. Boxes other than those on the
 * path to `hdlr` are skipped by their size, so a `moov` after the media data costs no buffering.
 */
function* walkMp4(): Walk {
  let at = 0;
  // The end of each box entered (moov, trak, mdia), innermost last.
  const ends: number[] = [];
  for (;;) {
    while (ends.length > 0 && at >= ends[ends.length - 1]!) {
      const left = MP4_PATH[ends.length - 1];
      ends.pop();
      // The whole `moov` was read without a video track.
      if (left === 'moov') return 'audio';
    }
    const head = yield { read: 8 };
    let size = u32(head, 0);
    const type = fourcc(head, 4);
    let headerBytes = 8;
    if (size === 1) {
      const large = yield { read: 8 };
      size = Number(large.readBigUInt64BE(0));
      headerBytes = 16;
    } else if (size === 0) {
      // The box runs to the end of the file: only a box on the path can still say anything.
      size = Infinity;
    }
    if (size < headerBytes) return 'audio';
    const end = at + size;
    if (type === MP4_PATH[ends.length]) {
      ends.push(end);
      at += headerBytes;
      continue;
    }
    if (type === 'hdlr' && ends.length === MP4_PATH.length && size >= headerBytes + 12) {
      // version and flags (4), pre_defined (4), handler_type (4).
      const body = yield { read: 12 };
      if (fourcc(body, 8) === 'vide') return 'video';
    }
    if (!Number.isFinite(end)) return 'audio';
    at = end;
    yield { seek: at };
  }
}

const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
/** TrackType 1 is video (Matroska specification, RFC 9559 §5.1.4.1.3). */
const VIDEO_TRACK = 1;

/** One EBML variable-length integer: ids keep their length marker, sizes drop it (all ones: unknown size). */
function* readVint(keepMarker: boolean): Generator<Ask, { value: number; length: number; unknown: boolean } | null, Buffer> {
  const first = (yield { read: 1 })[0]!;
  if (first === 0) return null;
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  if (length > 1) {
    const rest = yield { read: length - 1 };
    for (const byte of rest) {
      value = value * 256 + byte;
      allOnes &&= byte === 0xff;
    }
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/**
 * Matroska and WebM: a TrackEntry of TrackType 1 makes a video. Muxers write Tracks before the first
 * Cluster (streamed WebM needs them there); a Cluster seen first ends the search as sound only.
 */
function* walkMatroska(): Walk {
  let at = 0;
  let tracksEnd = -1;
  for (;;) {
    if (tracksEnd >= 0 && at >= tracksEnd) return 'audio';
    const id = yield* readVint(true);
    const size = id ? yield* readVint(false) : null;
    if (!id || !size) return 'audio';
    at += id.length + size.length;
    // Containers on the way to TrackType are entered: their children follow at once.
    if (id.value === SEGMENT || id.value === TRACK_ENTRY) continue;
    if (id.value === TRACKS) {
      if (size.unknown) return 'audio';
      tracksEnd = at + size.value;
      continue;
    }
    if (id.value === CLUSTER || size.unknown) return 'audio';
    if (id.value === TRACK_TYPE && size.value >= 1 && size.value <= 6) {
      const value = yield { read: size.value };
      if (value.readUIntBE(0, size.value) === VIDEO_TRACK) return 'video';
      at += size.value;
      continue;
    }
    at += size.value;
    yield { seek: at };
  }
}

/**
 * Feeds a file's bytes, in order, to a container walker; `kind` is its answer, or 'audio' when the
 * bytes ended (or the file is no container with tracks) before it could say.
 */
export class MediaKindProbe {
  private walk: Walk | null;
  private ask: Ask | undefined;
  private answer: MediaKind | null = null;
  /** Bytes from `cursor` on, up to the bytes received so far. */
  private buffered: Buffer = Buffer.alloc(0);
  private cursor = 0;
  private received = 0;

  constructor(format: AudioFormat) {
    const family = videoMimeTypes[format] ? (format === 'webm' || format === 'mkv' ? 'matroska' : 'mp4') : null;
    this.walk = family === 'mp4' ? walkMp4() : family === 'matroska' ? walkMatroska() : null;
    if (!this.walk) this.answer = 'audio';
    else this.step(this.walk.next());
  }

  get kind(): MediaKind {
    return this.answer ?? 'audio';
  }

  push(chunk: Uint8Array): void {
    if (this.answer) return;
    const start = this.received;
    this.received += chunk.length;
    if (this.received <= this.cursor) return;
    const fresh = Buffer.from(
      chunk.buffer,
      chunk.byteOffset + Math.max(0, this.cursor - start),
      chunk.length - Math.max(0, this.cursor - start),
    );
    this.buffered = this.buffered.length === 0 ? fresh : Buffer.concat([this.buffered, fresh]);
    this.run();
  }

  private run(): void {
    while (this.walk && this.ask) {
      const ask = this.ask;
      if ('seek' in ask) {
        const skip = ask.seek - this.cursor;
        this.buffered = skip >= this.buffered.length ? Buffer.alloc(0) : this.buffered.subarray(skip);
        this.cursor = ask.seek;
        this.step(this.walk.next(Buffer.alloc(0)));
        continue;
      }
      if (this.buffered.length < ask.read) return;
      const bytes = Buffer.from(this.buffered.subarray(0, ask.read));
      this.buffered = this.buffered.subarray(ask.read);
      this.cursor += ask.read;
      this.step(this.walk.next(bytes));
    }
  }

  private step(result: IteratorResult<Ask, MediaKind>): void {
    if (result.done) {
      this.answer = result.value;
      this.walk = null;
      this.ask = undefined;
      this.buffered = Buffer.alloc(0);
    } else {
      this.ask = result.value;
    }
  }
}

/** The kind of a whole file in memory (tests, small files). */
export function mediaKindOf(bytes: Uint8Array, format: AudioFormat): MediaKind {
  const probe = new MediaKindProbe(format);
  probe.push(bytes);
  return probe.kind;
}

/**
 * `body` again, unchanged, with a probe reading along: `kind()` answers once the stream has been
 * consumed (earlier when the container said so early).
 */
export function probeMediaKind(body: Readable, format: AudioFormat): { body: Readable; kind: () => MediaKind } {
  const probe = new MediaKindProbe(format);
  async function* along(): AsyncGenerator<Buffer> {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      probe.push(chunk);
      yield chunk;
    }
  }
  return { body: Readable.from(along()), kind: () => probe.kind };
}
