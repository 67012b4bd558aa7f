import type { LiveAvailability } from '@scribe/api-client';

// Whether live text is offered for a recording, and why not (the client says so and keeps recording):
// the API contract's types.
export type { LiveAvailability, LiveUnavailableReason } from '@scribe/api-client';

/**
 * What the recordings feature tells the live-text side (features/live-draft) about a recording. Called
 * in-process by the process that accepted the request; after a restart old pieces are not fed again.
 */
export interface RecordingObserver {
  /** A recording was created; answers whether live text is offered for it. */
  started(rec: { id: string; userId: number; mimeType: string; language: string | null }): Promise<LiveAvailability>;
  /**
   * A piece was stored and acknowledged (called once per seq, in order), only for a recording created
   * with live text asked for. After a restart it may come for a recording whose start this process did
   * not see: ignore it or start late.
   */
  piece(rec: { id: string; userId: number }, seq: number, bytes: Uint8Array): void;
  /** The recording was finished or discarded or swept; free everything. */
  ended(rec: { id: string; userId: number }, reason: 'finished' | 'discarded' | 'abandoned'): void;
}

/** No live text: recordings are stored and finished, nothing is transcribed while they grow. */
export const noLiveText: RecordingObserver = {
  started: async () => ({ available: false, reason: 'disabled' }),
  piece: () => undefined,
  ended: () => undefined,
};
