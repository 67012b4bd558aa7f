// The OpenAI-compatible engine through the real server against a small fake transcription server:
// success with segments, a refused request (4xx), server errors (5xx) and a server that never answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiEngine } from '../../src/features/transcription/engines/openai/index.ts';
import { EngineError } from '../../src/features/transcription/engines/types.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api, fixture } from '../library-helpers.ts';
import { LIBRIVOX_CLIP } from './helpers.ts';
import { openLive, type LiveSocket } from './server-helpers.ts';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  /** Each field's value; a field sent more than once has its values in order. */
  fields: Record<string, string | string[]>;
  file: { name: string; type: string; bytes: Buffer } | null;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** A fake /v1/audio/transcriptions: parses the multipart body, records it, answers with `next()`. */
function fakeTranscriptionServer() {
  const seen: SeenRequest[] = [];
  const answers: Answer[] = [];
  let fallback: Answer = (_req, res) => res.writeHead(500).end('no answer prepared');
  const held: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const request = new Request(`http://fake${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      const fields: Record<string, string | string[]> = {};
      let file: SeenRequest['file'] = null;
      const form = await request.formData();
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = key in fields ? [fields[key]!, value].flat() : value;
        else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, fields, file });
      (answers.shift() ?? fallback)(req, res);
    });
  });
  return {
    seen,
    held,
    /** Answers for the next requests, in order; then `always`. */
    answer(...next: Answer[]) {
      answers.push(...next);
    },
    always(answer: Answer) {
      fallback = answer;
    },
    reset() {
      seen.length = 0;
      answers.length = 0;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const json =
  (status: number, body: unknown): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

const verboseJson = {
  task: 'transcribe',
  language: 'english',
  duration: 7.1,
  text: 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.',
  segments: [
    {
      id: 0,
      start: 0,
      end: 5.36,
      text: ' And Mr. John Dashwood had then leisure to consider how much there might be prudently',
      speaker: 'SPEAKER_00',
    },
    { id: 1, start: 5.36, end: 6.8, text: ' in his power to do for them.' },
  ],
};

describe('OpenAI-compatible transcription engine', () => {
  const fake = fakeTranscriptionServer();
  let server: TestServer;
  let user: ReturnType<typeof api> & { cookie: string };
  let live: LiveSocket;

  beforeAll(async () => {
    const url = await fake.listen();
    server = await startServer(
      {
        TRANSCRIPTION_ENGINE: 'openai',
        TRANSCRIPTION_API_URL: url,
        TRANSCRIPTION_API_KEY: 'sk-test-123',
        TRANSCRIPTION_TIMEOUT_SECONDS: '1',
        TRANSCRIPTION_RETRIES: '1',
        TRANSCRIPTION_RETRY_DELAY_SECONDS: '1',
      },
      { worker: true },
    );
    const r = await register(server);
    user = { ...api(server, r.cookie), cookie: r.cookie };
    live = await openLive(server, r.cookie);
  });
  afterAll(async () => {
    await live?.close();
    await server?.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const upload = async () => {
    const res = await user.upload('librivox-sense-and-sensibility-0870.wav', fixture('wav'));
    expect(res.status).toBe(201);
    return res.json.id!;
  };
  const metadata = async (id: number) => {
    const t = (await user.get(`/api/transcripts/${id}`)).json as unknown as {
      content: string;
      metadata: {
        status: string;
        progress: number;
        error: string | null;
        duration: number | null;
        language: string | null;
        timestamps: unknown[];
      };
    };
    return { content: t.content, ...t.metadata };
  };

  it('sends the file as verbose_json request and stores the segments, speakers, duration and language', async () => {
    fake.answer(json(200, verboseJson));
    const id = await upload();
    await live.status(id, 'complete');

    expect(fake.seen).toHaveLength(1);
    const [req] = fake.seen;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/audio/transcriptions');
    expect(req.authorization).toBe('Bearer sk-test-123');
    expect(req.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': ['segment', 'word'] });
    expect(req.file!.name).toBe('audio.wav');
    expect(req.file!.type).toBe('audio/wav');
    expect(req.file!.bytes.equals(fixture('wav'))).toBe(true);

    expect(await metadata(id)).toEqual({
      content: 'And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.',
      status: 'completed',
      progress: 100,
      error: null,
      errorCode: null,
      errorParams: null,
      duration: 7.1,
      language: 'en',
      timestamps: [
        {
          start: 0,
          end: 5.36,
          text: 'And Mr. John Dashwood had then leisure to consider how much there might be prudently',
          // WhisperX-style labels count from 1 as people do (engines/openai/index.ts).
          speaker: 'Speaker 1',
        },
        { start: 5.36, end: 6.8, text: 'in his power to do for them.', speaker: 'Unknown Speaker' },
      ],
    });
  });

  it('sends the custom vocabulary of the upload as prompt, and no prompt without one', async () => {
    fake.answer(json(200, verboseJson), json(200, verboseJson));
    const res = await user.upload('librivox-sense-and-sensibility-0870.wav', fixture('wav'), 'audio', {
      vocabulary: 'Dashwood\nNorland Park, Marianne',
    });
    expect(res.status).toBe(201);
    await live.status(res.json.id!, 'complete');
    expect(fake.seen[0].fields.prompt).toBe('Dashwood, Norland Park, Marianne');
    await live.status(await upload(), 'complete');
    expect(fake.seen[1].fields).not.toHaveProperty('prompt');
  });

  it("stores a confidence per segment from the server's avg_logprob and flags the doubtful ones", async () => {
    fake.answer(
      json(200, {
        ...verboseJson,
        segments: [
          {
            start: 0,
            end: 5.36,
            text: ' And Mr. John Dashwood had then leisure to consider how much there might be prudently',
            avg_logprob: -0.1,
          },
          { start: 5.36, end: 6.8, text: ' in his power to do for them.', avg_logprob: -1.5 },
          { start: 6.8, end: 7.1, text: ' Thank you. Thank you. Thank you. Thank you.' },
        ],
      }),
    );
    const id = await upload();
    await live.status(id, 'complete');
    const { timestamps } = await metadata(id);
    // The server named no speakers: detection after the transcription finds its one reader.
    expect(timestamps).toEqual([
      {
        start: 0,
        end: 5.36,
        text: 'And Mr. John Dashwood had then leisure to consider how much there might be prudently',
        speaker: 'Speaker 1',
        confidence: 0.905,
      },
      {
        start: 5.36,
        end: 6.8,
        text: 'in his power to do for them.',
        speaker: 'Speaker 1',
        confidence: 0.223,
        flags: ['low_confidence'],
      },
      // No avg_logprob: no confidence, but the other rules still apply (a loop, 8 words in 0.3 s).
      {
        start: 6.8,
        end: 7.1,
        text: 'Thank you. Thank you. Thank you. Thank you.',
        speaker: 'Speaker 1',
        flags: ['repetition', 'speech_rate'],
      },
    ]);
  });

  it('tells the browser that the server detects the language', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { transcription: unknown };
    expect(config.transcription).toEqual({ engine: 'openai', languages: 'any' });
  });

  it('measures the duration from the audio when the server does not report it', async () => {
    const { duration: _duration, ...withoutDuration } = verboseJson;
    fake.answer(json(200, withoutDuration));
    const id = await upload();
    await live.status(id, 'complete');
    expect((await metadata(id)).duration).toBeCloseTo(7.1, 2);
  });

  it("a refused request (4xx) ends in error with the server's message, without a retry", async () => {
    fake.answer(json(400, { error: { message: 'Invalid file format. Supported formats: flac, mp3, wav', type: 'invalid_request_error' } }));
    const id = await upload();
    const event = await live.status(id, 'error');
    const message =
      'Transcription failed: The transcription server refused the request (HTTP 400): Invalid file format. Supported formats: flac, mp3, wav';
    const cause = { errorCode: 'TRANSCRIPTION_FAILED', errorParams: { reason: message.slice('Transcription failed: '.length) } };
    expect(event).toEqual({ transcriptId: id, type: 'error', message, error: message, ...cause });
    expect(await metadata(id)).toMatchObject({ status: 'error', error: message, content: '', ...cause });
    expect(fake.seen).toHaveLength(1);
  });

  it('a server error (5xx) is retried, and a success on the retry completes the transcript', async () => {
    fake.answer(json(503, { detail: 'Model is loading' }), json(200, verboseJson));
    const id = await upload();
    await live.status(id, 'complete');
    expect(fake.seen).toHaveLength(2);
    expect(live.statuses(id).map((e) => e.message)).toContain(
      'Transcription failed, trying again: The transcription server failed (HTTP 503): Model is loading',
    );
    expect(await metadata(id)).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('server errors on every attempt end in error with the last reason', async () => {
    fake.answer(json(500, { detail: 'CUDA out of memory' }), json(502, { detail: 'Bad gateway' }));
    const id = await upload();
    const event = await live.status(id, 'error');
    expect(event.error).toBe('Transcription failed: The transcription server failed (HTTP 502): Bad gateway');
    expect(fake.seen).toHaveLength(2);
    expect(await metadata(id)).toMatchObject({ status: 'error', error: event.error });
  });

  it('a server that does not answer in time counts as failed, is retried, then ends in error', async () => {
    const hold: Answer = (_req, res) => void fake.held.push(res);
    fake.answer(hold, hold);
    const id = await upload();
    const event = await live.status(id, 'error', 30_000);
    expect(event.error).toBe('Transcription failed: The transcription server did not answer within 1 s.');
    expect(fake.seen).toHaveLength(2);
    expect(await metadata(id)).toMatchObject({ status: 'error', error: event.error });
  });
});

describe('the OpenAI-compatible engine with diarising servers', () => {
  const fake = fakeTranscriptionServer();
  let url: string;

  beforeAll(async () => {
    url = await fake.listen();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it("asks for OpenAI's diarized_json and names its speakers A, B as 'Speaker A', 'Speaker B'", async () => {
    // The shape of OpenAI's diarized_json (gpt-4o-transcribe-diarize): no language, speakers as letters.
    fake.answer(
      json(200, {
        task: 'transcribe',
        duration: 7.1,
        text: 'And Mr. John Dashwood had then leisure. To consider how much?',
        segments: [
          {
            type: 'transcript.text.segment',
            id: 'seg_0',
            start: 0,
            end: 2.4,
            text: 'And Mr. John Dashwood had then leisure.',
            speaker: 'A',
          },
          { type: 'transcript.text.segment', id: 'seg_1', start: 2.5, end: 4.1, text: 'To consider how much?', speaker: 'B' },
          { type: 'transcript.text.segment', id: 'seg_2', start: 4.2, end: 6.8, text: 'Prudently, in his power.', speaker: 'A' },
        ],
        usage: { type: 'duration', seconds: 8 },
      }),
    );
    const engine = createOpenAiEngine({
      apiUrl: url,
      model: 'gpt-4o-transcribe-diarize',
      responseFormat: 'diarized_json',
      timeoutMs: 5000,
    });
    const result = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
    expect(fake.seen[0].fields).toEqual({
      model: 'gpt-4o-transcribe-diarize',
      response_format: 'diarized_json',
      chunking_strategy: 'auto',
    });
    expect(result.durationSeconds).toBe(7.1);
    expect(result.segments).toEqual([
      { start: 0, end: 2.4, text: 'And Mr. John Dashwood had then leisure.', speaker: 'Speaker A' },
      { start: 2.5, end: 4.1, text: 'To consider how much?', speaker: 'Speaker B' },
      { start: 4.2, end: 6.8, text: 'Prudently, in his power.', speaker: 'Speaker A' },
    ]);
  });

  it("names WhisperX-style speakers per segment (SPEAKER_00 -> 'Speaker 1') and keeps real names", async () => {
    fake.answer(
      json(200, {
        language: 'en',
        duration: 7.1,
        segments: [
          { start: 0, end: 2.4, text: ' And Mr. John Dashwood had then leisure.', speaker: 'SPEAKER_00', avg_logprob: -0.2 },
          { start: 2.5, end: 4.1, text: ' To consider how much?', speaker: 'SPEAKER_01', avg_logprob: -0.3 },
          { start: 4.2, end: 5.5, text: ' Prudently, in his power.', speaker: 'Elinor' },
          { start: 5.5, end: 6.8, text: ' To do for them.' },
        ],
      }),
    );
    const engine = createOpenAiEngine({ apiUrl: url, model: 'whisperx', timeoutMs: 5000 });
    const result = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
    expect(fake.seen[0].fields.response_format).toBe('verbose_json');
    expect(result.segments.map((s) => [s.speaker, s.confidence])).toEqual([
      ['Speaker 1', 0.819],
      ['Speaker 2', 0.741],
      ['Elinor', undefined],
      ['Unknown Speaker', undefined],
    ]);
  });

  it("times each segment's words from OpenAI's words of the whole file, keeping the text's punctuation", async () => {
    // OpenAI's verbose_json with both granularities: the words at the top, bare of punctuation.
    const times: Array<[string, number, number]> = [
      ['And', 0, 0.2],
      ['Mr', 0.2, 0.5],
      ['John', 0.5, 0.8],
      ['Dashwood', 0.8, 1.3],
      ['had', 1.3, 1.5],
      ['then', 1.5, 1.7],
      ['leisure', 1.7, 2.3],
      ['To', 2.6, 2.7],
      ['consider', 2.7, 3.2],
      // 'how' not timed by the server
      ['much', 3.6, 4.0],
    ];
    fake.answer(
      json(200, {
        duration: 4.5,
        segments: [
          { start: 0, end: 2.4, text: ' And Mr. John Dashwood had then leisure.' },
          { start: 2.5, end: 4.1, text: ' To consider how much?' },
        ],
        words: times.map(([word, start, end]) => ({ word, start, end })),
      }),
    );
    const engine = createOpenAiEngine({ apiUrl: url, model: 'whisper-1', timeoutMs: 5000 });
    const result = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` });
    expect(fake.seen[0].fields['timestamp_granularities[]']).toEqual(['segment', 'word']);
    const [first, second] = result.segments;
    expect(first.words).toEqual([
      { text: 'And', start: 0, end: 0.2 },
      { text: ' Mr.', start: 0.2, end: 0.5 },
      { text: ' John', start: 0.5, end: 0.8 },
      { text: ' Dashwood', start: 0.8, end: 1.3 },
      { text: ' had', start: 1.3, end: 1.5 },
      { text: ' then', start: 1.5, end: 1.7 },
      { text: ' leisure.', start: 1.7, end: 2.3 },
    ]);
    expect(second.words!.map((w) => w.text)).toEqual(['To', ' consider', ' how', ' much?']);
    // The untimed word fills the gap between its neighbours.
    expect(second.words![2]).toEqual({ text: ' how', start: 3.2, end: 3.6 });
    expect(second.words![3]).toEqual({ text: ' much?', start: 3.6, end: 4 });
  });

  it("takes a faster-whisper server's words per segment, and leaves segments without words when none are timed", async () => {
    fake.answer(
      json(200, {
        duration: 4.5,
        segments: [
          {
            start: 0,
            end: 1.2,
            text: ' Prudently, in his power.',
            words: [
              { word: ' Prudently,', start: 0, end: 0.6, probability: 0.9 },
              { word: ' in', start: 0.6, end: 0.7 },
              { word: ' his', start: 0.7, end: 0.9 },
              { word: ' power.', start: 0.9, end: 1.2 },
            ],
          },
        ],
      }),
      json(200, { duration: 4.5, segments: [{ start: 0, end: 1.2, text: ' Prudently, in his power.' }] }),
    );
    const engine = createOpenAiEngine({ apiUrl: url, model: 'Systran/faster-whisper-small', timeoutMs: 5000 });
    const [timed] = (await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` })).segments;
    expect(timed.words).toEqual([
      { text: 'Prudently,', start: 0, end: 0.6 },
      { text: ' in', start: 0.6, end: 0.7 },
      { text: ' his', start: 0.7, end: 0.9 },
      { text: ' power.', start: 0.9, end: 1.2 },
    ]);
    const [untimed] = (await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` })).segments;
    expect(untimed).not.toHaveProperty('words');
  });
});

describe("the OpenAI-compatible engine's error kinds", () => {
  const fake = fakeTranscriptionServer();
  let url: string;

  beforeAll(async () => {
    url = await fake.listen();
  });
  afterAll(async () => {
    await fake.close();
  });

  const failure = async (timeoutMs = 5000, apiUrl = url) => {
    const engine = createOpenAiEngine({ apiUrl, model: 'whisper-1', timeoutMs });
    const err = await engine.transcribe({ filePath: `${LIBRIVOX_CLIP}.wav` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    return err as EngineError;
  };

  it("maps the server's answers to the interface's kinds", async () => {
    fake.answer(json(400, { error: { message: 'Invalid file format.' } }));
    expect(await failure()).toMatchObject({
      kind: 'refused',
      message: 'The transcription server refused the request (HTTP 400): Invalid file format.',
    });
    fake.answer(json(503, { error: { message: 'overloaded' } }));
    expect(await failure()).toMatchObject({ kind: 'unavailable', message: 'The transcription server failed (HTTP 503): overloaded' });
    fake.answer(json(429, { error: { message: 'slow down' } }));
    expect(await failure()).toMatchObject({ kind: 'unavailable' });
    fake.answer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('not json'));
    expect(await failure()).toMatchObject({ kind: 'bad-response' });
    fake.answer((_req, res) => fake.held.push(res));
    expect(await failure(300)).toMatchObject({ kind: 'timeout', message: 'The transcription server did not answer within 0 s.' });
    // Nothing listens on port 1.
    expect(await failure(5000, 'http://127.0.0.1:1')).toMatchObject({ kind: 'unavailable' });
  });
});
