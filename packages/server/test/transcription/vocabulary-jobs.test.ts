// A custom vocabulary through the real server with the built-in engine: sent with an upload (single or
// chunked), kept with the transcript, used by the job; refused past its bounds before anything is stored.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, newUploadId } from '../library-helpers.ts';
import { NAMES, NAMES_CLIP, namesHeard, SHARED_MODEL_CACHE } from './helpers.ts';
import { cut, recordingsApi } from '../recordings-helpers.ts';
import { openLive, type LiveSocket } from './server-helpers.ts';

describe('custom vocabulary in transcription jobs (built-in engine)', () => {
  let server: TestServer;
  let user: ReturnType<typeof api>;
  let recordings: ReturnType<typeof recordingsApi>;
  let live: LiveSocket;
  const audio = readFileSync(NAMES_CLIP);

  beforeAll(async () => {
    server = await startServer({}, { worker: true, engine: createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE }) });
    const r = await register(server);
    user = api(server, r.cookie);
    recordings = recordingsApi(server, r.cookie);
    live = await openLive(server, r.cookie);
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    await server?.close();
  });

  const content = async (id: number) => {
    await live.status(id, 'complete');
    return ((await user.get(`/api/transcripts/${id}`)).json as { content: string }).content;
  };

  it('writes the names right when the upload brings them, and misheard without', async () => {
    const withNames = await user.upload('names.wav', audio, 'audio', { vocabulary: NAMES.join('\n') });
    expect(withNames.status).toBe(201);
    const without = await user.upload('names.wav', audio);
    expect(without.status).toBe(201);
    const [textWith, textWithout] = [await content(withNames.json.id!), await content(without.json.id!)];
    console.log(`upload with vocabulary: ${JSON.stringify(textWith)}; without: ${JSON.stringify(textWithout)}`);
    expect(namesHeard(textWith)).toEqual(NAMES);
    expect(namesHeard(textWithout)).toEqual([]);
  }, 180_000);

  it('takes the vocabulary with a chunked upload at finalize', async () => {
    const uploadId = newUploadId();
    expect((await user.chunk({ uploadId, chunkIndex: 0, totalChunks: 1, originalName: 'names.wav' }, audio)).status).toBe(200);
    const res = await user.post('/api/transcripts/finalize-upload', {
      uploadId,
      originalName: 'names.wav',
      totalChunks: 1,
      vocabulary: ['Siobhan Kowalczyk, Anneliese Oyelaran', 'Zyntrix'],
    });
    expect(res.status).toBe(201);
    expect(namesHeard(await content(res.json.id as number))).toEqual(NAMES);
  }, 180_000);

  it('takes the vocabulary with a streamed recording at finish; one past its bounds leaves the recording open', async () => {
    const id = await recordings.start({ mimeType: 'audio/wav', language: 'en' });
    const pieces = cut(audio, 64 * 1024);
    for (let seq = 0; seq < pieces.length; seq++) expect((await recordings.put(id, seq, pieces[seq]!)).status).toBe(200);
    const tooMany = await recordings.finish(id, { vocabulary: Array.from({ length: 101 }, (_, i) => `term ${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ code: 'VOCABULARY_TOO_MANY_TERMS' });
    expect((await recordings.get(id)).status).toBe(200);
    const finished = await recordings.finish(id, { vocabulary: NAMES });
    expect(finished.status, finished.text).toBe(201);
    expect(namesHeard(await content((finished.json.transcript as { id: number }).id))).toEqual(NAMES);
  }, 180_000);

  it('refuses a vocabulary past its bounds before storing anything', async () => {
    const before = (await user.tree()).length;
    const tooMany = Array.from({ length: 101 }, (_, i) => `term ${i}`).join(', ');
    const res = await user.upload('names.wav', audio, 'audio', { vocabulary: tooMany });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'VOCABULARY_TOO_MANY_TERMS', error: 'The vocabulary may hold at most 100 names and terms' });
    const tooLong = await user.upload('names.wav', audio, 'audio', { vocabulary: 'x'.repeat(1001) });
    expect(tooLong.json).toMatchObject({ code: 'VOCABULARY_TOO_LONG' });
    expect((await user.tree()).length).toBe(before);
  });
});
