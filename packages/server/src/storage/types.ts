import type { Readable } from 'node:stream';

/** Inclusive byte range, as in HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  stream: Readable;
  /** Size of the whole object (not of the range). */
  size: number;
}

/**
 * The file storage port: local disk or S3-compatible object storage. Keys are relative paths of
 * safe segments ('users/1/transcripts/2/audio.wav'); a put is all or nothing, so a failed or cut
 * stream never leaves a partial object behind.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into `key`, replacing it; resolves with the bytes written. `durable`: resolves only
   * once the object survives a crash of the machine (local disk: file and folder flushed).
   */
  put(key: string, body: Readable, options?: { contentType?: string; durable?: boolean }): Promise<{ bytes: number }>;
  /** The object (or an inclusive range of it); null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; missing objects are fine. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix` (which ends with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Removes temporary files of interrupted writes untouched for `olderThanMs` (never one being written); the count. */
  sweepTemporary?(olderThanMs: number): Promise<number>;
  /**
   * Start-up care of the whole store: folders 0700 and files 0600 (also ones written by older
   * versions), and temporary files of any layout untouched for `olderThanMs` removed; the count removed.
   */
  tighten?(olderThanMs: number): Promise<number>;
  close?(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidKeyError';
  }
}

/** Keys are made by the server, never taken from a client; this is the last line of defence. */
export function assertKey(key: string): void {
  const parts = key.split('/');
  if (key.length > 512 || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) throw new InvalidKeyError(key);
}

export function assertPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new InvalidKeyError(prefix);
  assertKey(prefix.slice(0, -1));
}
