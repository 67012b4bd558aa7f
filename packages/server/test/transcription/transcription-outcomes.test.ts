// Issue 13, defects 2-4 at the HTTP level: the built-in engine refuses a spoken language it cannot
// transcribe (400, nothing stored), silent audio ends as 'No speech detected' and is not charged, an
// upload the balance cannot pay for is refused with 402, and a failed transcription can be retried
// (charged again only because its first charge was refunded). Real server, real HTTP, PGlite or
// PostgreSQL as configured; the silence goes through the real built-in engine (Whisper tiny.en + VAD).
import { transcriptionOutcomeMessages } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, type TranscriptionEngine, type TranscriptionInput } from '../../src/features/transcription/engines/types.ts';
import { encodeWav, SAMPLE_RATE } from '../../src/features/transcription/engines/whisper/audio.ts';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { ledger } from '../credits-helpers.ts';
import { register, startServer, XHR, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { measuredSeconds, toneWav } from '../support/audio.ts';
import { SHARED_MODEL_CACHE } from './helpers.ts';

function silentWav(seconds: number): Uint8Array {
  return encodeWav(new Float32Array(Math.round(seconds * SAMPLE_RATE)), SAMPLE_RATE);
}

async function userOn(server: TestServer) {
  const r = await register(server);
  const client = api(server, r.cookie);
  return {
    ...client,
    id: r.user.id,
    cookie: r.cookie,
    balance: async () => (await client.get('/api/credits/balance')).json.balance as number,
    /** A single upload with a `language` field before the file, as the app sends it. */
    uploadIn: async (language: string, name: string, data: Uint8Array) => {
      const form = new FormData();
      form.append('language', language);
      form.append('audio', new Blob([data as Uint8Array<ArrayBuffer>]), name);
      const res = await fetch(`${server.url}/api/transcripts/upload`, {
        method: 'POST',
        headers: { ...XHR, Cookie: r.cookie },
        body: form,
      });
      return { status: res.status, json: (await res.json()) as { id?: number; error?: string } };
    },
    /** Waits until the transcript leaves 'processing'. */
    settled: async (id: number) => {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const t = (await client.get(`/api/transcripts/${id}`)).json as {
          metadata: { status: string; error: string | null; errorCode?: string | null };
          content: string;
        };
        if (t.metadata.status !== 'processing')
          return { status: t.metadata.status, error: t.metadata.error, errorCode: t.metadata.errorCode, content: t.content };
        if (Date.now() > deadline) throw new Error('transcription did not finish');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

describe('the built-in engine: spoken language and silence', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '10' }, { worker: true, engine: createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE }) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('tells the browser that it transcribes English only and what a minute costs', async () => {
    const res = await fetch(`${server.url}/api/config`);
    const body = (await res.json()) as {
      transcription: { engine: string; languages: string[] };
      costs: { perTranscriptionMinute: number };
    };
    expect(body.transcription).toEqual({ engine: 'builtin', languages: ['en'] });
    expect(body.costs.perTranscriptionMinute).toBe(1);
  });

  it('refuses German audio with a 400 naming the English-only engine, and stores nothing', async () => {
    const u = await userOn(server);
    const refused = await u.uploadIn('de', 'rede.wav', toneWav(2));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(transcriptionOutcomeMessages.languageUnsupported);
    expect(refused.json.error).not.toMatch(/TRANSCRIPTION_|_URL|env/i);
    // A chunked upload is refused where its transcript would be made.
    const chunk = await u.chunk({ uploadId: 'german-upload-1', chunkIndex: 0, totalChunks: 1, originalName: 'rede.wav' }, toneWav(2));
    expect(chunk.status).toBe(200);
    const viaFinalize = await u.post('/api/transcripts/finalize-upload', {
      uploadId: 'german-upload-1',
      originalName: 'rede.wav',
      totalChunks: 1,
      language: 'de',
    });
    expect(viaFinalize.status).toBe(400);
    expect(viaFinalize.json.error).toBe(transcriptionOutcomeMessages.languageUnsupported);
    expect(await u.tree()).toEqual([]);
    expect(await u.balance()).toBe(10);
    const badCode = await u.uploadIn('german', 'rede.wav', toneWav(2));
    expect(badCode.status).toBe(400);
    expect(badCode.json.error).toBe(transcriptionOutcomeMessages.languageInvalid);
  });

  it('ends silent audio as "No speech detected", not charged', async () => {
    const u = await userOn(server);
    const res = await u.uploadIn('en', 'silence.wav', silentWav(4));
    expect(res.status).toBe(201);
    const done = await u.settled(res.json.id!);
    expect(done.status).toBe('error');
    expect(done.error).toBe(transcriptionOutcomeMessages.noSpeech);
    expect(done.errorCode).toBe('NO_SPEECH');
    expect(await u.balance()).toBe(10);
    // Charged when the length was known, then given back: the ledger shows both.
    const entries = (await ledger(server, u.id)).filter((e) => e.kind !== 'starting_grant');
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['transcription', -1],
      ['refund', 1],
    ]);
  }, 120_000);
});

describe('credits before commitment, and retry', () => {
  let server: TestServer;
  const state = { behaviour: 'ok' as 'ok' | 'refused', attempts: 0 };
  const engine: TranscriptionEngine = {
    name: 'retry-test-engine',
    languages: ['en'],
    async transcribe(input: TranscriptionInput) {
      state.attempts += 1;
      const seconds = await measuredSeconds(input);
      await input.onDuration?.(seconds);
      if (state.behaviour === 'refused') throw new EngineError('refused', 'The transcription server refused the request (HTTP 400).');
      return {
        durationSeconds: seconds,
        language: 'en',
        segments: [{ start: 0, end: seconds, text: 'A tone.', speaker: 'Unknown Speaker' }],
      };
    },
  };

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '1', TRANSCRIPTION_RETRIES: '0' }, { worker: true, engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('retries a failed transcription: refunded first, charged again once, and only a failed one', async () => {
    const u = await userOn(server);
    state.behaviour = 'refused';
    const res = await u.upload('tone.wav', toneWav(3));
    expect(res.status).toBe(201);
    const id = res.json.id as number;
    const failed = await u.settled(id);
    expect(failed.status).toBe('error');
    expect(await u.balance()).toBe(1);

    state.behaviour = 'ok';
    const retried = await u.post(`/api/transcripts/${id}/retry`);
    expect(retried.status).toBe(200);
    const done = await u.settled(id);
    expect(done).toMatchObject({ status: 'completed', error: null, content: 'A tone.' });
    expect(await u.balance()).toBe(0);
    const entries = (await ledger(server, u.id)).filter((e) => e.kind !== 'starting_grant');
    expect(entries.map((e) => [e.kind, e.amount, e.reference])).toEqual([
      ['transcription', -1, `transcript:${id}`],
      ['refund', 1, `transcription:transcript:${id}`],
      ['transcription', -1, `transcript:${id}#2`],
    ]);

    // A completed transcript is not retried; someone else's is not found.
    expect((await u.post(`/api/transcripts/${id}/retry`)).status).toBe(409);
    const other = await userOn(server);
    expect((await other.post(`/api/transcripts/${id}/retry`)).status).toBe(404);
  });

  it('refuses an upload at 0 credits with 402 before storing anything', async () => {
    const u = await userOn(server);
    state.behaviour = 'ok';
    const first = await u.upload('tone.wav', toneWav(2));
    expect(first.status).toBe(201);
    await u.settled(first.json.id as number);
    expect(await u.balance()).toBe(0);

    const refused = await u.upload('tone.wav', toneWav(2));
    expect(refused.status).toBe(402);
    expect(refused.json.error).toBe('Not enough credits: transcribing 1 started minute of audio costs 1 credit and your balance is 0.');
    const chunk = await u.chunk({ uploadId: 'zero-credit-upload', chunkIndex: 0, totalChunks: 1, originalName: 'tone.wav' }, toneWav(2));
    expect(chunk.status).toBe(402);
    expect((await u.tree()).length).toBe(1);
  });
});
