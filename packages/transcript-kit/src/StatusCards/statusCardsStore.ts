import { createStore } from '@scribe/ui/store';

/** One transcript's card: processing (percent, message), completed, or error. */
export type StatusCardState = 'processing' | 'completed' | 'error';

export type TranscriptId = number | string;

export interface StatusCardItem {
  transcriptId: TranscriptId;
  /** The transcript's title, when the app knows it (shown as the card's heading). */
  title?: string;
  state: StatusCardState;
  /** 0-100; completed cards show 100. */
  progress?: number;
  /** Processing: the engine's message; the card says 'Processing...' without one. */
  message?: string;
  /** Error: the error text; the card says 'Transcription failed' without one. */
  error?: string;
}

/** A live `transcription_status` event (docs/product-spec.md §3), optionally with the transcript's title. */
export interface TranscriptionStatusEvent {
  transcriptId: TranscriptId;
  type: 'progress' | 'complete' | 'error';
  progress?: number;
  message?: string;
  error?: string;
  title?: string;
}

/** A card plus a version that changes with every update, so a stale removal timer leaves it alone. */
export interface StatusCardEntry extends StatusCardItem {
  version: number;
}

export type StatusCardsAction =
  | { type: 'event'; event: TranscriptionStatusEvent }
  | { type: 'dismiss'; transcriptId: TranscriptId }
  | { type: 'expire'; transcriptId: TranscriptId; version: number };

const clampProgress = (value: number | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : undefined;

/**
 * Pure: the cards after an event, a dismissal or a removal timer. Cards keep their first-seen order.
 * A late progress event does not reopen a card that already completed or failed (the job is over).
 */
export function statusCardsReducer(cards: readonly StatusCardEntry[], action: StatusCardsAction): StatusCardEntry[] {
  switch (action.type) {
    case 'dismiss':
      return cards.filter((card) => card.transcriptId !== action.transcriptId);
    case 'expire':
      return cards.filter((card) => !(card.transcriptId === action.transcriptId && card.version === action.version));
    case 'event': {
      const { event } = action;
      const index = cards.findIndex((card) => card.transcriptId === event.transcriptId);
      const previous = index >= 0 ? cards[index] : undefined;
      if (event.type === 'progress' && previous && previous.state !== 'processing') return cards as StatusCardEntry[];
      const base = {
        transcriptId: event.transcriptId,
        title: event.title ?? previous?.title,
        version: (previous?.version ?? 0) + 1,
      };
      const next: StatusCardEntry =
        event.type === 'progress'
          ? {
              ...base,
              state: 'processing',
              progress: clampProgress(event.progress) ?? previous?.progress ?? 0,
              message: event.message || undefined,
            }
          : event.type === 'complete'
            ? { ...base, state: 'completed', progress: 100 }
            : { ...base, state: 'error', progress: previous?.progress, error: event.error || event.message || undefined };
      if (index < 0) return [...cards, next];
      const copy = cards.slice();
      copy[index] = next;
      return copy;
    }
  }
}

export interface StatusCardsOptions {
  /** How long a completed card stays (docs/product-spec.md §9: 5 s). */
  completedMs?: number;
  /** How long an error card stays (docs/product-spec.md §9: 10 s). */
  errorMs?: number;
}

export interface StatusCardsStore {
  getSnapshot(): readonly StatusCardEntry[];
  subscribe(listener: () => void): () => void;
  /** Feed a live transcription_status event. */
  push(event: TranscriptionStatusEvent): void;
  /** The user closed a card. */
  dismiss(transcriptId: TranscriptId): void;
  /** Stop all timers (unmount). */
  dispose(): void;
}

/**
 * The cards with their removal timers: completed cards go after 5 s, error cards after 10 s, each
 * timer tied to the card's version so an update in between (or a dismissal) cancels its effect.
 */
export function createStatusCardsStore({ completedMs = 5000, errorMs = 10_000 }: StatusCardsOptions = {}): StatusCardsStore {
  const cards = createStore<readonly StatusCardEntry[]>([]);
  const timers = new Map<TranscriptId, ReturnType<typeof setTimeout>>();

  const clearTimer = (id: TranscriptId) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };

  const dispatch = (action: StatusCardsAction) => cards.setState((current) => statusCardsReducer(current, action));

  return {
    getSnapshot: cards.getSnapshot,
    subscribe: cards.subscribe,
    push(event) {
      const before = cards.getSnapshot();
      dispatch({ type: 'event', event });
      if (cards.getSnapshot() === before) return;
      const card = cards.getSnapshot().find((c) => c.transcriptId === event.transcriptId);
      clearTimer(event.transcriptId);
      if (!card || card.state === 'processing') return;
      const { version } = card;
      timers.set(
        card.transcriptId,
        setTimeout(
          () => {
            timers.delete(card.transcriptId);
            dispatch({ type: 'expire', transcriptId: card.transcriptId, version });
          },
          card.state === 'completed' ? completedMs : errorMs,
        ),
      );
    },
    dismiss(transcriptId) {
      clearTimer(transcriptId);
      dispatch({ type: 'dismiss', transcriptId });
    },
    dispose() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}
