// Text while it works: a long upload's transcript fills in while it is transcribed, through the real
// server (HTTP and /ws) with the built-in engine on two inference processes.
import { writeFile } from 'node:fs/promises';
import type { Segment } from '@scribe/api-client';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, type TranscriptionEngine, type TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { SHARED_MODEL_CACHE, tempDir } from './helpers.ts';
import { openLive, repeatedRecording, type LiveSocket } from './server-helpers.ts';

interface TranscriptJson {
  content: string;
  metadata: { status: string; progress: number; timestamps: Segment[] };
}

/** The segments without their speakers: what the engine made, before detection named who speaks. */
const unlabelled = (segments: readonly Pick<Segment, 'speaker'>[]) => segments.map(({ speaker: _speaker, ...rest }) => rest);

/**
 * The engine, held at points the test opens: after its first reported text (so the test can look at the
 * transcript while it is surely still processing), and at its end (to fail it instead of finishing).
 */
function heldEngine(inner: TranscriptionEngine) {
  const gate = { open: () => {}, failWith: null as Error | null, reported: 0 };
  let opened = Promise.resolve();
  const engine: TranscriptionEngine = {
    name: inner.name,
    languages: inner.languages,
    ready: () => inner.ready?.() ?? Promise.resolve(),
    close: () => inner.close?.() ?? Promise.resolve(),
    async transcribe(input: TranscriptionInput) {
      opened = new Promise<void>((resolve) => (gate.open = resolve));
      const result = await inner.transcribe({
        ...input,
        onSegments: (prefix) => {
          gate.reported++;
          input.onSegments?.(prefix);
        },
      });
      await opened;
      if (gate.failWith) throw gate.failWith;
      return result;
    },
  };
  return { engine, gate };
}

describe('a long upload shows its text while it is transcribed', () => {
  let server: TestServer;
  const whisper = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE, processes: 2 });
  const { engine, gate } = heldEngine(whisper);
  let owner: ReturnType<typeof api>;
  let live: LiveSocket;
  let long: Awaited<ReturnType<typeof repeatedRecording>>;
  const dir = tempDir();

  beforeAll(async () => {
    server = await startServer({}, { worker: true, engine });
    const r = await register(server);
    owner = api(server, r.cookie);
    live = await openLive(server, r.cookie);
    // ~3 minutes: two parts on the two inference processes, several windows each.
    long = await repeatedRecording(24);
  }, 60_000);
  afterAll(async () => {
    await live?.close();
    await server?.close();
  });

  const transcript = async (id: number) => (await owner.get(`/api/transcripts/${id}`)).json as unknown as TranscriptJson;
  const balance = async () => ((await owner.get('/api/credits/balance')).json as unknown as { balance: number }).balance;
  const sentSegments = (id: number) => {
    const text: Segment[] = [];
    for (const m of live.messages) {
      const data = m.data as { transcriptId: number; from: number; segments: Segment[] };
      if (m.type !== 'transcription_segments' || data.transcriptId !== id) continue;
      expect(data.from).toBeLessThanOrEqual(text.length);
      text.splice(data.from, data.segments.length, ...data.segments);
    }
    return text;
  };

  it('GET returns an in-order beginning while processing; the finished transcript is the engine’s, charged once', async () => {
    const before = await balance();
    const res = await owner.upload('three-minutes.wav', long.wav);
    expect(res.status).toBe(201);
    const id = res.json.id!;

    // The job holds its end until the test has seen the text in progress.
    let during: TranscriptJson | undefined;
    await expect
      .poll(
        async () => {
          during = await transcript(id);
          return during.metadata.status === 'processing' ? during.metadata.timestamps.length : -1;
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    expect(during!.metadata.status).toBe('processing');
    // Still no finished text: the content comes with the whole transcript.
    expect(during!.content).toBe('');
    const prefix = during!.metadata.timestamps;
    for (let i = 1; i < prefix.length; i++) expect(prefix[i].start).toBeGreaterThanOrEqual(prefix[i - 1].end);
    expect(prefix[0].text).toMatch(/\w/);
    // Editing waits for the finished transcript.
    expect((await owner.call('PATCH', `/api/transcripts/${id}`, { title: 'x' })).status).toBe(409);

    gate.open();
    await live.status(id, 'complete', 120_000);
    const done = await transcript(id);
    expect(done.metadata.status).toBe('completed');
    // What was shown is where the transcript starts, unchanged but for the speaker, named once the
    // whole recording is heard (detection follows the transcription: its one reader is 'Speaker 1');
    // the live events carried the same.
    expect(done.metadata.timestamps.every((s) => s.speaker === 'Speaker 1')).toBe(true);
    expect(prefix.every((s) => s.speaker === 'Unknown Speaker')).toBe(true);
    expect(unlabelled(done.metadata.timestamps.slice(0, prefix.length))).toEqual(unlabelled(prefix));
    const sent = sentSegments(id);
    expect(sent.length).toBeGreaterThanOrEqual(prefix.length);
    expect(unlabelled(done.metadata.timestamps.slice(0, sent.length))).toEqual(unlabelled(sent));
    expect(gate.reported).toBeGreaterThan(1);

    // The same as a transcription without anyone listening for its text.
    const path = join(dir, 'three-minutes.wav');
    await writeFile(path, long.wav);
    const plain = await whisper.transcribe({ filePath: path });
    expect(unlabelled(done.metadata.timestamps)).toEqual(unlabelled(JSON.parse(JSON.stringify(plain.segments)) as typeof plain.segments));

    // One charge: a credit per started minute.
    expect(before - (await balance())).toBe(Math.ceil(long.seconds / 60));
  }, 300_000);

  it('a transcription that fails after showing text ends in error without it, refunded', async () => {
    const before = await balance();
    gate.failWith = new EngineError('refused', 'the model refused');
    const res = await owner.upload('fails-late.wav', long.wav);
    const id = res.json.id!;
    await expect
      .poll(async () => (await transcript(id)).metadata.timestamps.length, { timeout: 120_000, interval: 100 })
      .toBeGreaterThan(0);
    gate.open();
    await live.status(id, 'error', 60_000);
    const failed = await transcript(id);
    expect(failed.metadata.status).toBe('error');
    expect(failed.metadata.timestamps).toEqual([]);
    expect(failed.content).toBe('');
    expect(await balance()).toBe(before);
    gate.failWith = null;
  }, 300_000);
});

describe("a long recording's first text comes from its first VAD block, before the rest is judged", () => {
  // The head start begins at 16 minutes by default; here at 4 min 10 s, so a 5-minute file takes it.
  const whisper = createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE, processes: 2, headStartSeconds: 250 });
  const dir = tempDir();
  afterAll(() => whisper.close());

  it('reports settled text before any window of the whole pass, and ends with the transcript it gives without anyone listening', async () => {
    const recording = await repeatedRecording(40);
    expect(recording.seconds).toBeGreaterThan(250);
    const path = join(dir, 'five-minutes.wav');
    await writeFile(path, recording.wav);
    // What the engine told, in order: progress past 0 comes from the whole pass's windows only.
    const told: Array<{ progress: number } | { text: Segment[] }> = [];
    const result = await whisper.transcribe({
      filePath: path,
      onProgress: (progress) => told.push({ progress }),
      onSegments: (prefix) => told.push({ text: JSON.parse(JSON.stringify(prefix)) as Segment[] }),
    });
    const firstText = told.findIndex((t) => 'text' in t);
    const firstWindow = told.findIndex((t) => 'progress' in t && t.progress > 0);
    expect(firstText).toBeGreaterThanOrEqual(0);
    expect(firstText).toBeLessThan(firstWindow);
    // Every report is where the finished transcript starts, unchanged.
    const final = JSON.parse(JSON.stringify(result.segments)) as Segment[];
    for (const t of told) if ('text' in t) expect(final.slice(0, t.text.length)).toEqual(t.text);
    // The same as a transcription without anyone listening for its text (which takes no head start).
    const plain = await whisper.transcribe({ filePath: path });
    expect(JSON.parse(JSON.stringify(plain.segments))).toEqual(final);
  }, 300_000);
});
