import 'fake-indexeddb/auto';
import { ApiError, type ApiErrorCode } from '@scribe/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptureHandle, CaptureOptions } from './capture.ts';
import { createFakeRecordingServer } from './fakeRecordingServer.ts';
import { openOutbox, type Outbox } from './outbox.ts';
import { createRecordingSession, findUnfinished, type SessionState } from './session.ts';

let dbCounter = 0;
const opened: Outbox[] = [];
afterEach(() => opened.splice(0).forEach((o) => o.close()));
const outboxNamed = (name: string) => async () => {
  const outbox = await openOutbox(name);
  opened.push(outbox);
  return outbox;
};

/** The contract's routes over the fake piece store. */
function fakeApi() {
  const server = createFakeRecordingServer();
  const finished: string[] = [];
  const discarded: string[] = [];
  const api = {
    server,
    finished,
    discarded,
    putPiece: server.putPiece,
    create: async () => ({ recording: server.create(), pieceMaxBytes: 1 << 20, live: { available: false, reason: 'busy' as const } }),
    get: async (id: string) => (finished.includes(id) || discarded.includes(id) ? null : server.get(id)),
    list: async () => [] as ReturnType<typeof server.get>[],
    finish: async (id: string) => {
      if ((server.get(id)?.pieces ?? 0) === 0) throw new ApiError(400, 'empty', {}, { code: 'RECORDING_EMPTY' as ApiErrorCode });
      server.finish(id);
      finished.push(id);
      return { id: 42 };
    },
    discard: async (id: string) => {
      discarded.push(id);
    },
  };
  return api;
}

/** A capture whose pieces the test cuts by hand. */
function fakeCapture() {
  const handle: { options?: CaptureOptions; ms: number; cut(text: string): void } = {
    ms: 0,
    cut(text) {
      handle.ms += 1000;
      handle.options!.onPiece(new Blob([text]), handle.ms);
    },
  };
  const start = (options: CaptureOptions): CaptureHandle => {
    handle.options = options;
    return {
      mimeType: options.mimeType,
      pause() {},
      resume() {},
      stop: async () => handle.cut('last'),
      flush: () => handle.cut('flushed'),
      level: () => 0.5,
      elapsedMs: () => handle.ms,
    };
  };
  return { handle, start };
}

const fakeStream = () => ({ getTracks: () => [{ stop() {} }] }) as unknown as MediaStream;
/** Waits until `test` holds (or fails after 10 s: a count of short sleeps ran out early on a busy machine). */
const until = async (read: () => SessionState, test: (s: SessionState) => boolean) => {
  await vi.waitFor(
    () => {
      if (!test(read())) throw new Error('the session did not get there');
    },
    { timeout: 10_000, interval: 5 },
  );
  return read();
};
const text = (bytes: number[]) => new TextDecoder().decode(new Uint8Array(bytes));

describe('recording session', () => {
  it('streams while recording, and Finish sends the rest and makes the transcript', async () => {
    const api = fakeApi();
    const capture = fakeCapture();
    const name = `session-${++dbCounter}`;
    const session = createRecordingSession({
      api,
      outbox: outboxNamed(name),
      userId: 1,
      language: 'en',
      getUserMedia: async () => fakeStream(),
      capture: capture.start,
      isTypeSupported: (type) => type === 'audio/webm;codecs=opus',
    });
    await session.start();
    expect(session.getSnapshot()).toMatchObject({ phase: 'recording', live: { available: false, reason: 'busy' } });
    expect(capture.handle.options!.mimeType).toBe('audio/webm;codecs=opus');
    capture.handle.cut('one ');
    capture.handle.cut('two ');
    const id = session.getSnapshot().recordingId!;
    // Sent while recording, not at the end.
    await until(session.getSnapshot, () => api.server.get(id)!.pieces === 2);
    await session.stop();
    expect(session.getSnapshot().phase).toBe('stopped');
    expect(await session.finish({ title: 'Talk' })).toBe(42);
    expect(session.getSnapshot()).toMatchObject({ phase: 'finished', transcriptId: 42 });
    expect(text(api.server.audio(id))).toBe('one two last');
    const outbox = await outboxNamed(name)();
    expect(await outbox.listRecordings(1)).toEqual([]);
  });

  it('a refused microphone is a micError, and nothing is created on the server', async () => {
    const api = fakeApi();
    const session = createRecordingSession({
      api,
      outbox: outboxNamed(`session-${++dbCounter}`),
      userId: 1,
      language: null,
      getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      capture: fakeCapture().start,
      isTypeSupported: () => true,
    });
    await session.start();
    expect(session.getSnapshot().phase).toBe('micError');
    expect((session.getSnapshot().error as DOMException).name).toBe('NotAllowedError');
    expect(api.server.get('rec-1')).toBeNull();
  });

  it('a microphone that disappears keeps what was recorded, which can still be finished', async () => {
    const api = fakeApi();
    const capture = fakeCapture();
    const session = createRecordingSession({
      api,
      outbox: outboxNamed(`session-${++dbCounter}`),
      userId: 1,
      language: null,
      getUserMedia: async () => fakeStream(),
      capture: capture.start,
      isTypeSupported: () => true,
    });
    await session.start();
    capture.handle.cut('kept');
    capture.handle.options!.onError(new DOMException('gone', 'MicrophoneLostError'));
    const state = await until(session.getSnapshot, (s) => s.phase === 'micError');
    expect((state.error as DOMException).name).toBe('MicrophoneLostError');
    expect(await session.finish()).toBe(42);
    expect(text(api.server.audio(state.recordingId!))).toBe('kept');
  });

  it('recovers after a reload: offered with length and date, then finished with the pieces that never got through', async () => {
    const api = fakeApi();
    const capture = fakeCapture();
    const name = `session-${++dbCounter}`;
    const first = createRecordingSession({
      api,
      outbox: outboxNamed(name),
      userId: 7,
      language: 'de',
      getUserMedia: async () => fakeStream(),
      capture: capture.start,
      isTypeSupported: () => true,
    });
    await first.start();
    const id = first.getSnapshot().recordingId!;
    capture.handle.cut('a');
    await until(first.getSnapshot, () => api.server.get(id)!.pieces === 1);
    api.server.offline = true;
    capture.handle.cut('b');
    capture.handle.cut('c');
    await until(first.getSnapshot, (s) => s.retrying);
    // The dialog closes mid-recording (the recorder hands over its last piece, which is kept too).
    first.dispose();

    const outbox = await outboxNamed(name)();
    const list = { list: async () => [api.server.get(id)!] };
    // Awaited rather than given a fixed 30 ms: the last piece reaches the outbox a few storage steps later.
    let offer: Awaited<ReturnType<typeof findUnfinished>>[number] | undefined;
    await vi.waitFor(
      async () => {
        [offer] = await findUnfinished({ api: list, outbox, userId: 7 });
        expect(offer).toMatchObject({ id, durationMs: 4000, localPieces: 4 });
      },
      { timeout: 10_000, interval: 10 },
    );
    api.server.offline = false;
    expect(offer!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    // Another user of this browser is offered nothing.
    expect(await findUnfinished({ api: { list: async () => [] }, outbox, userId: 8 })).toEqual([]);

    const second = createRecordingSession({ api, outbox: outboxNamed(name), userId: 7, language: 'de', retryBaseMs: 1 });
    await second.recover(id);
    expect(second.getSnapshot()).toMatchObject({ phase: 'stopped', recovered: { durationMs: 4000 } });
    expect(await second.finish()).toBe(42);
    expect(text(api.server.audio(id))).toBe('abclast');
    expect(await findUnfinished({ api: { list: async () => [] }, outbox, userId: 7 })).toEqual([]);
  });

  it('drops a recording the server no longer has from the offer, and discard clears both sides', async () => {
    const api = fakeApi();
    const name = `session-${++dbCounter}`;
    const outbox = await outboxNamed(name)();
    const gone = api.server.create();
    const kept = api.server.create();
    await api.server.putPiece(kept.id, 0, new Uint8Array([1]).buffer, { durationMs: 1000 });
    for (const rec of [gone, kept]) {
      await outbox.putRecording({
        id: rec.id,
        userId: 1,
        mimeType: 'audio/webm',
        language: null,
        createdAt: 1,
        nextSeq: 0,
        durationMs: 0,
        stopped: false,
      });
    }
    const offers = await findUnfinished({ api: { list: async () => [api.server.get(kept.id)!] }, outbox, userId: 1 });
    expect(offers.map((o) => [o.id, o.durationMs])).toEqual([[kept.id, 1000]]);
    expect((await outbox.listRecordings(1)).map((r) => r.id)).toEqual([kept.id]);
    // Offline: the outbox alone answers.
    const offline = await findUnfinished({ api: { list: () => Promise.reject(new TypeError('offline')) }, outbox, userId: 1 });
    expect(offline.map((o) => o.id)).toEqual([kept.id]);

    const session = createRecordingSession({ api, outbox: outboxNamed(name), userId: 1, language: null });
    await session.recover(kept.id);
    await session.discard();
    expect(api.discarded).toEqual([kept.id]);
    expect(await outbox.listRecordings(1)).toEqual([]);
    expect(session.getSnapshot().phase).toBe('idle');
  });
});
