// Live draft text of a growing recording with the built-in engine: pieces of the Chromium (WebM) and
// Firefox-like (Ogg Opus) fixture are fed one by one, as the recordings feature does after each ack.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftSegment } from '../../src/features/live-draft/drafting.ts';
import { normalizeWords } from '../../src/features/live-draft/drafting.ts';
import { createLiveDraftObserver, DRAFT_EVENT, type LiveDraftObserver } from '../../src/features/live-draft/observer.ts';
import type { LiveEvent } from '../../src/features/live/hub.ts';
import { draftEngineFor } from '../../src/features/live-draft/engine.ts';
import { createWhisperEngine, decodeToPcm, type WhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { repeatedRecordingPieces, splitBytes } from '../support/webm.ts';
import { LIBRIVOX_CLIP, LIBRIVOX_TEXT, SHARED_MODEL_CACHE, tempDir } from '../transcription/helpers.ts';
import { timerGapsDuring } from '../support/thread-gaps.ts';

interface Draft {
  recordingId: string;
  revision: number;
  segments: DraftSegment[];
}

const log = pino({ level: 'silent' });
const words = (segments: DraftSegment[]) => normalizeWords(segments.map((s) => s.text).join(' '));
const allCredits = { requireTranscriptionCredits: async () => {} };

describe('live drafts with the built-in engine', () => {
  let engine: WhisperEngine;
  let observer: LiveDraftObserver;
  const events: LiveEvent[] = [];
  const dir = tempDir('scribe-live-draft-');
  const drafts = (id: string) =>
    events.filter((e) => e.type === DRAFT_EVENT && (e.data as Draft).recordingId === id).map((e) => e.data as Draft);

  beforeAll(async () => {
    engine = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE });
    await engine.ready();
    observer = createLiveDraftObserver({
      enabled: true,
      maxSessions: 4,
      engine,
      hub: { publish: async (e) => void events.push(e) },
      credits: allCredits,
      log,
      tmpDir: dir,
    });
  }, 120_000);
  afterAll(async () => {
    await observer?.close();
    await engine?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('drafts a WebM recording cut anywhere: final text holds the spoken words and never changes, provisional text does', async () => {
    // Two readings of the clip back to back (14 s), cut into 14 pieces at arbitrary bytes.
    const { pieces: clusters } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 2);
    const whole = Buffer.concat(clusters);
    const pieces = splitBytes(whole, 14);
    const rec = { id: 'webm-1', userId: 7, mimeType: 'audio/webm;codecs=opus', language: null };
    expect(await observer.started(rec)).toEqual({ available: true });
    for (const [seq, piece] of pieces.entries()) {
      observer.piece(rec, seq, piece);
      await observer.settled(rec.id); // a pass per piece, as with one piece per second on an idle machine
    }
    const seen = drafts(rec.id);
    expect(seen.length).toBeGreaterThan(3);
    expect(events.filter((e) => (e.data as Draft).recordingId === rec.id).every((e) => e.userId === 7)).toBe(true);

    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].revision).toBeGreaterThan(seen[i - 1].revision);
      // Final segments never change: each draft's final segments start with the previous draft's.
      const before = seen[i - 1].segments.filter((s) => s.final);
      expect(seen[i].segments.slice(0, before.length)).toEqual(before);
    }
    for (const draft of seen) {
      // Segments cover the recording from its start, in order, final ones first.
      const firstProvisional = draft.segments.findIndex((s) => !s.final);
      if (firstProvisional >= 0) expect(draft.segments.slice(firstProvisional).every((s) => !s.final)).toBe(true);
      for (let k = 1; k < draft.segments.length; k++)
        expect(draft.segments[k].start).toBeGreaterThanOrEqual(draft.segments[k - 1].end - 0.01);
      expect(draft.segments[0].start).toBeLessThan(1);
    }
    // Provisional text was revised at least once as more audio came in.
    const revised = seen.some((draft, i) => {
      const next = seen[i + 1];
      return next && draft.segments.some((s) => !s.final && !next.segments.some((n) => n.text === s.text && n.start === s.start));
    });
    expect(revised).toBe(true);

    const last = seen[seen.length - 1].segments;
    const finalText = words(last.filter((s) => s.final));
    // The first reading became final and holds the spoken words.
    for (const phrase of ['john dashwood', 'leisure to consider', 'prudently in his power', 'to do for them'])
      expect(finalText).toContain(phrase);
    // The whole draft covers both readings.
    expect(words(last).split('dashwood').length - 1).toBe(2);
    expect(LIBRIVOX_TEXT).toContain('prudently in his power');
  }, 240_000);

  it('drafts an Ogg Opus recording (Firefox) piece by piece', async () => {
    const pieces = splitBytes(readFileSync(`${LIBRIVOX_CLIP}.opus.ogg`), 7);
    const rec = { id: 'ogg-1', userId: 8, mimeType: 'audio/ogg;codecs=opus', language: 'en' };
    expect(await observer.started(rec)).toEqual({ available: true });
    for (const [seq, piece] of pieces.entries()) {
      observer.piece(rec, seq, piece);
      await observer.settled(rec.id);
    }
    const seen = drafts(rec.id);
    expect(seen.length).toBeGreaterThan(0);
    expect(words(seen[seen.length - 1].segments)).toContain('john dashwood');
    observer.ended(rec, 'finished');
  }, 120_000);

  it('drafts a fragmented MP4 recording (Chromium audio/mp4) piece by piece', async () => {
    const pieces = splitBytes(readFileSync(`${LIBRIVOX_CLIP}.m4a`), 7);
    const rec = { id: 'mp4-1', userId: 8, mimeType: 'audio/mp4;codecs=opus', language: null };
    expect(await observer.started(rec)).toEqual({ available: true });
    for (const [seq, piece] of pieces.entries()) {
      observer.piece(rec, seq, piece);
      await observer.settled(rec.id);
    }
    const seen = drafts(rec.id);
    expect(seen.length).toBeGreaterThan(1); // drafts while pieces arrive, not one at the end
    expect(words(seen[seen.length - 1].segments)).toContain('john dashwood');
    observer.ended(rec, 'finished');
  }, 120_000);

  it('ended frees the session at once: a running pass publishes nothing more', async () => {
    const { pieces } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 1);
    const rec = { id: 'ended-1', userId: 9, mimeType: 'audio/webm', language: null };
    const before = observer.activeSessions;
    expect(await observer.started(rec)).toEqual({ available: true });
    expect(observer.activeSessions).toBe(before + 1);
    for (const [seq, piece] of pieces.slice(0, 3).entries()) {
      observer.piece(rec, seq, piece);
      await observer.settled(rec.id);
    }
    const published = drafts(rec.id).length;
    expect(published).toBeGreaterThan(0);
    // A piece whose pass is under way when the recording ends.
    observer.piece(rec, 3, pieces[3]);
    await new Promise((r) => setTimeout(r, 50));
    observer.ended(rec, 'discarded');
    expect(observer.activeSessions).toBe(before);
    observer.piece(rec, 4, pieces[4]); // late piece: ignored
    await new Promise((r) => setTimeout(r, 3000));
    expect(drafts(rec.id).length).toBe(published);
    // The slot is free again for a new recording.
    expect(await observer.started({ ...rec, id: 'ended-2' })).toEqual({ available: true });
    observer.ended({ ...rec, id: 'ended-2' }, 'abandoned');
  }, 120_000);

  it('runs passes outside the server thread: the event loop keeps turning during a pass', async () => {
    // onnxruntime-node infers synchronously on the calling thread; piece uploads and /ws must not wait for it.
    const draft = draftEngineFor(engine, { tmpDir: dir });
    const pcm = await decodeToPcm(`${LIBRIVOX_CLIP}.wav`);
    const samples = await pcm.read(0, pcm.length);
    try {
      await draft.transcribe(samples.slice(), {}); // starts the process and loads its model
      // It runs at a lower priority than the server: requests and jobs first when the cores are busy.
      const children = execFileSync('ps', ['-o', 'ni=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
      const drafter = children.split('\n').find((line) => line.includes('draft-process'));
      expect(Number(drafter?.trim().split(/\s+/)[0])).toBe(10);
      const { result: segments, ms, longestGap } = await timerGapsDuring(() => draft.transcribe(samples.slice(), {}));
      expect(normalizeWords(segments.map((s) => s.text).join(' '))).toContain('john dashwood');
      expect(longestGap).toBeLessThan(ms / 2);
    } finally {
      await draft.close?.();
    }
  }, 120_000);
});
