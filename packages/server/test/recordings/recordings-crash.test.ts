// A server killed (SIGKILL, a real process) while a recording streams in: every acknowledged piece is
// there after the restart, the client continues from the number GET answers, and the finished audio is
// the pieces byte for byte. Also a kill during the finish itself.
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { register, tempDir, type TestServer } from '../helpers.ts';
import { api, fixture, transcriptIds } from '../library-helpers.ts';
import { cut, recordingsApi, sha256 } from '../recordings-helpers.ts';
import { startChild, type Child } from '../support/child-server.ts';

const ENV = { RECORDING_PIECE_MAX_BYTES: '2048', STORAGE_QUOTA_BYTES: '0' };

/** Every file under DATA_DIR/files/users, relative. */
function userFiles(dataDir: string): string[] {
  try {
    const root = join(dataDir, 'files');
    return readdirSync(join(root, 'users'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

// The child server always runs on the embedded database; the PostgreSQL pass would only repeat this run.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed while a recording streams in (SIGKILL, a real process)', () => {
  const dataDir = tempDir();
  let child: Child | undefined;
  afterAll(async () => {
    await child?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged piece: the client continues after each restart and the audio is whole', async () => {
    const webm = fixture('webm');
    const pieces = cut(webm, 2000);
    expect(pieces.length).toBeGreaterThan(12);
    child = await startChild(dataDir, ENV);
    const { cookie } = await register(child as unknown as TestServer);
    const rec = () => recordingsApi(child!, cookie);
    const id = await rec().start();

    let acked = 0;
    const outcomes: string[] = [];
    const sendUpTo = async (to: number) => {
      for (; acked < to; acked++) {
        const res = await rec().put(id, acked, pieces[acked]!);
        expect(res.status, res.text).toBe(200);
      }
    };
    const restart = async () => {
      child = await startChild(dataDir, ENV);
      const got = await rec().get(id);
      expect(got.status, got.text).toBe(200);
      return (got.json.recording as { pieces: number; bytes: number }).pieces;
    };

    // Killed right after an acknowledgement: that piece is there.
    for (const point of [2, 5]) {
      await sendUpTo(point);
      await child.kill();
      const held = await restart();
      expect(held, `killed after the ack of piece ${point - 1}`).toBe(acked);
    }

    // Killed while a piece is on its way: it is there if it was acknowledged, and may be there if not
    // (stored and recorded, the answer lost); either way the client goes on from what GET says.
    for (const delayMs of [0, 80, 300]) {
      const running = child!;
      let answered = false;
      const inFlight = rec()
        .put(id, acked, pieces[acked]!)
        .then((res) => {
          answered = res.status === 200;
        })
        .catch(() => undefined);
      await new Promise((r) => setTimeout(r, delayMs));
      await running.kill();
      await inFlight;
      const held = await restart();
      if (answered) expect(held, `acknowledged before a kill after ${delayMs} ms`).toBe(acked + 1);
      else expect([acked, acked + 1], `unacknowledged at a kill after ${delayMs} ms`).toContain(held);
      // The piece the server holds is the one sent (a re-send of it is acknowledged, not a conflict).
      if (held === acked + 1) expect((await rec().put(id, acked, pieces[acked]!)).status).toBe(200);
      outcomes.push(`${delayMs} ms: ${answered ? 'acknowledged' : held > acked ? 'stored, answer lost' : 'not stored'}`);
      acked = held;
      await sendUpTo(acked + 2);
    }

    await sendUpTo(pieces.length);
    // Killed during the finish: either the transcript is complete, or the recording is whole and open.
    const running = child!;
    const finishing = rec()
      .finish(id)
      .catch(() => null);
    await new Promise((r) => setTimeout(r, 20));
    await running.kill();
    const first = await finishing;
    child = await startChild(dataDir, ENV);
    const got = await rec().get(id);
    let transcriptId: number;
    if (got.status === 200) {
      expect(got.json.recording).toMatchObject({ pieces: pieces.length, bytes: webm.length });
      const done = await rec().finish(id);
      expect(done.status, done.text).toBe(201);
      transcriptId = (done.json.transcript as { id: number }).id;
    } else {
      expect(got.json.code).toBe('RECORDING_CLOSED');
      [transcriptId] = transcriptIds(await api(child as unknown as TestServer, cookie).tree()) as [number];
      if (first) expect(first.status).toBe(201);
    }
    outcomes.push(`finish: ${got.status === 200 ? 'interrupted, finished again' : 'completed before the kill'}`);
    console.info(`kills while a piece was in flight: ${outcomes.join('; ')}`);
    // One transcript, whose audio is every piece in order, byte for byte; no piece or partial file left.
    expect(transcriptIds(await api(child as unknown as TestServer, cookie).tree())).toEqual([transcriptId]);
    expect(sha256(await rec().audio(transcriptId))).toBe(sha256(webm));
    expect(userFiles(dataDir).filter((f) => f.includes('/recordings/'))).toEqual([]);
    expect(userFiles(dataDir).filter((f) => f.includes('/transcripts/'))).toEqual([
      expect.stringMatching(new RegExp(`/transcripts/${transcriptId}/audio\\.webm$`)),
    ]);
  }, 300_000);
});
