/**
 * Recording-like WebM for live-draft tests and the live-latency bench, made from the Chromium
 * MediaRecorder fixture without re-encoding: its header (EBML, Segment of unknown size, Info, Tracks)
 * and its clusters (one per ~second, unknown size, as Chromium writes them), repeated `times` times with
 * the cluster timecodes moved on, so a 7 s clip becomes a longer recording that a decoder reads as
 * one stream.
 */
import { readFileSync } from 'node:fs';

const CLUSTER = 0x1f43b675;
const SEGMENT = 0x18538067;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;

interface Cluster {
  timecode: number;
  /** The cluster's children after its Timecode (the SimpleBlocks), as bytes. */
  blocks: Uint8Array;
  /** Largest block timecode relative to the cluster. */
  lastBlock: number;
}

function readId(b: Uint8Array, p: number): { value: number; length: number } {
  let length = 1;
  let mask = 0x80;
  while (length <= 4 && !(b[p] & mask)) {
    length++;
    mask >>= 1;
  }
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + b[p + i];
  return { value, length };
}

function readSize(b: Uint8Array, p: number): { value: number; length: number; unknown: boolean } {
  let length = 1;
  let mask = 0x80;
  while (length <= 8 && !(b[p] & mask)) {
    length++;
    mask >>= 1;
  }
  let value = b[p] & (mask - 1);
  let allOnes = value === mask - 1;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[p + i];
    if (b[p + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

/** The header (everything before the first cluster) and the clusters of a Chromium recording. */
export function parseRecording(bytes: Uint8Array): { header: Uint8Array; clusters: Cluster[] } {
  let p = 0;
  let header: Uint8Array | null = null;
  const clusters: Cluster[] = [];
  let current: { timecode: number; from: number; lastBlock: number } | null = null;
  const close = (end: number) => {
    if (current) clusters.push({ timecode: current.timecode, blocks: bytes.slice(current.from, end), lastBlock: current.lastBlock });
    current = null;
  };
  while (p < bytes.length) {
    const id = readId(bytes, p);
    const size = readSize(bytes, p + id.length);
    const data = p + id.length + size.length;
    if (id.value === SEGMENT) {
      p = data; // descend
      continue;
    }
    if (id.value === CLUSTER) {
      header ??= bytes.slice(0, p);
      close(p);
      current = { timecode: 0, from: data, lastBlock: 0 };
      if (size.unknown) {
        p = data;
        continue;
      }
    }
    if (current && id.value === TIMECODE) {
      let tc = 0;
      for (let i = 0; i < size.value; i++) tc = tc * 256 + bytes[data + i];
      current.timecode = tc;
      current.from = data + size.value;
    } else if (current && id.value === SIMPLE_BLOCK) {
      const track = readSize(bytes, data);
      const rel = (bytes[data + track.length] << 8) | bytes[data + track.length + 1];
      current.lastBlock = Math.max(current.lastBlock, rel > 0x7fff ? rel - 0x10000 : rel);
    }
    p = data + size.value;
  }
  close(bytes.length);
  if (!header) throw new Error('No cluster in the recording.');
  return { header, clusters };
}

function uint(value: number): Uint8Array {
  const out: number[] = [];
  do {
    out.unshift(value & 0xff);
    value = Math.floor(value / 256);
  } while (value > 0);
  return Uint8Array.from(out);
}

/**
 * The fixture repeated `times` times, as the pieces a recorder with a one-second timeslice sends:
 * pieces[0] starts with the header; each piece is one cluster (about a second of audio).
 */
export function repeatedRecordingPieces(path: string, times: number): { pieces: Uint8Array[]; clipMs: number } {
  const { header, clusters } = parseRecording(readFileSync(path));
  const last = clusters[clusters.length - 1];
  const clipMs = last.timecode + last.lastBlock + 60;
  const pieces: Uint8Array[] = [];
  for (let r = 0; r < times; r++) {
    for (const cluster of clusters) {
      const tc = uint(cluster.timecode + r * clipMs);
      const head = Uint8Array.from([
        0x1f,
        0x43,
        0xb6,
        0x75,
        0x01,
        0xff,
        0xff,
        0xff,
        0xff,
        0xff,
        0xff,
        0xff,
        TIMECODE,
        0x80 | tc.length,
        ...tc,
      ]);
      const parts = pieces.length === 0 ? [header, head, cluster.blocks] : [head, cluster.blocks];
      const piece = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
      let o = 0;
      for (const x of parts) {
        piece.set(x, o);
        o += x.length;
      }
      pieces.push(piece);
    }
  }
  return { pieces, clipMs };
}

/** Splits bytes into `count` pieces at arbitrary byte positions (a recorder may cut anywhere). */
export function splitBytes(bytes: Uint8Array, count: number): Uint8Array[] {
  const step = Math.ceil(bytes.length / count);
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += step) pieces.push(bytes.slice(i, i + step));
  return pieces;
}
