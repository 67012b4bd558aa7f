/**
 * The seam between the recordings feature and live drafting, exactly as the recording contract states
 * it (the recordings feature defines the same interface in features/recordings/observer.ts; they are
 * structurally identical, so this observer fits there).
 */
export type LiveUnavailableReason = 'busy' | 'no_credits' | 'unsupported' | 'disabled';

export interface LiveAvailability {
  available: boolean;
  reason?: LiveUnavailableReason;
}

export interface RecordingObserver {
  /** A recording was created; answers whether live text is offered for it. */
  started(rec: { id: string; userId: number; mimeType: string; language: string | null }): Promise<LiveAvailability>;
  /** A piece was stored and acknowledged (called once per seq, in order). */
  piece(rec: { id: string; userId: number }, seq: number, bytes: Uint8Array): void;
  /** The recording was finished or discarded or swept; free everything. */
  ended(rec: { id: string; userId: number }, reason: 'finished' | 'discarded' | 'abandoned'): void;
}
