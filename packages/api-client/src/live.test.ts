import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createLiveClient,
  liveMessages,
  liveUrl,
  parseEnvelope,
  reconnectDelay,
  type LiveEventType,
  type LiveMessage,
  type TranscriptionStatusEvent,
  type WebSocketLike,
} from './live.ts';
import type { RecordingDraftEvent } from './recordings.ts';

class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  fail() {
    this.onerror?.({});
    this.onclose?.({});
  }
  send(data: unknown) {
    this.onmessage?.({ data });
  }
}

function harness() {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const problems: string[] = [];
  const statuses: string[] = [];
  const client = createLiveClient({
    url: 'ws://example.test/ws',
    WebSocket: FakeSocket,
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    clearTimeout: () => {},
    onProblem: (m) => problems.push(m),
    onStatus: (s) => statuses.push(s),
  });
  const runNextTimer = () => timers.shift()!.fn();
  const last = () => FakeSocket.all[FakeSocket.all.length - 1];
  return { client, timers, problems, statuses, runNextTimer, last };
}

describe('reconnect policy', () => {
  it('waits 1 s times the attempt, five times at most', () => {
    expect([1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 3000, 4000, 5000, null]);
  });

  it('gives up after five failed reconnects with the spec message', () => {
    const h = harness();
    h.client.start();
    h.last().fail();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(h.timers.map((t) => t.ms)).toEqual([1000 * attempt]);
      h.runNextTimer();
      h.last().fail();
    }
    expect(h.timers).toEqual([]);
    expect(FakeSocket.all).toHaveLength(6);
    expect(h.problems).toEqual([liveMessages.connectionLost]);
    expect(h.client.status).toBe('lost');
  });

  it('resets the count after a successful open', () => {
    const h = harness();
    h.client.start();
    h.last().fail();
    h.runNextTimer();
    h.last().fail();
    expect(h.timers[0].ms).toBe(2000);
    h.runNextTimer();
    h.last().open();
    h.last().fail();
    expect(h.timers[0].ms).toBe(1000);
    expect(h.problems).toEqual([]);
  });

  it('does not reconnect after stop', () => {
    const h = harness();
    h.client.start();
    h.last().open();
    h.client.stop();
    h.last().onclose?.({});
    expect(h.timers).toEqual([]);
    expect(h.last().closed).toBe(true);
    expect(h.client.status).toBe('closed');
  });
});

describe('messages', () => {
  it('dispatches envelopes by type', () => {
    const h = harness();
    const seen: unknown[] = [];
    h.client.on('transcription_status', (data) => seen.push(data));
    h.client.start();
    h.last().open();
    h.last().send(JSON.stringify({ type: 'transcription_status', data: { transcriptId: 3, type: 'progress', progress: 40 } }));
    h.last().send(JSON.stringify({ type: 'connection', data: { userId: 1 } }));
    expect(seen).toEqual([{ transcriptId: 3, type: 'progress', progress: 40 }]);
  });

  it('reports a frame that is not an envelope', () => {
    const h = harness();
    h.client.start();
    h.last().open();
    h.last().send('not json');
    h.last().send(JSON.stringify({ data: 1 }));
    expect(h.problems).toEqual([liveMessages.parseFailed, liveMessages.parseFailed]);
  });

  it('parses envelopes and builds the same-host address', () => {
    expect(parseEnvelope('{"type":"x","data":{"a":1}}')).toEqual({ type: 'x', data: { a: 1 } });
    expect(parseEnvelope('[1]')).toBeNull();
    expect(liveUrl({ protocol: 'https:', host: 'a.test' })).toBe('wss://a.test/ws');
    expect(liveUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });
});

describe('the live channel contract', () => {
  it('names every message in one style and narrows a message by its type', () => {
    // Checked by the type check (pnpm typecheck): a dotted or dashed name, or a message whose data does
    // not follow its type, fails to compile.
    expectTypeOf<Extract<LiveEventType, `${string}.${string}` | `${string}-${string}`>>().toEqualTypeOf<never>();
    expectTypeOf<Extract<LiveMessage, { type: 'recording_draft' }>['data']>().toEqualTypeOf<RecordingDraftEvent>();
    expectTypeOf<Extract<LiveMessage, { type: 'transcription_status' }>['data']>().toEqualTypeOf<TranscriptionStatusEvent>();
  });
});
