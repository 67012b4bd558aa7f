// Live text where web and worker processes are separate (features/live-draft/remote.ts): a recording
// streamed to a `web` process is drafted by a `worker` process (real entry points, PostgreSQL, S3), the
// worker's limit answers 'busy', and a worker killed mid-recording leaves a recording that still
// finishes. Runs in the PostgreSQL pass of .ci/run only.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeWords, type DraftSegment } from '../../src/features/live-draft/drafting.ts';
import { createDatabase, testEnv } from '../cluster/harness.ts';
import { newAccount, postJson, sessionCookie, tempDir, type TestServer } from '../helpers.ts';
import { recordingsApi } from '../recordings-helpers.ts';
import { startFakeS3, type FakeS3 } from '../s3.ts';
import { healthy, startMain, type MainProcess } from '../support/main-process.ts';
import { freePort } from '../support/ports.ts';
import { repeatedRecordingPieces } from '../support/webm.ts';
import { LIBRIVOX_CLIP } from '../transcription/helpers.ts';
import { openLive, type LiveMessage } from '../transcription/server-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

interface Proc {
  url: string;
  main: MainProcess;
  kill(): Promise<void>;
}

const isDraft = (id: string) => (m: LiveMessage) => m.type === 'recording_draft' && (m.data as { recordingId: string }).recordingId === id;
const draftWords = (m: LiveMessage) => normalizeWords((m.data as { segments: DraftSegment[] }).segments.map((s) => s.text).join(' '));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(onPostgres)('PostgreSQL: live text drafted by a worker process for recordings streamed to a web process', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  let web: Proc;
  let worker: Proc;
  let s3: FakeS3;

  async function spawn(role: 'web' | 'worker', env: Record<string, string>): Promise<Proc> {
    const port = await freePort();
    const dataDir = tempDir(`scribe-live-remote-${role}-`);
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const main = startMain({
      ...s3.env,
      ...testEnv,
      ...env,
      SERVER_ROLE: role,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_DIST_DIR: join(dataDir, 'no-app'),
    });
    const proc: Proc = {
      url: `http://127.0.0.1:${port}`,
      main,
      async kill() {
        main.process.kill('SIGKILL');
        await main.exited;
      },
    };
    cleanups.push(async () => {
      if (main.process.exitCode === null && main.process.signalCode === null) await proc.kill();
    });
    return proc;
  }

  beforeAll(async () => {
    const database = await createDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => database.drop());
    s3 = await startFakeS3('scribe-live-remote');
    cleanups.push(() => s3.close());
    // A short lease, so a killed worker's claim runs out within the test.
    const env = { DATABASE_URL: database.url, LIVE_DRAFT_LEASE_SECONDS: '2' };
    web = await spawn('web', env);
    worker = await spawn('worker', { ...env, LIVE_DRAFT_MAX_SESSIONS: '1' });
    await Promise.all([healthy(web.url, web.main, 120_000), healthy(worker.url, worker.main, 120_000)]);
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function signUp() {
    const site = { url: web.url } as TestServer;
    const res = await postJson(site, '/api/auth/register', await newAccount(site));
    expect(res.status).toBe(201);
    return sessionCookie(res)!;
  }

  it("drafts the clip's words for a recording streamed to the web process, and answers busy past the worker's limit", async () => {
    const cookie = await signUp();
    const live = await openLive(web, cookie);
    const api = recordingsApi(web, cookie);
    try {
      const first = await api.create();
      expect(first.status).toBe(201);
      expect(first.json.live).toEqual({ available: true });
      const id = (first.json.recording as { id: string }).id;
      // LIVE_DRAFT_MAX_SESSIONS=1 on the only worker: a second recording at once gets no live text.
      const second = await api.create();
      expect(second.status).toBe(201);
      expect(second.json.live).toEqual({ available: false, reason: 'busy' });
      const secondId = (second.json.recording as { id: string }).id;

      const { pieces } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 2);
      for (const [seq, piece] of pieces.entries()) {
        expect((await api.put(id, seq, piece)).status).toBe(200);
        // The busy one is stored as usual, and never drafted.
        expect((await api.put(secondId, seq, piece)).status).toBe(200);
        await sleep(100);
      }
      const phrases = ['john dashwood', 'leisure to consider', 'prudently in his power'];
      await live.until((m) => isDraft(id)(m) && phrases.every((p) => draftWords(m).includes(p)), 120_000);
      expect(live.messages.filter(isDraft(secondId))).toEqual([]);
      expect(live.messages.filter((m) => m.type === 'recording_live')).toEqual([]);
      expect(worker.main.output()).not.toMatch(/live drafts: (could not|stopped)/);

      // Finishing frees the worker's slot: the next recording gets live text again.
      expect((await api.finish(id)).status).toBe(201);
      expect((await api.discard(secondId)).status).toBe(204);
      const third = await api.create();
      expect(third.json.live).toEqual({ available: true });
      expect((await api.discard((third.json.recording as { id: string }).id)).status).toBe(204);
    } finally {
      await live.close();
    }
  }, 240_000);

  it('a worker killed mid-recording: the recording goes on and finishes; live text says unavailable', async () => {
    const cookie = await signUp();
    const live = await openLive(web, cookie);
    const api = recordingsApi(web, cookie);
    try {
      const created = await api.create();
      expect(created.json.live).toEqual({ available: true });
      const id = (created.json.recording as { id: string }).id;
      const { pieces } = repeatedRecordingPieces(`${LIBRIVOX_CLIP}.webm`, 2);
      const half = Math.floor(pieces.length / 2);
      for (let seq = 0; seq < half; seq++) expect((await api.put(id, seq, pieces[seq])).status).toBe(200);
      await live.until(isDraft(id), 120_000);

      await worker.kill();
      await sleep(2500); // its claim's 2 s lease runs out
      for (let seq = half; seq < pieces.length; seq++) expect((await api.put(id, seq, pieces[seq])).status).toBe(200);
      const stopped = await live.until((m) => m.type === 'recording_live', 20_000);
      expect(stopped.data).toEqual({ recordingId: id, available: false, reason: 'busy' });
      // Told once, however many pieces follow.
      await sleep(500);
      expect(live.messages.filter((m) => m.type === 'recording_live')).toHaveLength(1);

      const finished = await api.finish(id);
      expect(finished.status).toBe(201);
      expect((await api.get(id)).status).toBe(409);
      // With no worker left, a new recording is offered no live text, and still records.
      const next = await api.create();
      expect(next.json.live).toEqual({ available: false, reason: 'busy' });
    } finally {
      await live.close();
    }
  }, 240_000);
});
