import 'fake-indexeddb/auto';
import { errorCodeOf } from '@scribe/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeRecordingServer, type FakeRecordingServer } from './fakeRecordingServer.ts';
import { openOutbox, type Outbox } from './outbox.ts';
import { createUploader, PiecesLostError, type UploaderStatus } from './uploader.ts';

let dbCounter = 0;
const opened: Outbox[] = [];
async function freshOutbox(name = `outbox-test-${++dbCounter}`) {
  const outbox = await openOutbox(name);
  opened.push(outbox);
  return outbox;
}
afterEach(() => opened.splice(0).forEach((o) => o.close()));

const piece = (seq: number) => new Uint8Array([seq, seq + 1, seq + 2, 0xff]).buffer;

async function setUp(server: FakeRecordingServer, outboxName?: string) {
  const outbox = await freshOutbox(outboxName);
  const { id } = server.create();
  await outbox.putRecording({
    id,
    userId: 1,
    mimeType: 'audio/webm',
    language: 'en',
    createdAt: Date.now(),
    nextSeq: 0,
    durationMs: 0,
    stopped: false,
  });
  return { outbox, id };
}

async function capture(outbox: Outbox, id: string, count: number, notify?: () => void) {
  for (let i = 0; i < count; i++) {
    const { nextSeq } = (await outbox.getRecording(id))!;
    await outbox.appendPiece(id, piece(nextSeq), (nextSeq + 1) * 1000);
    notify?.();
  }
}

const expectedAudio = (count: number) => Array.from({ length: count }, (_, seq) => [...new Uint8Array(piece(seq))]).flat();

describe('recording uploader', () => {
  it('sends every piece once, in order, while keeping them in the outbox until the recording is finished', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const statuses: UploaderStatus[] = [];
    const uploader = createUploader({ recordingId: id, outbox, api: server, onStatus: (s) => statuses.push(s) });
    await capture(outbox, id, 5, () => uploader.notify());
    await uploader.drain(5);
    expect(server.puts.map(([, seq]) => seq)).toEqual([0, 1, 2, 3, 4]);
    expect(server.audio(id)).toEqual(expectedAudio(5));
    expect(server.get(id)!.durationMs).toBe(5000);
    // Acknowledged: nothing waits; the pieces stay on disk for the preview until finish or discard.
    expect(await outbox.countPieces(id, 5)).toBe(0);
    expect(await outbox.countPieces(id)).toBe(5);
    expect(uploader.status).toMatchObject({ acked: 5, pending: 0 });
    // The count shown while sending never went negative or skipped the acks.
    expect(statuses.at(-1)).toMatchObject({ acked: 5, pending: 0 });
  });

  it('keeps pieces while offline, retries with backoff, and sends them when the network is back', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const states: string[] = [];
    const uploader = createUploader({
      recordingId: id,
      outbox,
      api: server,
      retryBaseMs: 5,
      retryCapMs: 20,
      onStatus: (s) => states.push(s.state),
    });
    await capture(outbox, id, 2, () => uploader.notify());
    await uploader.drain(2);
    server.offline = true;
    await capture(outbox, id, 4, () => uploader.notify());
    // Awaited, not looked at after a fixed 60 ms: it says it is retrying at the first failed send, and
    // counts all four waiting pieces at a later retry (each report counts what the outbox holds then).
    await vi.waitFor(
      () => {
        expect(states).toContain('retrying');
        expect(uploader.status).toMatchObject({ state: 'retrying', pending: 4 });
      },
      { timeout: 10_000, interval: 5 },
    );
    // Nothing acknowledged while offline: everything captured is still in the browser.
    expect(await outbox.countPieces(id, 2)).toBe(4);
    expect(uploader.status.pending).toBe(4);
    expect(server.audio(id)).toEqual(expectedAudio(2));
    server.offline = false;
    uploader.wake();
    await uploader.drain(6);
    expect(server.audio(id)).toEqual(expectedAudio(6));
    expect(uploader.status.pending).toBe(0);
  });

  it('treats the answer to a re-sent piece (its first ack was lost) as its ack: stored exactly once', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const uploader = createUploader({ recordingId: id, outbox, api: server, retryBaseMs: 1 });
    server.loseAcks = 1;
    server.failWith503 = 0;
    await capture(outbox, id, 3, () => uploader.notify());
    await uploader.drain(3);
    // Piece 0 went twice (the answer was lost), the server kept it once.
    expect(server.puts.map(([, seq]) => seq)).toEqual([0, 0, 1, 2]);
    expect(server.audio(id)).toEqual(expectedAudio(3));
  });

  it('retries 5xx answers', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const uploader = createUploader({ recordingId: id, outbox, api: server, retryBaseMs: 1 });
    server.failWith503 = 3;
    await capture(outbox, id, 2, () => uploader.notify());
    await uploader.drain(2);
    expect(server.audio(id)).toEqual(expectedAudio(2));
  });

  it('spreads its waits with full jitter: a random source of 0 waits not at all, however long the backoff', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const uploader = createUploader({ recordingId: id, outbox, api: server, retryBaseMs: 600_000, retryCapMs: 600_000, random: () => 0 });
    server.failWith503 = 3;
    await capture(outbox, id, 2, () => uploader.notify());
    await uploader.drain(2);
    expect(server.audio(id)).toEqual(expectedAudio(2));
  });

  it('resumes from `expected` on 409 RECORDING_PIECE_OUT_OF_ORDER', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    await capture(outbox, id, 4);
    // The browser believes the server holds 0..1 (acks it never saw deleted nothing), the server holds only 0.
    await (async () => {
      await server.putPiece(id, 0, piece(0));
    })();
    const uploader = createUploader({ recordingId: id, outbox, api: server, startSeq: 2 });
    uploader.notify();
    await uploader.drain(4);
    expect(server.puts.map(([, seq]) => seq)).toEqual([0, 2, 1, 2, 3]);
    expect(server.audio(id)).toEqual(expectedAudio(4));
  });

  it('sends again the pieces a server lost (restored from an older state): the browser still holds them', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const uploader = createUploader({ recordingId: id, outbox, api: server });
    await capture(outbox, id, 3, () => uploader.notify());
    await uploader.drain(3);
    server.dropLast(id, 2);
    await capture(outbox, id, 1, () => uploader.notify());
    await uploader.drain(4);
    expect(server.audio(id)).toEqual(expectedAudio(4));
  });

  it('says pieces are lost when the server misses some this browser does not hold', async () => {
    const server = createFakeRecordingServer();
    const outbox = await freshOutbox();
    const { id } = server.create();
    await server.putPiece(id, 0, piece(0));
    // This browser's storage knows the recording from piece 3 on only.
    await outbox.putRecording({
      id,
      userId: 1,
      mimeType: 'audio/webm',
      language: null,
      createdAt: 1,
      nextSeq: 3,
      durationMs: 3000,
      stopped: false,
    });
    await outbox.appendPiece(id, piece(3), 4000);
    const uploader = createUploader({ recordingId: id, outbox, api: server, startSeq: 3 });
    const failure = await uploader.drain(4).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PiecesLostError);
    expect(failure).toMatchObject({ expected: 1, held: 3 });
    expect(uploader.status.state).toBe('failed');
    // The unsent piece is kept.
    expect(await outbox.countPieces(id)).toBe(1);
  });

  it('stops at a closed recording without deleting what it holds', async () => {
    const server = createFakeRecordingServer();
    const { outbox, id } = await setUp(server);
    const uploader = createUploader({ recordingId: id, outbox, api: server });
    server.finish(id);
    await capture(outbox, id, 1, () => uploader.notify());
    const failure = await uploader.drain(1).catch((e: unknown) => e);
    expect(errorCodeOf(failure)).toBe('RECORDING_CLOSED');
    expect(await outbox.countPieces(id)).toBe(1);
  });

  it('survives a reload: a new page finds the recording and its unsent pieces and finishes sending them', async () => {
    const server = createFakeRecordingServer();
    const name = `outbox-reload-${++dbCounter}`;
    const first = await setUp(server, name);
    const uploader = createUploader({ recordingId: first.id, outbox: first.outbox, api: server });
    await capture(first.outbox, first.id, 2, () => uploader.notify());
    await uploader.drain(2);
    server.offline = true;
    await capture(first.outbox, first.id, 3);
    // The tab closes: the uploader and the database connection go away.
    uploader.stop();
    first.outbox.close();

    const outbox = await freshOutbox(name);
    const [found] = await outbox.listRecordings(1);
    expect(found).toMatchObject({ id: first.id, nextSeq: 5, durationMs: 5000 });
    expect(await outbox.listRecordings(2)).toEqual([]);
    server.offline = false;
    const remote = server.get(first.id)!;
    const resumed = createUploader({ recordingId: first.id, outbox, api: server, startSeq: remote.pieces });
    await resumed.drain(found!.nextSeq);
    expect(server.audio(first.id)).toEqual(expectedAudio(5));
    await outbox.removeRecording(first.id);
    expect(await outbox.listRecordings(1)).toEqual([]);
    expect(await outbox.countPieces(first.id)).toBe(0);
  });
});
