import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register, tempDir } from '../helpers.ts';
import { api, CHUNK, MB, newUploadId, syntheticWav } from '../library-helpers.ts';
import { startChild, type Child } from '../support/child-server.ts';

/** Every file under DATA_DIR/files, relative. */
function filesUnder(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

// No storage quota, and room for the several unfinished uploads each round leaves.
const CRASH_ENV = { STORAGE_QUOTA_BYTES: '0', UPLOAD_MAX_UNFINISHED: '10' };
const SIZE = 100 * MB;
const TOTAL = SIZE / CHUNK;
const POINTS = 20;
// Several finalizes run at once, started at different times, so one kill stops each at its own point
// of the join: 20 points cost 5 restarts.
const PER_KILL = 4;
const ROUNDS = POINTS / PER_KILL;

// The child server always runs on the embedded database (a kill must not take a shared PostgreSQL with
// it), so the PostgreSQL pass of this suite would only repeat the same run: it runs in the PGlite pass.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed during finalize-upload (SIGKILL, a real process)', () => {
  const dataDir = tempDir();
  let child: Child | undefined;
  afterAll(async () => {
    child?.process.kill('SIGKILL');
    await child?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`restarts into a complete transcript or a resumable upload, at ${POINTS} points inside the join of 100 MB`, async () => {
    const file = syntheticWav(SIZE);
    expect(TOTAL).toBe(4);
    const chunks = Array.from({ length: TOTAL }, (_, i) => file.slice(i * CHUNK, (i + 1) * CHUNK));
    child = await startChild(dataDir, CRASH_ENV);
    const server = () => child as unknown as Parameters<typeof api>[0];
    const { cookie, user } = await register(server());
    const client = () => api(server(), cookie);

    const prepare = async () => {
      const uploadId = newUploadId();
      for (let i = 0; i < TOTAL; i++) {
        const res = await client().chunk({ uploadId, chunkIndex: i, totalChunks: TOTAL, originalName: 'crash.wav' }, chunks[i]);
        expect(res.status).toBe(200);
      }
      return uploadId;
    };
    /** The transcript holds the whole file, byte for byte at the chunk joins; then it is deleted to free the disk. */
    const expectComplete = async (id: number) => {
      const url = `${child!.url}/api/transcripts/${id}/audio`;
      for (const at of [100, CHUNK, 2 * CHUNK, 3 * CHUNK, SIZE - 100]) {
        const res = await fetch(url, { headers: { Cookie: cookie, Range: `bytes=${at - 100}-${at + 99}` } });
        expect(res.status).toBe(206);
        expect(res.headers.get('content-range')).toBe(`bytes ${at - 100}-${at + 99}/${SIZE}`);
        expect(Buffer.from(await res.arrayBuffer()).equals(file.slice(at - 100, at + 100))).toBe(true);
      }
      expect((await client().del(`/api/transcripts/${id}`)).status).toBe(200);
    };

    // Finalizes without a kill give the time a join takes here: the faster of two, since the first one
    // also pays for cold caches and would place the kills too late.
    let joinMs = Infinity;
    for (let i = 0; i < 2; i++) {
      const calibration = await prepare();
      const started = Date.now();
      const done = await client().finalize(calibration, 'crash.wav', TOTAL);
      joinMs = Math.min(joinMs, Date.now() - started);
      expect(done.status).toBe(201);
      await expectComplete(done.json.id as number);
    }

    // Point j is killed j/19 of the way through `span` join times after its finalize began: the first two
    // thirds fall inside even a join that runs alone; running four at once only slows each. When a round's
    // finalizes mostly answered before the kill (the machine got faster than the calibration), the span
    // shrinks so the remaining points still land inside the join.
    let span = 1.5;
    const elapsedAt = (j: number) => Math.round(span * joinMs * (0.02 + (0.96 * j) / (POINTS - 1)));
    const slots: Array<string | null> = Array.from({ length: PER_KILL }, () => null);
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < PER_KILL; k++) slots[k] ??= await prepare();
      const points = slots.map((_, k) => round + ROUNDS * k);
      const killAt = Math.max(...points.map(elapsedAt));
      const running = child!;
      const roundStart = Date.now();
      const answers: Array<number | null> = slots.map(() => null);
      const requests = slots.map(async (uploadId, k) => {
        await new Promise((r) => setTimeout(r, killAt - elapsedAt(points[k])));
        try {
          const res = await client().finalize(uploadId!, 'crash.wav', TOTAL);
          answers[k] = res.status;
          return res;
        } catch {
          return null;
        }
      });
      await new Promise((r) => setTimeout(r, killAt - (Date.now() - roundStart)));
      running.process.kill('SIGKILL');
      await running.exited;
      const responses = await Promise.all(requests);
      child = await startChild(dataDir, CRASH_ENV);

      for (let k = 0; k < PER_KILL; k++) {
        const uploadId = slots[k]!;
        const at = `point ${points[k]} (${elapsedAt(points[k])} ms into the finalize)`;
        const status = await client().get(`/api/transcripts/uploads/${uploadId}`);
        expect(status.status, at).toBe(200);
        expect(status.json.receivedChunks, at).toEqual([0, 1, 2, 3]);
        if (answers[k] !== null) {
          // The answer came before the kill: it must have been a success.
          expect(answers[k], at).toBe(201);
          expect(status.json.transcriptId, at).toBe(responses[k]!.json.id);
        }
        const transcriptId = status.json.transcriptId as number | null;
        if (transcriptId !== null) {
          outcomes.push(answers[k] === null ? 'complete' : 'answered');
          await expectComplete(transcriptId);
          slots[k] = null;
        } else {
          outcomes.push('resumable');
        }
      }
      const answeredThisRound = outcomes.slice(-PER_KILL).filter((o) => o === 'answered').length;
      if (answeredThisRound > PER_KILL / 4) span *= 0.6;
      // On disk: the chunks of the resumable uploads, nothing of an interrupted join, no temporary file.
      const left = filesUnder(dataDir).filter((f) => !f.startsWith('users/') || f.startsWith(`users/${user.id}/`));
      const expected = slots.flatMap((id) => (id ? Array.from({ length: TOTAL }, () => `users/${user.id}/uploads/${id}/`) : []));
      expect(left.map((f) => f.replace(/chunk-.*$/, '')).sort(), `round ${round}`).toEqual(expected.sort());
      expect(await client().tree(), `round ${round}`).toEqual([]);
    }
    // Most kills landed while the join was still running (some after the commit is fine).
    expect(outcomes.filter((o) => o !== 'answered').length).toBeGreaterThanOrEqual(POINTS / 2);
    expect(outcomes).toContain('resumable');
    // Each resumable upload finalizes now.
    for (const uploadId of slots) {
      if (uploadId === null) continue;
      const done = await client().finalize(uploadId, 'crash.wav', TOTAL);
      expect(done.status).toBe(201);
      await expectComplete(done.json.id as number);
    }
    console.info(`finalize of 100 MB alone: ${joinMs} ms; after the kills: ${outcomes.join(' ')} (final span ${span.toFixed(2)})`);
  }, 600_000);
});
