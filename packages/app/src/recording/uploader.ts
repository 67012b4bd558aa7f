// Sends a recording's pieces from the outbox to the server: strictly in order, one at a time; the outbox
// keeps each at least until the server acknowledged it (outbox.ts). Network failures and server trouble
// are retried with backoff and full jitter for as long as it takes (the pieces are safe in the outbox
// meanwhile; the jitter keeps many recorders from coming back at once after an outage); the
// server's answers decide the rest (docs: the recording contract).
import {
  backoffDelay,
  expectedSeqOf,
  errorCodeOf,
  isTransientFailure,
  recordingErrorCodes,
  type PieceAck,
  type RandomSource,
} from '@scribe/api-client';
import type { Outbox } from './outbox.ts';

export interface PieceSender {
  putPiece(id: string, seq: number, bytes: ArrayBuffer, options: { durationMs?: number; signal?: AbortSignal }): Promise<PieceAck>;
}

export type UploaderState = 'idle' | 'sending' | 'retrying' | 'failed';

export interface UploaderStatus {
  state: UploaderState;
  /** Pieces in the outbox the server has not acknowledged. */
  pending: number;
  /** The seq the server expects next: every piece below it is stored there. */
  acked: number;
  /** 'failed': why ('lost' when the server misses pieces this browser no longer holds). */
  error?: unknown;
}

export interface UploaderOptions {
  recordingId: string;
  outbox: Outbox;
  api: PieceSender;
  /** The seq the server is known to expect (0 for a new recording; GET /api/recordings/:id on recovery). */
  startSeq?: number;
  /** The wait before the first retry; doubles per retry up to `retryCapMs`, each wait random up to that. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** The randomness of the waits; Math.random unless a test fixes it. */
  random?: RandomSource;
  onStatus?: (status: UploaderStatus) => void;
}

/** The server misses pieces this browser does not hold (e.g. its storage was cleared): the recording has a gap. */
export class PiecesLostError extends Error {
  constructor(
    readonly expected: number,
    readonly held: number | null,
  ) {
    super(`The server expects piece ${expected}, this browser holds ${held ?? 'none'}`);
    this.name = 'PiecesLostError';
  }
}

export function createUploader({
  recordingId,
  outbox,
  api,
  startSeq = 0,
  retryBaseMs = 500,
  retryCapMs = 10_000,
  random = Math.random,
  onStatus,
}: UploaderOptions) {
  let acked = startSeq;
  let state: UploaderState = 'idle';
  let error: unknown;
  let pending = 0;
  let running = false;
  let again = false;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  const controller = new AbortController();
  const waiters: { target: number; resolve: () => void; reject: (e: unknown) => void }[] = [];

  const status = (): UploaderStatus => ({ state, pending, acked, ...(error !== undefined ? { error } : {}) });
  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      if (acked >= waiter.target) waiter.resolve();
      else if (state === 'failed') waiter.reject(error);
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };
  const report = async (next: UploaderState) => {
    state = next;
    pending = await outbox.countPieces(recordingId, acked).catch(() => pending);
    onStatus?.(status());
    settleWaiters();
  };

  /** Waits `ms`, or less when woken (back online). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  async function run() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    let attempt = 0;
    try {
      while (!stopped && state !== 'failed') {
        again = false;
        const piece = await outbox.nextPiece(recordingId, acked);
        if (!piece) {
          if (again) continue;
          await report('idle');
          if (again) continue;
          break;
        }
        if (state !== 'retrying') await report('sending');
        try {
          const ack = await api.putPiece(recordingId, piece.seq, piece.data, { durationMs: piece.durationMs, signal: controller.signal });
          attempt = 0;
          // An ack for a re-sent piece (its first ack was lost) counts the same: the server holds it.
          acked = Math.max(acked, ack.nextSeq, piece.seq + 1);
          await report('sending');
        } catch (failure) {
          if (stopped) break;
          const expected = expectedSeqOf(failure);
          if (expected !== null) {
            // The server is elsewhere than this browser thought (a lost ack, a restart, a restore): go on from there.
            acked = expected;
            const held = await outbox.nextPiece(recordingId, expected);
            if (held && held.seq !== expected) {
              error = new PiecesLostError(expected, held.seq);
              await report('failed');
            }
            continue;
          }
          if (isTransientFailure(failure)) {
            attempt += 1;
            await report('retrying');
            await pause(backoffDelay(attempt, { baseMs: retryBaseMs, capMs: retryCapMs, jitter: 'full' }, random) ?? retryCapMs);
            continue;
          }
          error = failure;
          await report('failed');
        }
      }
    } finally {
      running = false;
      if (again && !stopped && state !== 'failed') void run();
    }
  }

  return {
    /** A new piece is in the outbox. */
    notify() {
      if (!stopped) void run();
    },
    /** Retry now instead of after the backoff (the browser is back online). */
    wake() {
      wakeUp?.();
      if (!stopped) void run();
    },
    /** After 'failed' (e.g. the user asks to try again): start over from the server's position. */
    retry(fromSeq?: number) {
      if (fromSeq !== undefined) acked = fromSeq;
      error = undefined;
      state = 'idle';
      void run();
    },
    /** Resolves once the server acknowledged every piece below `target`; rejects when sending failed. */
    drain(target: number): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiters.push({ target, resolve, reject });
        settleWaiters();
        if (!stopped) void run();
      });
    },
    /** Stops sending (the outbox keeps what it holds). */
    stop() {
      stopped = true;
      controller.abort();
      wakeUp?.();
      for (const waiter of waiters.splice(0)) waiter.reject(new DOMException('Stopped', 'AbortError'));
    },
    get status() {
      return status();
    },
  };
}
export type Uploader = ReturnType<typeof createUploader>;

/** Whether the recording is gone on the server (finished, discarded or swept): nothing more can be sent. */
export const isRecordingGone = (error: unknown) =>
  [recordingErrorCodes.closed, recordingErrorCodes.notFound].includes(errorCodeOf(error) as 'RECORDING_CLOSED');
