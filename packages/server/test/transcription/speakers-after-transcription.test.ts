// Speaker detection as the step after each transcription, over real HTTP on a real database: an upload
// of the fixture conversation completes with its three voices told apart in revision 1; the count given
// at upload (single or chunked) is kept to, a bad one is refused before anything is stored; an engine
// that names its own speakers keeps them; a failed detection keeps the transcript as the engine made it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TranscriptionEngine } from '../../src/features/transcription/engines/types.ts';
import type { SpeakerFinder } from '../../src/features/transcription/speakers/finder.ts';
import { register, startServer } from '../helpers.ts';
import { api, newUploadId } from '../library-helpers.ts';
import { confusion, segmentsOf, THREE_VOICES, threeVoicesEngine, threeVoicesTurns } from '../support/conversations.ts';

const turns = threeVoicesTurns();
const conversation = readFileSync(THREE_VOICES);

/** As the built-in engine answers: 'Unknown Speaker', segments spanning changes of speaker, words timed. */
const unnamed = threeVoicesEngine();

interface Stored {
  revision: number;
  metadata: { status: string; timestamps: Array<{ start: number; end: number; text: string; speaker: string; words?: unknown[] }> };
}

async function startWith(engine: TranscriptionEngine, speakerFinder?: SpeakerFinder) {
  const server = await startServer({ STARTING_CREDITS: '100' }, { worker: true, engine, ...(speakerFinder ? { speakerFinder } : {}) });
  const user = api(server, (await register(server)).cookie);
  const finished = async (id: number) => {
    let t!: Stored;
    await vi.waitFor(
      async () => {
        t = (await user.get(`/api/transcripts/${id}`)).json as unknown as Stored;
        expect(t.metadata.status).toBe('completed');
      },
      { timeout: 60_000, interval: 200 },
    );
    return t;
  };
  const speakersOf = (t: Stored) => new Set(t.metadata.timestamps.map((s) => s.speaker));
  return { server, user, finished, speakersOf };
}

describe('speakers told apart after each transcription', () => {
  let ctx: Awaited<ReturnType<typeof startWith>>;
  beforeAll(async () => {
    ctx = await startWith(unnamed);
  });
  afterAll(async () => {
    await ctx?.server.close();
  });

  it('an upload of a conversation completes with its three voices, in order of appearance, split at their changes, as revision 1', async () => {
    const up = await ctx.user.upload('conversation.opus', conversation);
    expect(up.status, up.json.error).toBe(201);
    const t = await ctx.finished(up.json.id!);
    expect(t.revision).toBe(1);
    const segments = t.metadata.timestamps;
    expect(ctx.speakersOf(t)).toEqual(new Set(['Speaker 1', 'Speaker 2', 'Speaker 3']));
    expect(segments[0].speaker).toBe('Speaker 1');
    // The engine gave two turns to a segment: detection split them at the changes, the words kept.
    const engineSegments = segmentsOf(turns, 2);
    expect(segments.length).toBeGreaterThan(engineSegments.length);
    expect(segments.flatMap((s) => s.words)).toHaveLength(engineSegments.flatMap((s) => s.words ?? []).length);
    const found = confusion(segments as Parameters<typeof confusion>[0], turns);
    console.info(`speakers after transcription: ${ctx.speakersOf(t).size} of 3, confusion ${(found * 100).toFixed(1)} % of speech`);
    expect(found).toBeLessThanOrEqual(0.15);
  });

  it('keeps to the count given at upload, single or chunked', async () => {
    const two = await ctx.user.upload('conversation.opus', conversation, 'audio', { speakers: '2' });
    expect(two.status, two.json.error).toBe(201);
    expect(ctx.speakersOf(await ctx.finished(two.json.id!))).toEqual(new Set(['Speaker 1', 'Speaker 2']));

    const one = await ctx.user.upload('conversation.opus', conversation, 'audio', { speakers: '1' });
    expect(ctx.speakersOf(await ctx.finished(one.json.id!))).toEqual(new Set(['Speaker 1']));

    const uploadId = newUploadId();
    const chunk = await ctx.user.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'conversation.opus' }, conversation);
    expect(chunk.status).toBe(200);
    const fin = await ctx.user.post('/api/transcripts/finalize-upload', {
      uploadId,
      originalName: 'conversation.opus',
      totalChunks: 1,
      speakers: 2,
    });
    expect(fin.status, fin.text).toBe(201);
    expect(ctx.speakersOf(await ctx.finished(fin.json.id as number))).toEqual(new Set(['Speaker 1', 'Speaker 2']));
  });

  it('refuses a count that is neither auto nor 1 to 10, before anything is stored', async () => {
    const before = (await ctx.user.tree()).length;
    for (const speakers of ['0', '11', 'many', '2.5']) {
      const res = await ctx.user.upload('conversation.opus', conversation, 'audio', { speakers });
      expect(res.status, speakers).toBe(400);
      expect(res.json).toMatchObject({ code: 'SPEAKERS_OPTION_INVALID', error: 'speakers must be auto or a number from 1 to 10' });
    }
    const auto = await ctx.user.upload('conversation.opus', conversation, 'audio', { speakers: 'auto' });
    expect(auto.status).toBe(201);
    await ctx.finished(auto.json.id!);
    // Only the 'auto' upload was added.
    expect(await ctx.user.tree()).toHaveLength(before + 1);
  });
});

describe('when detection does not run or fails', () => {
  it('keeps the speakers an engine named itself', async () => {
    const named: TranscriptionEngine = {
      ...unnamed,
      async transcribe(input) {
        const result = await unnamed.transcribe(input);
        return { ...result, segments: result.segments.map((s, i) => ({ ...s, speaker: i % 2 ? 'Bob' : 'Alice' })) };
      },
    };
    const ctx = await startWith(named);
    try {
      const up = await ctx.user.upload('conversation.opus', conversation);
      expect(ctx.speakersOf(await ctx.finished(up.json.id!))).toEqual(new Set(['Alice', 'Bob']));
    } finally {
      await ctx.server.close();
    }
  });

  it("a failed detection keeps the engine's transcript, completed", async () => {
    let asked = 0;
    const failing: SpeakerFinder = {
      async find() {
        asked += 1;
        throw new Error('detection failed');
      },
    };
    const ctx = await startWith(unnamed, failing);
    try {
      const up = await ctx.user.upload('conversation.opus', conversation);
      const t = await ctx.finished(up.json.id!);
      expect(asked).toBe(1);
      expect(ctx.speakersOf(t)).toEqual(new Set(['Unknown Speaker']));
      expect(t.metadata.timestamps).toHaveLength(segmentsOf(turns, 2).length);
      // The editor can still ask again, and then it works with the real detection.
      expect((await ctx.user.post(`/api/transcripts/${up.json.id}/speakers`, { speakers: 'auto' })).json).toMatchObject({ speakers: 3 });
    } finally {
      await ctx.server.close();
    }
  });
});
