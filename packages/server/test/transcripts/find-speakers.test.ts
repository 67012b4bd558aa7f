// Speaker detection run again on a finished transcript (POST /api/transcripts/:id/speakers), over real
// HTTP on a real database: the three voices of the fixture conversation are found in its audio and the
// segments that span a change of speaker are split, as a new revision; a given count is kept to; bad
// input, another user's transcript and audio that is gone are refused and change nothing.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { confusion, THREE_VOICES, threeVoicesEngine, threeVoicesTurns } from '../support/conversations.ts';

const turns = threeVoicesTurns();
const engine = threeVoicesEngine();

interface Stored {
  revision: number;
  metadata: { status: string; timestamps: Array<{ start: number; end: number; text: string; speaker: string; words?: unknown[] }> };
}

describe('finding the speakers again', () => {
  let server: TestServer;
  let user: ReturnType<typeof api>;
  let id: number;
  const stored = async (client = user) => (await client.get(`/api/transcripts/${id}`)).json as unknown as Stored;

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '100' }, { worker: true, engine });
    user = api(server, (await register(server)).cookie);
    // Said at upload to have one speaker: the detection after the transcription names everyone 'Speaker 1'.
    const up = await user.upload('conversation.opus', readFileSync(THREE_VOICES), 'audio', { speakers: '1' });
    expect(up.status).toBe(201);
    id = up.json.id!;
    await vi.waitFor(async () => expect((await stored()).metadata.status).toBe('completed'), { timeout: 60_000, interval: 200 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("finds the conversation's three voices, splits the segments at their changes, as a new revision", async () => {
    const before = await stored();
    expect(new Set(before.metadata.timestamps.map((s) => s.speaker))).toEqual(new Set(['Speaker 1']));
    const res = await user.post(`/api/transcripts/${id}/speakers`, { speakers: 'auto' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ revision: before.revision + 1, speakers: 3 });
    const after = await stored();
    expect(after.revision).toBe(before.revision + 1);
    const segments = after.metadata.timestamps;
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2', 'Speaker 3']));
    // Named in order of appearance.
    expect(segments[0].speaker).toBe('Speaker 1');
    expect(segments.length).toBeGreaterThan(before.metadata.timestamps.length);
    // The words stay as they were, in the same order and with their times.
    expect(segments.flatMap((s) => s.words)).toHaveLength(before.metadata.timestamps.flatMap((s) => s.words).length);
    const found = confusion(segments as Parameters<typeof confusion>[0], turns);
    console.info(`speakers found again: 3 of 3, confusion ${(found * 100).toFixed(1)} % of speech`);
    expect(found).toBeLessThanOrEqual(0.15);
    const revisions = (await user.get(`/api/transcripts/${id}/revisions`)).json as unknown as {
      revisions: Array<{ number: number; changes: string[] }>;
    };
    expect(revisions.revisions[0].number).toBe(after.revision);
    expect(revisions.revisions[0].changes).toEqual(['speakers', 'split']);
  });

  it('keeps to the number of speakers the user gives', async () => {
    const res = await user.post(`/api/transcripts/${id}/speakers`, { speakers: 2 });
    expect(res.status, res.text).toBe(200);
    expect(res.json.speakers).toBe(2);
    expect(new Set((await stored()).metadata.timestamps.map((s) => s.speaker))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
    const one = await user.post(`/api/transcripts/${id}/speakers`, { speakers: 1 });
    expect(one.json.speakers).toBe(1);
    expect(new Set((await stored()).metadata.timestamps.map((s) => s.speaker))).toEqual(new Set(['Speaker 1']));
  });

  it("refuses a bad count and another user's transcript, and changes nothing", async () => {
    const before = await stored();
    for (const speakers of [0, 11, 2.5, 'many', null]) {
      const res = await user.post(`/api/transcripts/${id}/speakers`, { speakers });
      expect(res.status, JSON.stringify(speakers)).toBe(400);
    }
    const other = api(server, (await register(server)).cookie);
    const foreign = await other.post(`/api/transcripts/${id}/speakers`, { speakers: 'auto' });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('TRANSCRIPT_NOT_FOUND');
    expect((await stored()).revision).toBe(before.revision);
  });

  it('answers 409 when the audio is gone, and the transcript stays as it was', async () => {
    const before = await stored();
    const audio = readdirSync(server.dataDir, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.includes('users') && /audio\.[a-z0-9]+$/.test(path),
    );
    expect(audio).toHaveLength(1);
    rmSync(join(server.dataDir, audio[0]));
    const res = await user.post(`/api/transcripts/${id}/speakers`, { speakers: 'auto' });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: 'SPEAKERS_NO_AUDIO',
      error: 'The audio of this transcript is gone, so its speakers cannot be found again',
    });
    expect(await stored()).toEqual(before);
  });
});
