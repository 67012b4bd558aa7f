// The browser's outbox of a streamed recording (IndexedDB): every captured piece is written here at once
// and stays at least until the server acknowledged it, so a network drop, a server restart, a closed tab
// or a crash loses nothing. Acknowledged pieces stay on disk until the recording is finished or
// discarded: they give the preview after Stop, and can be sent again should the server miss them
// (e.g. restored from an older backup). The page keeps no piece in memory.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A recording as this browser knows it. */
export interface OutboxRecording {
  /** The server's recording id. */
  id: string;
  /** Whose it is: another user signing in on this browser never sees it. */
  userId: number;
  mimeType: string;
  language: string | null;
  /** When recording started (ms since epoch). */
  createdAt: number;
  /** The seq the next captured piece gets. */
  nextSeq: number;
  /** Recorded length up to the end of the last captured piece. */
  durationMs: number;
  /** Set once the user stopped: no more pieces will come. */
  stopped: boolean;
}

export interface OutboxPiece {
  recordingId: string;
  seq: number;
  data: ArrayBuffer;
  /** Recorded length up to the end of this piece. */
  durationMs: number;
}

interface OutboxSchema extends DBSchema {
  recordings: { key: string; value: OutboxRecording };
  pieces: { key: [string, number]; value: OutboxPiece };
}

export const OUTBOX_DB = 'scribe-recordings';

export interface Outbox {
  putRecording(recording: OutboxRecording): Promise<void>;
  getRecording(id: string): Promise<OutboxRecording | undefined>;
  /** The user's recordings, newest first. */
  listRecordings(userId: number): Promise<OutboxRecording[]>;
  /**
   * Stores the next piece and advances the recording's nextSeq and duration in one transaction (a crash
   * leaves either both or neither). Answers the piece's seq.
   */
  appendPiece(recordingId: string, data: ArrayBuffer, durationMs: number): Promise<number>;
  /** The held piece with the smallest seq >= fromSeq (one at a time: memory stays bounded). */
  nextPiece(recordingId: string, fromSeq: number): Promise<OutboxPiece | undefined>;
  /** Held pieces from `fromSeq` on. */
  countPieces(recordingId: string, fromSeq?: number): Promise<number>;
  /** The recording and all its pieces. */
  removeRecording(id: string): Promise<void>;
  close(): void;
}

const range = (recordingId: string, from = 0, to = Number.MAX_SAFE_INTEGER, openUpper = false) =>
  IDBKeyRange.bound([recordingId, from], [recordingId, to], false, openUpper);

/** Opens (and creates) the outbox; another `name` is for tests. */
export async function openOutbox(name = OUTBOX_DB): Promise<Outbox> {
  const db: IDBPDatabase<OutboxSchema> = await openDB<OutboxSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('recordings', { keyPath: 'id' });
      database.createObjectStore('pieces', { keyPath: ['recordingId', 'seq'] });
    },
  });

  return {
    async putRecording(recording) {
      await db.put('recordings', recording);
    },
    getRecording: (id) => db.get('recordings', id),
    async listRecordings(userId) {
      const all = await db.getAll('recordings');
      return all.filter((r) => r.userId === userId).sort((a, b) => b.createdAt - a.createdAt);
    },
    async appendPiece(recordingId, data, durationMs) {
      const tx = db.transaction(['recordings', 'pieces'], 'readwrite');
      const recordings = tx.objectStore('recordings');
      const recording = await recordings.get(recordingId);
      if (!recording) {
        tx.abort();
        throw new Error(`No recording ${recordingId} in the outbox`);
      }
      const seq = recording.nextSeq;
      await tx.objectStore('pieces').put({ recordingId, seq, data, durationMs });
      await recordings.put({ ...recording, nextSeq: seq + 1, durationMs: Math.max(recording.durationMs, durationMs) });
      await tx.done;
      return seq;
    },
    async nextPiece(recordingId, fromSeq) {
      const cursor = await db.transaction('pieces').store.openCursor(range(recordingId, fromSeq));
      return cursor?.value;
    },
    countPieces: (recordingId, fromSeq = 0) => db.count('pieces', range(recordingId, fromSeq)),
    async removeRecording(id) {
      const tx = db.transaction(['recordings', 'pieces'], 'readwrite');
      await tx.objectStore('pieces').delete(range(id));
      await tx.objectStore('recordings').delete(id);
      await tx.done;
    },
    close: () => db.close(),
  };
}
