// The scale-out topology working as a whole and surviving the loss of a process: two web and two worker
// processes of the real entry point on PostgreSQL and S3 (s3rver), behind a round-robin proxy
// (harness.ts). Runs in the PostgreSQL pass of .ci/run only; the scenarios run in order and the later
// ones kill processes for good.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLiveClient, type LiveStatus, type TranscriptionStatusEvent, type WebSocketLike } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newAccount, postJson, sessionCookie, type TestServer } from '../helpers.ts';
import { api, CHUNK, fixture, newUploadId } from '../library-helpers.ts';
import { normalizeWords, type DraftSegment } from '../../src/features/live-draft/drafting.ts';
import { recordingsApi } from '../recordings-helpers.ts';
import { repeatedRecordingPieces } from '../support/webm.ts';
import { startFakeChat, type FakeChat } from '../support/fake-chat.ts';
import { wordErrorRate } from '../support/wer.ts';
import { LIBRIVOX_CLIP, LIBRIVOX_TEXT } from '../transcription/helpers.ts';
import { openLive, repeatedRecording, wsUrl } from '../transcription/server-helpers.ts';
import { startCluster, type Cluster } from './harness.ts';
import { stereo48kFloatWav } from './audio.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

interface TranscriptBody {
  content: string;
  metadata: { status: string; progress: number; duration: number | null; timestamps: Array<{ end: number }> };
}

/**
 * A transcript of the fixture read several times over: completed, as long as the recording, with words
 * to its end, each reading right. (Whisper may leave out a word-for-word repeat of a sentence, so the
 * text is checked per reading rather than against every copy.)
 */
function expectWholeReading(t: TranscriptBody, seconds: number) {
  expect(t.metadata).toMatchObject({ status: 'completed', progress: 100 });
  expect(t.metadata.duration).toBeCloseTo(seconds, 0);
  expect(t.metadata.timestamps.at(-1)!.end).toBeGreaterThan(seconds - 10);
  const readings = t.content.split(/(?<=them\.)\s*/).filter(Boolean);
  expect(readings.length).toBeGreaterThanOrEqual(Math.ceil(seconds / 16));
  for (const reading of readings) expect(wordErrorRate(LIBRIVOX_TEXT, reading).rate).toBeLessThan(0.1);
}

describe.runIf(onPostgres)('PostgreSQL: two web and two worker processes behind a proxy', () => {
  let cluster: Cluster;
  let chat: FakeChat;
  // The proxy is what a browser talks to.
  const site = () => ({ url: cluster.url }) as TestServer;

  beforeAll(async () => {
    chat = await startFakeChat(() => ({ pieces: ['The reading ', 'is about ', 'Elinor ', 'and her sisters.'], delayMs: 60 }));
    cluster = await startCluster({ AI_BASE_URL: chat.url, AI_API_KEY: 'test-key' });
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
    await chat?.close();
  });

  async function signUp() {
    const account = await newAccount(site());
    const res = await postJson(site(), '/api/auth/register', account);
    expect(res.status).toBe(201);
    const user = (await res.json()) as { id: number };
    const cookie = sessionCookie(res)!;
    return { id: user.id, cookie, client: api(site(), cookie) };
  }

  async function ledger(userId: number) {
    return cluster.query<{ kind: string; amount: number; reference: string | null }>(
      'select kind, amount, reference from credit_entries where user_id = $1 order by id',
      [userId],
    );
  }

  it('an upload through one web process is transcribed by a worker; a socket on the other web process sees its progress and completion', async () => {
    const user = await signUp();
    const live = await openLive(site(), user.cookie);
    const socketOn = cluster.proxy.lastBackend('UPGRADE /ws');
    const res = await user.client.upload('librivox.wav', fixture('wav'));
    expect(res.status).toBe(201);
    const id = res.json.id!;
    const uploadOn = cluster.proxy.lastBackend('POST /api/transcripts/upload');
    expect(socketOn).toBeDefined();
    expect(uploadOn).toBeDefined();
    expect(uploadOn).not.toBe(socketOn);

    expect((await live.status(id, 'progress', 90_000)).progress).toBe(0);
    await live.status(id, 'complete', 90_000);
    // A worker ran it (a web process only queues) and its events crossed over LISTEN/NOTIFY.
    await expect.poll(() => cluster.loggedBy('transcription completed', id).map((p) => p.role)).toEqual(['worker']);

    // The audio is in S3 and on no process's disk.
    expect(filesUnder(cluster.s3.directory).length).toBeGreaterThan(0);
    for (const p of [...cluster.web, ...cluster.workers]) expect(filesUnder(join(p.dataDir, 'files'))).toEqual([]);
    // Each web process reads the same transcript and streams the same audio.
    for (const web of cluster.web) {
      const t = (await api(web as unknown as TestServer, user.cookie).get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody;
      expect(t.metadata.status).toBe('completed');
      expect(wordErrorRate(LIBRIVOX_TEXT, t.content).rate).toBeLessThan(0.1);
      const audio = await fetch(`${web.url}/api/transcripts/${id}/audio`, { headers: { Cookie: user.cookie } });
      expect(audio.status).toBe(200);
      expect(Buffer.from(await audio.arrayBuffer()).equals(fixture('wav'))).toBe(true);
    }
    await live.close();
  }, 120_000);

  it('a chunked upload whose chunks land on different web processes becomes one recording in S3, transcribed to its end', async () => {
    const user = await signUp();
    const recording = await repeatedRecording(9);
    // 71 s of speech in 27 MB: two chunks.
    const file = stereo48kFloatWav(recording.wav);
    const totalChunks = Math.ceil(file.length / CHUNK);
    expect(totalChunks).toBe(2);
    const uploadId = newUploadId();
    const chunkOn: string[] = [];
    for (let i = 0; i < totalChunks; i++) {
      const res = await user.client.chunk(
        { uploadId, chunkIndex: i, totalChunks, originalName: 'nine-readings.wav' },
        file.subarray(i * CHUNK, (i + 1) * CHUNK),
      );
      expect(res.status).toBe(200);
      chunkOn.push(cluster.proxy.lastBackend('POST /api/transcripts/upload-chunk')!);
    }
    expect(new Set(chunkOn).size).toBe(2);
    const live = await openLive(site(), user.cookie);
    const done = await user.client.finalize(uploadId, 'nine-readings.wav', totalChunks);
    expect(done.status).toBe(201);
    const id = (done.json as { id: number }).id;

    await live.status(id, 'complete', 120_000);
    // The worker read the whole file from S3.
    expectWholeReading((await user.client.get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody, recording.seconds);
    const audio = await fetch(`${cluster.url}/api/transcripts/${id}/audio`, { headers: { Cookie: user.cookie } });
    expect(Buffer.from(await audio.arrayBuffer()).equals(file)).toBe(true);
    await live.close();
  }, 180_000);

  it('an AI prompt answered on one web process streams to a socket on the other, and is paid for once', async () => {
    const user = await signUp();
    const res = await user.client.upload('librivox.wav', fixture('wav'));
    const id = res.json.id!;
    await expect
      .poll(async () => ((await user.client.get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody).metadata.status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe('completed');
    const before = await ledger(user.id);

    const live = await openLive(site(), user.cookie);
    const socketOn = cluster.proxy.lastBackend('UPGRADE /ws');
    const prompt = 'What is the reading about?';
    const answer = await user.client.post(`/api/transcripts/${id}/custom-prompt`, { prompt, model: 'gpt-3.5' });
    expect(answer.status, answer.text).toBe(201);
    expect(chat.requests).toHaveLength(1);
    const promptOn = cluster.proxy.lastBackend(`POST /api/transcripts/${id}/custom-prompt`);
    expect(promptOn).not.toBe(socketOn);
    expect(answer.json.output).toBe('The reading is about Elinor and her sisters.');

    await live.until((m) => m.type === 'ai_output_stream' && (m.data as { done: boolean }).done);
    const stream = live.messages.filter((m) => m.type === 'ai_output_stream').map((m) => m.data as { seq: number; delta: string });
    expect(stream.map((e) => e.seq)).toEqual(stream.map((_, i) => i));
    expect(stream.map((e) => e.delta).join('')).toBe(answer.json.output);
    // Listed through either web process; one charge in the ledger.
    for (const web of cluster.web) {
      const outputs = (await api(web as unknown as TestServer, user.cookie).get(`/api/transcripts/${id}/ai-outputs`))
        .json as unknown as Array<{
        output: string;
      }>;
      expect(outputs.map((o) => o.output)).toEqual([answer.json.output]);
    }
    const after = await ledger(user.id);
    expect(after.slice(before.length).map((e) => [e.kind, e.amount])).toEqual([['ai_prompt', -1]]);
    await live.close();
  }, 120_000);

  it('a recording streamed through the proxy, its pieces alternating between the web processes, gets live drafts from a worker and finishes into a transcript', async () => {
    const user = await signUp();
    const live = await openLive(site(), user.cookie);
    const recordings = recordingsApi(site(), user.cookie);
    const created = await recordings.create();
    expect(created.status).toBe(201);
    expect(created.json.live).toEqual({ available: true });
    const id = (created.json.recording as { id: string }).id;

    const { pieces } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 2);
    const pieceOn: string[] = [];
    for (const [seq, piece] of pieces.entries()) {
      expect((await recordings.put(id, seq, piece)).status).toBe(200);
      pieceOn.push(cluster.proxy.lastBackend(`PUT /api/recordings/${id}/pieces/${seq}`)!);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set(pieceOn)).toEqual(new Set(cluster.web.map((w) => w.name)));
    const words = (m: { data: unknown }) => normalizeWords((m.data as { segments: DraftSegment[] }).segments.map((s) => s.text).join(' '));
    const phrases = ['john dashwood', 'leisure to consider', 'prudently in his power'];
    await live.until(
      (m) =>
        m.type === 'recording_draft' &&
        (m.data as { recordingId: string }).recordingId === id &&
        phrases.every((p) => words(m).includes(p)),
      120_000,
    );
    expect(live.messages.filter((m) => m.type === 'recording_live')).toEqual([]);
    // One worker drafted it.
    const claims = await cluster.query<{ worker_id: string }>('select worker_id from live_draft_claims where recording_id = $1', [id]);
    expect(claims).toHaveLength(1);
    expect(claims[0].worker_id).not.toBe('');

    const finished = await recordings.finish(id);
    expect(finished.status).toBe(201);
    const transcriptId = (finished.json.transcript as { id: number }).id;
    await live.status(transcriptId, 'complete', 120_000);
    const t = (await user.client.get(`/api/transcripts/${transcriptId}`)).json as unknown as TranscriptBody;
    expect(t.metadata.status).toBe('completed');
    for (const phrase of phrases) expect(normalizeWords(t.content)).toContain(phrase);
    expect((await recordings.audio(transcriptId)).equals(Buffer.concat(pieces))).toBe(true);
    await live.close();
  }, 180_000);

  it('a worker killed in the middle of a job: the other worker finishes it, charged once', async () => {
    const user = await signUp();
    const live = await openLive(site(), user.cookie);
    const recording = await repeatedRecording(12);
    const res = await user.client.upload('twelve-readings.wav', recording.wav);
    expect(res.status).toBe(201);
    const id = res.json.id!;

    // Mid-job: the first window is done, more remain.
    const midway = await live.status(id, (e) => e.type === 'progress' && (e.progress ?? 0) > 0, 120_000);
    expect(midway.progress).toBeLessThan(100);
    const [victim] = cluster.loggedBy('transcription started', id);
    expect(victim?.role).toBe('worker');
    await victim!.kill();
    const survivor = cluster.workers.find((w) => w !== victim)!;

    await live.status(id, 'complete', 120_000);
    const names = (message: string) => cluster.loggedBy(message, id).map((p) => p.name);
    expect(names('transcription started')).toEqual([victim!.name, survivor.name]);
    await expect.poll(() => names('transcription completed')).toEqual([survivor.name]);
    expect(survivor.main.output()).toContain('transcription job of a stopped process: starting it again');
    // The browser saw the restart from zero, then the end, and no error.
    const after = live.statuses(id).slice(live.statuses(id).indexOf(midway) + 1);
    const restart = after.findIndex((e) => e.type === 'progress' && e.progress === 0);
    expect(restart).toBeGreaterThanOrEqual(0);
    expect(after.at(-1)).toMatchObject({ type: 'complete', progress: 100 });
    expect(after.filter((e) => e.type === 'error')).toEqual([]);

    expectWholeReading((await user.client.get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody, recording.seconds);
    // Nothing charged twice, nothing refunded: the starting grant and one charge for 2 started minutes.
    expect(recording.seconds).toBeGreaterThan(60);
    expect(recording.seconds).toBeLessThan(120);
    expect(await ledger(user.id)).toEqual([
      { kind: 'starting_grant', amount: 60, reference: expect.any(String) as string },
      { kind: 'transcription', amount: -2, reference: `transcript:${id}` },
    ]);
    expect((await user.client.get('/api/credits/balance')).json).toEqual({ balance: 58 });
    await live.close();
  }, 180_000);

  it("a web process killed under a browser's socket: the live client reconnects through the proxy to the other and misses nothing", async () => {
    const user = await signUp();
    // The app's own live client (reconnect policy included), on a socket that carries the cookie.
    const CookieSocket = class extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { Cookie: user.cookie } });
      }
    };
    const statuses: LiveStatus[] = [];
    const events: TranscriptionStatusEvent[] = [];
    const live = createLiveClient({
      url: wsUrl(site()),
      WebSocket: CookieSocket as unknown as new (url: string) => WebSocketLike,
      onStatus: (s) => statuses.push(s),
    });
    live.on('transcription_status', (e) => events.push(e));
    let connections = 0;
    live.on('connection', () => (connections += 1));
    live.start();
    try {
      await expect.poll(() => connections, { timeout: 10_000 }).toBe(1);
      const socketOn = cluster.proxy.lastBackend('UPGRADE /ws')!;
      const victim = cluster.web.find((w) => w.name === socketOn)!;

      const recording = await repeatedRecording(12);
      const res = await user.client.upload('twelve-readings.wav', recording.wav);
      expect(res.status).toBe(201);
      const id = res.json.id!;
      await expect.poll(() => events.some((e) => e.transcriptId === id && (e.progress ?? 0) > 0), { timeout: 120_000 }).toBe(true);

      await victim.kill();
      // Reconnected (the policy's first retry after 1 s) through the proxy to the surviving process.
      await expect.poll(() => connections, { timeout: 15_000 }).toBe(2);
      expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'reconnecting', 'open']);
      const survivor = cluster.web.find((w) => w !== victim)!;
      expect(cluster.proxy.lastBackend('UPGRADE /ws')).toBe(survivor.name);

      // What the app does once the channel is back: read the transcript again; then follow the events.
      const refetched = (await user.client.get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody;
      expect(['processing', 'completed']).toContain(refetched.metadata.status);
      if (refetched.metadata.status === 'processing') {
        await expect.poll(() => events.some((e) => e.transcriptId === id && e.type === 'complete'), { timeout: 120_000 }).toBe(true);
      }
      expectWholeReading((await user.client.get(`/api/transcripts/${id}`)).json as unknown as TranscriptBody, recording.seconds);
      // Every request after the loss went to the survivor and none failed.
      expect((await user.client.get('/api/folders/tree')).status).toBe(200);
      expect((await user.client.get('/api/credits/balance')).json).toEqual({ balance: 58 });
    } finally {
      live.stop();
    }
  }, 180_000);
});
