// An in-memory stand-in for the server's recording routes (the contract's piece rules), for unit tests.
import { ApiError, type ApiErrorCode, type PieceAck, type Recording } from '@scribe/api-client';

const refuse = (status: number, code: string, params?: Record<string, number>) =>
  new ApiError(status, code, {}, { code: code as ApiErrorCode, params });

export function createFakeRecordingServer() {
  const recordings = new Map<string, { pieces: Uint8Array[]; durationMs: number; closed: boolean; createdAt: string }>();
  let counter = 0;
  const server = {
    /** While true every request fails as a network error would. */
    offline: false,
    /** The next n piece requests are stored, but their answer is lost on the way back. */
    loseAcks: 0,
    /** The next n piece requests answer 503. */
    failWith503: 0,
    /** Every PUT as [id, seq]. */
    puts: [] as [string, number][],
    /** The id of the newest recording. */
    lastId: null as string | null,
    create(): Recording {
      const id = `rec-${++counter}`;
      server.lastId = id;
      recordings.set(id, { pieces: [], durationMs: 0, closed: false, createdAt: new Date().toISOString() });
      return server.get(id)!;
    },
    get(id: string): Recording | null {
      const rec = recordings.get(id);
      if (!rec) return null;
      const bytes = rec.pieces.reduce((n, p) => n + p.byteLength, 0);
      return {
        id,
        mimeType: 'audio/webm',
        pieces: rec.pieces.length,
        bytes,
        durationMs: rec.durationMs,
        createdAt: rec.createdAt,
        updatedAt: rec.createdAt,
      };
    },
    /** The stored audio: the pieces joined in order. */
    audio(id: string): number[] {
      return recordings.get(id)!.pieces.flatMap((p) => [...p]);
    },
    /** The server lost its last n pieces (e.g. restored from an older state). */
    dropLast(id: string, n: number) {
      recordings.get(id)!.pieces.splice(-n, n);
    },
    async putPiece(id: string, seq: number, bytes: ArrayBuffer, options: { durationMs?: number } = {}): Promise<PieceAck> {
      await Promise.resolve();
      server.puts.push([id, seq]);
      if (server.offline) throw ApiError.of(0, 'CHUNK_UPLOAD_FAILED');
      if (server.failWith503 > 0) {
        server.failWith503 -= 1;
        throw ApiError.of(503, 'CHUNK_UPLOAD_FAILED');
      }
      const rec = recordings.get(id);
      if (!rec) throw refuse(404, 'RECORDING_NOT_FOUND');
      if (rec.closed) throw refuse(409, 'RECORDING_CLOSED');
      const data = new Uint8Array(bytes);
      if (data.byteLength === 0) throw refuse(400, 'RECORDING_PIECE_EMPTY');
      const next = rec.pieces.length;
      if (seq > next) throw refuse(409, 'RECORDING_PIECE_OUT_OF_ORDER', { expected: next });
      if (seq < next) {
        const stored = rec.pieces[seq]!;
        const same = stored.byteLength === data.byteLength && stored.every((b, i) => b === data[i]);
        if (!same) throw refuse(409, 'RECORDING_PIECE_CONFLICT');
      } else {
        rec.pieces.push(data);
        if (options.durationMs !== undefined) rec.durationMs = options.durationMs;
      }
      if (server.loseAcks > 0) {
        server.loseAcks -= 1;
        throw ApiError.of(0, 'CHUNK_UPLOAD_FAILED');
      }
      return { seq, nextSeq: rec.pieces.length, bytes: data.byteLength };
    },
    finish(id: string) {
      recordings.get(id)!.closed = true;
    },
  };
  return server;
}
export type FakeRecordingServer = ReturnType<typeof createFakeRecordingServer>;
