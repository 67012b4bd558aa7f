// When live text is offered for a recording (capacity, credits, role, configuration, format), the
// remote-engine path (windows sent as WAV files), and delivery of drafts to the owner over /ws.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLiveDraftObserver, DRAFT_EVENT, LIVE_EVENT } from '../../src/features/live-draft/observer.ts';
import type { LiveEvent } from '../../src/features/live/hub.ts';
import type { TranscriptionEngine, TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { decodeToPcm, SAMPLE_RATE } from '../../src/features/transcription/engines/whisper/audio.ts';
import { register, startServer, tempDir, type TestServer } from '../helpers.ts';
import { repeatedRecordingPieces } from '../support/webm.ts';
import { LIBRIVOX_CLIP } from '../transcription/helpers.ts';
import { openLive } from '../transcription/server-helpers.ts';

const log = pino({ level: 'silent' });
const allCredits = { requireTranscriptionCredits: async () => {} };
const webm = (id: string, userId = 1) => ({ id, userId, mimeType: 'audio/webm;codecs=opus', language: null });

/** A remote-like engine: answers one segment per window and keeps each window's length (from the WAV it got). */
function fakeRemoteEngine() {
  const windows: number[] = [];
  const engine: TranscriptionEngine = {
    name: 'fake-remote',
    languages: 'any',
    async transcribe(input: TranscriptionInput) {
      const pcm = await decodeToPcm(input.filePath);
      const seconds = pcm.length / SAMPLE_RATE;
      await pcm.dispose();
      windows.push(seconds);
      return {
        durationSeconds: seconds,
        language: 'en',
        segments: [{ start: 0, end: seconds, text: `window ${windows.length}`, speaker: 'Unknown Speaker' }],
      };
    },
  };
  return { engine, windows };
}

describe('live draft availability', () => {
  const dir = tempDir('scribe-live-gate-');
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers disabled, unsupported (no engine, format, language) and busy past the session limit', async () => {
    const { engine } = fakeRemoteEngine();
    const base = { maxSessions: 2, hub: { publish: async () => {} }, credits: allCredits, log, tmpDir: dir, vad: false };
    const off = createLiveDraftObserver({ ...base, enabled: false, engine });
    expect(await off.started(webm('a'))).toEqual({ available: false, reason: 'disabled' });
    await off.close();

    const web = createLiveDraftObserver({ ...base, enabled: true, engine: null }); // SERVER_ROLE=web
    expect(await web.started(webm('a'))).toEqual({ available: false, reason: 'unsupported' });
    await web.close();

    const english = createLiveDraftObserver({ ...base, enabled: true, engine: { ...engine, languages: ['en'] } });
    expect(await english.started({ ...webm('de'), language: 'de' })).toEqual({ available: false, reason: 'unsupported' });
    expect(await english.started({ ...webm('wav'), mimeType: 'audio/wav' })).toEqual({ available: false, reason: 'unsupported' });
    expect(await english.started(webm('one'))).toEqual({ available: true });
    expect(await english.started({ ...webm('two'), mimeType: 'audio/ogg;codecs=opus' })).toEqual({ available: true });
    expect(await english.started(webm('three'))).toEqual({ available: false, reason: 'busy' });
    expect(english.activeSessions).toBe(2);
    english.ended(webm('one'), 'finished');
    expect(english.activeSessions).toBe(1);
    expect(await english.started(webm('three'))).toEqual({ available: true });
    // Another user's id cannot end someone's session.
    english.ended(webm('two', 99), 'discarded');
    expect(english.activeSessions).toBe(2);
    await english.close();
    expect(english.activeSessions).toBe(0);
  });

  it('sends windows of the tail to a remote engine every 10 s of audio and drafts from its answers', async () => {
    const { engine, windows } = fakeRemoteEngine();
    const events: LiveEvent[] = [];
    const observer = createLiveDraftObserver({
      enabled: true,
      maxSessions: 1,
      engine,
      hub: { publish: async (e) => void events.push(e) },
      credits: allCredits,
      log,
      tmpDir: dir,
    });
    const { pieces } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 3); // ~21 s
    const rec = webm('remote', 5);
    expect(await observer.started(rec)).toEqual({ available: true });
    for (const [seq, piece] of pieces.entries()) {
      observer.piece(rec, seq, piece);
      await observer.settled(rec.id);
    }
    // Two passes (at >= 10 s and >= 20 s of audio), each over the tail since the last final point.
    expect(windows.length).toBe(2);
    expect(windows[0]).toBeGreaterThanOrEqual(10);
    expect(windows[0]).toBeLessThan(11.5);
    const drafts = events.filter((e) => e.type === DRAFT_EVENT);
    expect(drafts.map((e) => e.userId)).toEqual([5, 5]);
    expect((drafts[1].data as { segments: Array<{ text: string }> }).segments.map((s) => s.text)).toContain('window 2');
    await observer.close();
  }, 60_000);

  it('tells the owner once that live text is off for a recording it does not hold (e.g. after a restart)', async () => {
    const { engine } = fakeRemoteEngine();
    const events: LiveEvent[] = [];
    const observer = createLiveDraftObserver({
      enabled: true,
      maxSessions: 1,
      engine,
      hub: { publish: async (e) => void events.push(e) },
      credits: allCredits,
      log,
      tmpDir: dir,
      vad: false,
    });
    const bytes = readFileSync(`${LIBRIVOX_CLIP}.webm`);
    observer.piece({ id: 'old', userId: 3 }, 5, bytes.subarray(0, 100));
    observer.piece({ id: 'old', userId: 3 }, 6, bytes.subarray(100, 200));
    expect(events).toEqual([{ userId: 3, type: LIVE_EVENT, data: { recordingId: 'old', available: false, reason: 'busy' } }]);
    // A recording refused at its start is not told again.
    expect(await observer.started(webm('x', 3))).toEqual({ available: true });
    expect(await observer.started(webm('y', 3))).toEqual({ available: false, reason: 'busy' });
    observer.piece({ id: 'y', userId: 3 }, 0, bytes.subarray(0, 100));
    expect(events).toHaveLength(1);
    await observer.close();
  });

  it('frees a session whose recording sent nothing for the idle time (a closed tab never ends it)', async () => {
    const { engine } = fakeRemoteEngine();
    const events: LiveEvent[] = [];
    const observer = createLiveDraftObserver({
      enabled: true,
      maxSessions: 1,
      engine,
      hub: { publish: async (e) => void events.push(e) },
      credits: allCredits,
      log,
      tmpDir: dir,
      vad: false,
      idleMs: 200,
    });
    expect(await observer.started(webm('idle', 6))).toEqual({ available: true });
    expect(await observer.started(webm('waiting', 6))).toEqual({ available: false, reason: 'busy' });
    // Freed by the idle sweep (every second at the least): awaited, not looked at after a fixed 1.5 s
    // that a busy machine's late timer could outlast.
    await vi.waitFor(() => expect(observer.activeSessions).toBe(0), { timeout: 10_000, interval: 50 });
    expect(events).toEqual([{ userId: 6, type: LIVE_EVENT, data: { recordingId: 'idle', available: false, reason: 'busy' } }]);
    expect(await observer.started(webm('next', 6))).toEqual({ available: true });
    await observer.close();
  });

  it('stops drafting and says so when the audio cannot be decoded', async () => {
    const { engine } = fakeRemoteEngine();
    const events: LiveEvent[] = [];
    const observer = createLiveDraftObserver({
      enabled: true,
      maxSessions: 1,
      engine,
      hub: { publish: async (e) => void events.push(e) },
      credits: allCredits,
      log,
      tmpDir: dir,
      vad: false,
    });
    const rec = webm('broken', 4);
    expect(await observer.started(rec)).toEqual({ available: true });
    observer.piece(rec, 0, new Uint8Array(20_000).fill(7));
    await observer.settled(rec.id);
    // Said once the failed pass is handled: awaited rather than looked at after a fixed 100 ms.
    await vi.waitFor(
      () =>
        expect(events).toEqual([{ userId: 4, type: LIVE_EVENT, data: { recordingId: 'broken', available: false, reason: 'unsupported' } }]),
      { timeout: 10_000, interval: 20 },
    );
    expect(observer.activeSessions).toBe(0);
    await observer.close();
  });
});

describe('live drafts in the server', () => {
  let server: TestServer;
  let offServer: TestServer | undefined;
  const { engine } = fakeRemoteEngine();

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '0' }, { worker: true, engine, pglite: true });
  });
  afterAll(async () => {
    await server?.close();
    await offServer?.close();
  });

  it('offers live text only to a user with credits for a minute, and sends drafts to the owner only', async () => {
    const owner = await register(server);
    const other = await register(server);
    const rec = webm('srv-1', owner.user.id);
    // No credits: no live text (drafting is free, but only offered to whom the final transcript can be charged).
    expect(await server.app.liveDraft.started(rec)).toEqual({ available: false, reason: 'no_credits' });
    await server.app.credits.grant(owner.user.id, 1, 'test');
    const ownerLive = await openLive(server, owner.cookie);
    const otherLive = await openLive(server, other.cookie);
    try {
      expect(await server.app.liveDraft.started(rec)).toEqual({ available: true });
      const { pieces } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 2);
      for (const [seq, piece] of pieces.entries()) {
        server.app.liveDraft.piece(rec, seq, piece);
        await server.app.liveDraft.settled(rec.id);
      }
      const draft = await ownerLive.until((m) => m.type === DRAFT_EVENT);
      expect(draft.data).toMatchObject({ recordingId: 'srv-1', revision: 1, segments: [{ text: 'window 1', final: false }] });
      await new Promise((r) => setTimeout(r, 200));
      expect(otherLive.messages.filter((m) => m.type === DRAFT_EVENT)).toEqual([]);
      server.app.liveDraft.ended(rec, 'finished');
      expect(server.app.liveDraft.activeSessions).toBe(0);
    } finally {
      await ownerLive.close();
      await otherLive.close();
    }
  }, 60_000);

  it('LIVE_DRAFT_ENABLED=false answers disabled; LIVE_DRAFT_MAX_SESSIONS sets the limit', async () => {
    offServer = await startServer({ LIVE_DRAFT_ENABLED: 'false' }, { worker: true, engine, pglite: true });
    expect(await offServer.app.liveDraft.started(webm('off', 1))).toEqual({ available: false, reason: 'disabled' });
    expect(server.config.liveDraft).toEqual({ enabled: true, maxSessions: 2 });
  });
});
