// Transcription jobs through the real server with the built-in engine: upload over HTTP, watch /ws,
// read the result over HTTP. PGlite by default, PostgreSQL when DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiErrors, type Segment } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/client.ts';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { wordErrorRate } from '../support/wer.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, fixture, fixtureDir } from '../library-helpers.ts';
import { LIBRIVOX_TEXT, SHARED_MODEL_CACHE } from './helpers.ts';
import { controllableEngine, monotonic, openLive, repeatedRecording, tempFiles, type LiveSocket } from './server-helpers.ts';

interface TranscriptJson {
  id: number;
  title: string;
  content: string;
  metadata: {
    duration: number | null;
    status: string;
    progress: number;
    error: string | null;
    language: string | null;
    timestamps: Segment[];
  };
}

describe('transcription jobs with the built-in engine', () => {
  let server: TestServer;
  const { engine, state } = controllableEngine(createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE }));
  let a: ReturnType<typeof api> & { cookie: string; id: number };
  let b: ReturnType<typeof api> & { cookie: string; id: number };
  let liveA: LiveSocket;
  let liveB: LiveSocket;
  let long: Awaited<ReturnType<typeof repeatedRecording>>;

  beforeAll(async () => {
    server = await startServer({ TRANSCRIPTION_RETRIES: '1', TRANSCRIPTION_RETRY_DELAY_SECONDS: '1' }, { worker: true, engine });
    const ra = await register(server);
    const rb = await register(server);
    a = { ...api(server, ra.cookie), cookie: ra.cookie, id: ra.user.id };
    b = { ...api(server, rb.cookie), cookie: rb.cookie, id: rb.user.id };
    liveA = await openLive(server, a.cookie);
    liveB = await openLive(server, b.cookie);
    long = await repeatedRecording(8);
  });
  afterAll(async () => {
    await liveA?.close();
    await liveB?.close();
    await server?.close();
  });

  const transcript = async (id: number) => (await a.get(`/api/transcripts/${id}`)).json as unknown as TranscriptJson;
  const upload = async (name: string, data: Uint8Array) => {
    const res = await a.upload(name, data);
    expect(res.status).toBe(201);
    return res.json.id!;
  };

  it('turns the LibriVox recording into a transcript with the right words, announced to its owner only', async () => {
    const id = await upload('librivox-sense-and-sensibility-0870.wav', fixture('wav'));
    const complete = await liveA.status(id, 'complete');
    expect(complete).toEqual({
      transcriptId: id,
      type: 'complete',
      progress: 100,
      message: 'Transcription completed!',
      messageCode: 'TRANSCRIPTION_COMPLETED',
    });

    const t = await transcript(id);
    expect(t.metadata.status).toBe('completed');
    expect(t.metadata.progress).toBe(100);
    expect(t.metadata.error).toBeNull();
    expect(t.metadata.language).toBe('en');
    expect(t.metadata.duration).toBeCloseTo(7.1, 1);
    const segments = t.metadata.timestamps;
    expect(segments.length).toBeGreaterThan(0);
    expect(monotonic(segments, t.metadata.duration!)).toBe(true);
    // One reader: speaker detection, which follows the transcription, finds one speaker.
    expect(segments.every((s) => s.speaker === 'Speaker 1')).toBe(true);
    // Review data is stored and served: a confidence on every segment, no flags on clean speech.
    expect(segments.every((s) => s.confidence! > 0.75 && s.confidence! <= 1)).toBe(true);
    expect(segments.filter((s) => 'flags' in s)).toEqual([]);
    // And the words with their times: in their segment, spelling its text ('Dashwood' about 1.0 s in).
    for (const s of segments) {
      expect(s.words?.map((w) => w.text).join('')).toBe(s.text);
      expect(s.words!.every((w) => w.start >= s.start && w.end <= s.end && w.start <= w.end)).toBe(true);
    }
    const dashwood = segments.flatMap((s) => s.words ?? []).find((w) => w.text.trim() === 'Dashwood');
    expect(dashwood!.start).toBeGreaterThan(0.8);
    expect(dashwood!.start).toBeLessThan(1.3);
    expect(t.content).toBe(segments.map((s) => s.text).join(' '));
    expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.1);
    expect(t.content).toContain('Dashwood');

    // The tree shows it done; events started at 0 % and only A heard them.
    const tree = await a.tree();
    expect(tree).toContainEqual(expect.objectContaining({ id, status: 'completed' }));
    const events = liveA.statuses(id);
    expect(events[0]).toEqual({
      transcriptId: id,
      type: 'progress',
      progress: 0,
      message: 'Transcribing audio...',
      messageCode: 'TRANSCRIBING',
    });
    expect(events.at(-1)!.type).toBe('complete');
    expect(liveB.messages.filter((m) => m.type !== 'connection')).toEqual([]);
    expect(tempFiles(server.dataDir)).toEqual([]);
  });

  it('stores rising progress on a longer recording, so a reload shows the current percent', async () => {
    const id = await upload('eight-readings.wav', long.wav);
    // A progress event past the start: the stored value is at least what the event said.
    const mid = await liveA.status(id, (e) => e.type === 'progress' && (e.progress ?? 0) > 0);
    const during = await transcript(id);
    if (during.metadata.status === 'processing') expect(during.metadata.progress).toBeGreaterThanOrEqual(mid.progress!);
    await liveA.status(id, 'complete');

    const progress = liveA
      .statuses(id)
      .filter((e) => e.type === 'progress')
      .map((e) => e.progress!);
    expect(progress[0]).toBe(0);
    expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]);

    const t = await transcript(id);
    expect(t.metadata.duration).toBeCloseTo(long.seconds, 1);
    expect(monotonic(t.metadata.timestamps, t.metadata.duration!)).toBe(true);
    expect(wordErrorRate(long.reference, t.content).rate).toBeLessThan(0.1);
    expect(liveB.statuses()).toEqual([]);
  });

  it('retries a job after a failed attempt, and it then completes', async () => {
    state.failures = 1;
    const calls = state.calls;
    const id = await upload('retry-me.wav', fixture('wav'));
    await liveA.status(id, 'complete');
    expect(state.calls - calls).toBe(2);
    const retrying = liveA.statuses(id).find((e) => e.message?.startsWith('Transcription failed, trying again'));
    expect(retrying).toEqual({
      transcriptId: id,
      type: 'progress',
      progress: 0,
      message: 'Transcription failed, trying again: simulated engine crash',
      messageCode: 'TRANSCRIPTION_RETRYING',
      messageParams: { reason: 'simulated engine crash' },
    });
    const t = await transcript(id);
    expect(t.metadata.status).toBe('completed');
    expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.1);
    // pg-boss records the completion right after the handler returns.
    await expect
      .poll(async () => {
        const [job] = await selectRows<{ retry_count: number; state: string }>(
          server.app.database.db,
          sql`select retry_count, state::text as state from pgboss.job where data->>'transcriptId' = ${String(id)}`,
        );
        return job;
      })
      .toEqual({ retry_count: 1, state: 'completed' });
  });

  it('ends in error with the reason once the retries are used up', async () => {
    state.failures = 2; // the first attempt and its one retry
    const id = await upload('always-fails.wav', fixture('wav'));
    const error = await liveA.status(id, 'error');
    const message = 'Transcription failed: simulated engine crash';
    const cause = { errorCode: 'TRANSCRIPTION_FAILED', errorParams: { reason: 'simulated engine crash' } };
    expect(error).toEqual({ transcriptId: id, type: 'error', message, error: message, ...cause });
    const t = await transcript(id);
    expect(t.metadata).toMatchObject({ status: 'error', error: message, ...cause });
    expect(t.content).toBe('');
    expect(await a.tree()).toContainEqual(expect.objectContaining({ id, status: 'error' }));
  });

  it('refuses a file that is not decodable audio at upload: no transcript, no job (test/uploads/upload-probe.test.ts has more)', async () => {
    const calls = state.calls;
    // A valid Ogg signature (the first-bytes check accepts it) followed by noise.
    const res = await a.upload('not-really.ogg', Buffer.concat([Buffer.from('OggS'), randomBytes(4000)]));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'AUDIO_UNDECODABLE' });
    expect(state.calls).toBe(calls);
  });

  it('ends German speech as Not English, refunded (the balance is back), and still transcribes noisy English', async () => {
    const before = (await a.get('/api/credits/balance')).json.balance;
    const german = await upload('rede.mp3', readFileSync(join(fixtureDir, 'german-espeak-meeting.mp3')));
    const error = await liveA.status(german, 'error');
    expect(error).toMatchObject({ errorCode: 'NOT_ENGLISH', error: apiErrors.NOT_ENGLISH });
    expect((await transcript(german)).metadata).toMatchObject({ status: 'error', error: apiErrors.NOT_ENGLISH });
    expect((await a.get('/api/credits/balance')).json.balance).toBe(before);
    const noisy = await upload('noisy.flac', fixture('noise-5db.flac'));
    const complete = await liveA.status(noisy, 'complete');
    expect(complete.type).toBe('complete');
    expect((await transcript(noisy)).content).toContain('Dashwood');
  }, 240_000);

  it('deleting a transcript while its job runs leaves no row, no temp file and no crash', async () => {
    const aborted = state.aborted;
    // The job may not finish before the delete lands, however fast the engine runs on this machine.
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const id = await upload('deleted-midway.wav', long.wav);
    await liveA.status(id, (e) => e.type === 'progress' && (e.progress ?? 0) > 0);
    expect((await a.del(`/api/transcripts/${id}`)).status).toBe(200);
    state.hold = null;
    release();
    // The job notices and stops (existence check or its next progress write).
    await expect.poll(() => state.running, { timeout: 20_000, interval: 100 }).toBe(0);
    expect(state.aborted - aborted).toBeLessThanOrEqual(1);
    await expect.poll(() => tempFiles(server.dataDir), { timeout: 5000 }).toEqual([]);

    expect((await a.get(`/api/transcripts/${id}`)).status).toBe(404);
    const rows = await selectRows<{ n: number | string }>(
      server.app.database.db,
      sql`select count(*) as n from transcripts where id = ${id}`,
    );
    expect(Number(rows[0].n)).toBe(0);
    expect(liveA.statuses(id).filter((e) => e.type !== 'progress')).toEqual([]);
    // The job ended without an error (nothing to retry) and the worker goes on.
    await expect
      .poll(
        async () => {
          const [job] = await selectRows<{ state: string }>(
            server.app.database.db,
            sql`select state::text as state from pgboss.job where data->>'transcriptId' = ${String(id)}`,
          );
          return job?.state;
        },
        { timeout: 10_000 },
      )
      .toBe('completed');
    const next = await upload('after-delete.wav', fixture('wav'));
    await liveA.status(next, 'complete');
  });
});
