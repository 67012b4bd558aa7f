import { backoffDelay, type BackoffPolicy } from './backoff.ts';
import { apiErrors, type ApiErrorCode } from './errors.ts';
import type { TranscriptionSegmentsEvent, TranscriptionStatusEvent, TranscriptRevisedEvent } from './live.schemas.ts';
import type { RecordingDraftEvent, RecordingLiveEvent } from './recordings.ts';

// The live channel (docs/product-spec.md §4, §7): a WebSocket at /ws carrying {type, data} envelopes.

export const liveMessages = {
  parseFailed: apiErrors.LIVE_PARSE_FAILED,
  connectionError: apiErrors.LIVE_CONNECTION_ERROR,
  connectionLost: apiErrors.LIVE_CONNECTION_LOST,
} as const;

export const liveReconnect = { maxAttempts: 5, delayStepMs: 1000 } as const;

export interface LiveEnvelope<T = unknown> {
  type: string;
  data: T;
}

/**
 * Beyond the spec: a prompt's answer while the provider generates it. `seq` counts from 0 per run;
 * `delta` is the text since the previous event; `done` ends the stream (the stored output then comes
 * back from the custom-prompt call).
 */
export interface AiOutputStreamEvent {
  transcriptId: number;
  runId: string;
  prompt: string;
  seq: number;
  delta: string;
  done: boolean;
}

/**
 * A step of a long prompt run on a language model (map-reduce): `step` of `steps` overall (steps may grow
 * when notes need another round); `part` of `parts` within the phase: the transcript's parts while
 * reading, groups of notes while combining, 1 of 1 while the answer is written. Same `runId` as the
 * run's `ai_output_stream` events.
 */
export interface AiProgressEvent {
  transcriptId: number;
  runId: string;
  prompt: string;
  phase: 'reading' | 'combining' | 'answering';
  step: number;
  steps: number;
  part: number;
  parts: number;
}

/**
 * Every message the server sends on the live channel, by name (one naming style: snake_case);
 * `connection` arrives once per successful open. The server publishes and the app handles only these.
 */
export interface LiveEventMap {
  connection: { userId: number };
  error: { message: string };
  transcription_status: TranscriptionStatusEvent;
  transcription_segments: TranscriptionSegmentsEvent;
  ai_output_stream: AiOutputStreamEvent;
  ai_progress: AiProgressEvent;
  transcript_revised: TranscriptRevisedEvent;
  /** A streamed recording's live draft text. */
  recording_draft: RecordingDraftEvent;
  /** Live text became (un)available during a recording. */
  recording_live: RecordingLiveEvent;
}

export type LiveEventType = keyof LiveEventMap;

/** One message of the live channel: a union discriminated by `type`. */
export type LiveMessage = { [K in LiveEventType]: { type: K; data: LiveEventMap[K] } }[LiveEventType];

/**
 * The reconnect waits as the spec fixes them (docs/product-spec.md §7): 1 s times the attempt, five
 * attempts. No jitter, as the spec's waits are exact; spreading them (`jitter: 'full'`) would be a
 * change to the spec.
 */
export const liveReconnectPolicy: BackoffPolicy = {
  baseMs: liveReconnect.delayStepMs,
  growth: 'linear',
  maxRetries: liveReconnect.maxAttempts,
  jitter: 'none',
};

/** How long to wait before reconnect attempt `attempt` (1-based), or null when we give up. */
export function reconnectDelay(attempt: number): number | null {
  return backoffDelay(attempt, liveReconnectPolicy);
}

/** The /ws address on the page's own host, secure when the page is. */
export function liveUrl(location: { protocol: string; host: string }, path = '/ws'): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

/** Parses one frame; null when it is not an envelope. */
export function parseEnvelope(raw: unknown): LiveEnvelope | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { type, data } = value as Record<string, unknown>;
    if (typeof type !== 'string') return null;
    return { type, data };
  } catch {
    return null;
  }
}

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'lost' | 'closed';

export interface LiveClientOptions {
  url: string;
  /** For tests and other runtimes; defaults to the global WebSocket. */
  WebSocket?: new (url: string) => WebSocketLike;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  onStatus?: (status: LiveStatus) => void;
  /** Problems the user should see: the spec's texts from `liveMessages`, and their code to translate by. */
  onProblem?: (message: string, code: ApiErrorCode) => void;
}

export interface WebSocketLike {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}

type Handler = (data: unknown) => void;

/**
 * Opens the channel and keeps it open: on any close it retries up to 5 times, waiting 1 s times the
 * attempt number; a successful open resets the count. After the fifth failure it reports the loss.
 */
export function createLiveClient(options: LiveClientOptions) {
  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as new (url: string) => WebSocketLike);
  const schedule = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
  const handlers = new Map<string, Set<Handler>>();
  let socket: WebSocketLike | null = null;
  let attempt = 0;
  let timer: unknown = null;
  let stopped = false;
  let status: LiveStatus = 'closed';

  const setStatus = (next: LiveStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  const dispatch = (type: string, data: unknown) => {
    handlers.get(type)?.forEach((handler) => handler(data));
  };

  const connect = () => {
    timer = null;
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = new Socket(options.url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus('open');
    };
    ws.onmessage = (event) => {
      const envelope = parseEnvelope(event.data);
      if (!envelope) {
        options.onProblem?.(liveMessages.parseFailed, 'LIVE_PARSE_FAILED');
        return;
      }
      dispatch(envelope.type, envelope.data);
    };
    ws.onerror = () => {
      // A close always follows; the retry happens there.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      attempt += 1;
      const delay = reconnectDelay(attempt);
      if (delay === null) {
        setStatus('lost');
        options.onProblem?.(liveMessages.connectionLost, 'LIVE_CONNECTION_LOST');
        return;
      }
      setStatus('reconnecting');
      timer = schedule(connect, delay);
    };
  };

  return {
    start() {
      if (socket || timer) return;
      stopped = false;
      attempt = 0;
      connect();
    },
    stop() {
      stopped = true;
      if (timer) cancel(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close(1000, 'signed out');
      setStatus('closed');
    },
    /** Handles one kind of message; returns the unsubscribe. */
    on<K extends LiveEventType>(type: K, handler: (data: LiveEventMap[K]) => void) {
      const set = handlers.get(type) ?? new Set<Handler>();
      set.add(handler as Handler);
      handlers.set(type, set);
      return () => set.delete(handler as Handler);
    },
    get status() {
      return status;
    },
  };
}
export type LiveClient = ReturnType<typeof createLiveClient>;

// The types stay importable from here; their zod schemas are in live.schemas.ts.
export type { TranscriptionSegmentsEvent, TranscriptionStatusEvent, TranscriptRevisedEvent } from './live.schemas.ts';
