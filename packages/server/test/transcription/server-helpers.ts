// Helpers for the tests of transcription jobs and the live channel over the real HTTP server.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { decodeToPcm, encodeWav, SAMPLE_RATE } from '../../src/features/transcription/engines/whisper/audio.ts';
import type { TranscriptionEngine, TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { concat, LIBRIVOX_CLIP, LIBRIVOX_TEXT } from './helpers.ts';

export interface StatusEvent {
  transcriptId: number;
  type: 'progress' | 'complete' | 'error';
  progress?: number;
  message?: string;
  error?: string;
}

export interface LiveMessage {
  type: string;
  data: unknown;
}

/** A /ws client that keeps every message; `until` waits for one matching a predicate. */
export interface LiveSocket {
  socket: WebSocket;
  messages: LiveMessage[];
  statuses(transcriptId?: number): StatusEvent[];
  until(predicate: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  status(transcriptId: number, type: StatusEvent['type'] | ((e: StatusEvent) => boolean), timeoutMs?: number): Promise<StatusEvent>;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function wsUrl(server: { url: string }): string {
  return `${server.url.replace(/^http/, 'ws')}/ws`;
}

/** Opens /ws with the cookie and resolves once the `connection` message has arrived. */
export async function openLive(server: { url: string }, cookie: string): Promise<LiveSocket> {
  const socket = new WebSocket(wsUrl(server), { headers: { Cookie: cookie } });
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as LiveMessage);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const w of waiters) w();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });

  const until = (predicate: (m: LiveMessage) => boolean, timeoutMs = 60_000) =>
    new Promise<LiveMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(predicate);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (socket.readyState === WebSocket.CLOSED) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`socket closed while waiting; got ${JSON.stringify(messages)}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching live message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  const statuses = (transcriptId?: number) =>
    messages
      .filter((m) => m.type === 'transcription_status')
      .map((m) => m.data as StatusEvent)
      .filter((e) => transcriptId === undefined || e.transcriptId === transcriptId);

  await until((m) => m.type === 'connection');
  return {
    socket,
    messages,
    statuses,
    until,
    async status(transcriptId, type, timeoutMs) {
      const matches = typeof type === 'function' ? type : (e: StatusEvent) => e.type === type;
      const m = await until(
        (msg) =>
          msg.type === 'transcription_status' &&
          (msg.data as StatusEvent).transcriptId === transcriptId &&
          matches(msg.data as StatusEvent),
        timeoutMs,
      );
      return m.data as StatusEvent;
    },
    closed,
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** Tries to open /ws; resolves with the HTTP status of the refusal (or 101 if it was accepted). */
export function upgradeStatus(server: { url: string }, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(server), { headers });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', (err) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(err);
    });
  });
}

/** The fixture repeated `copies` times with `gap` seconds of silence between: a longer real recording. */
export async function repeatedRecording(copies: number, gapSeconds = 0.8): Promise<{ wav: Buffer; reference: string; seconds: number }> {
  const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.wav`);
  const clip = await pcm.read(0, pcm.length);
  await pcm.dispose();
  const gap = new Float32Array(Math.round(gapSeconds * SAMPLE_RATE));
  const parts: Float32Array[] = [];
  for (let i = 0; i < copies; i++) parts.push(clip, gap);
  const samples = concat(parts);
  return {
    wav: Buffer.from(encodeWav(samples, SAMPLE_RATE)),
    reference: Array.from({ length: copies }, () => LIBRIVOX_TEXT).join(' '),
    seconds: samples.length / SAMPLE_RATE,
  };
}

/**
 * Wraps an engine to fail on demand and to count calls, as a crashing model or a full disk would.
 * `failures` attempts throw before the engine runs.
 */
export function controllableEngine(inner: TranscriptionEngine) {
  const state = {
    failures: 0,
    calls: 0,
    running: 0,
    aborted: 0,
    failureMessage: 'simulated engine crash',
    /** While set, a finished transcription waits for it before handing back its result (or stops on abort). */
    hold: null as Promise<void> | null,
  };
  const engine: TranscriptionEngine = {
    name: inner.name,
    languages: inner.languages,
    ready: () => inner.ready?.() ?? Promise.resolve(),
    close: () => inner.close?.() ?? Promise.resolve(),
    async transcribe(input: TranscriptionInput) {
      state.calls += 1;
      if (state.failures > 0) {
        state.failures -= 1;
        throw new Error(state.failureMessage);
      }
      const hold = state.hold; // as it was when this job started
      state.running += 1;
      try {
        const result = await inner.transcribe(input);
        if (hold) await untilReleasedOrAborted(hold, input.signal);
        return result;
      } catch (err) {
        if (input.signal?.aborted) state.aborted += 1;
        throw err;
      } finally {
        state.running -= 1;
      }
    },
  };
  return { engine, state };
}

function untilReleasedOrAborted(hold: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    void hold.then(resolve);
  });
}

/** Files left in the worker's temp folder. */
export function tempFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'tmp', 'transcription'), { recursive: true }).map(String);
  } catch {
    return [];
  }
}

/** Segments in order, each inside the audio. */
export function monotonic(segments: Array<{ start: number; end: number }>, duration: number): boolean {
  let previous = 0;
  for (const s of segments) {
    if (s.start < previous - 1e-6 || s.end < s.start || s.end > duration + 0.05) return false;
    previous = s.end;
  }
  return true;
}
