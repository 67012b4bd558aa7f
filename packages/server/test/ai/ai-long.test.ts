// Language models on long recordings (real HTTP, the real SDK against a local fake that answers like
// Ollama's OpenAI endpoint): a 3-hour transcript is read in parts that fit a small context and answered
// with clickable times inside the recording; time-outs, empty answers and overflows are refunded errors.
import { countTokens as rawTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredSegment } from '../../src/db/schema.ts';
import { formatTimestamp } from '../../src/features/ai/engines/types.ts';
import { germanSegments, insertTranscript } from '../ai-fixtures.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { startFakeChat, type ChatBody, type ChatReply, type FakeChat } from '../support/fake-chat.ts';
import { openLive } from '../transcription/server-helpers.ts';

const CONTEXT = 2048;
const ANSWER = 512;
const TIMEOUT_SECONDS = 2;
// The streaming model that runs past the time-out sends a word this often, 12 words in all (12 s):
// far past the 2 s time-out, so a busy machine's slower request cannot blur the two.
const SLOW_WORD_MS = 1000;

// ~2,500 segments over three hours: two speakers, varied wording, a running number per segment.
const topics = ['budget', 'launch date', 'new customers', 'revenue', 'support tickets', 'hiring plan', 'billing migration', 'roadmap'];
const verbs = ['needs another review', 'is on track', 'slipped by a week', 'was approved', 'depends on legal', 'goes to the board'];
const longSegments: StoredSegment[] = Array.from({ length: 2500 }, (_, i) => ({
  start: i * 4.32,
  end: i * 4.32 + 4,
  speaker: i % 3 === 0 ? 'Sarah' : i % 3 === 1 ? 'Tom' : 'Priya',
  text: `Item ${i}: the ${topics[i % topics.length]} ${verbs[(i * 5) % verbs.length]}, says ${['finance', 'sales', 'engineering', 'support'][i % 4]} in week ${1 + (i % 52)}.`,
}));
const DURATION = longSegments.at(-1)!.end;

const TIME_RE = /(?<![\d:])\d{1,2}:[0-5]\d(?::[0-5]\d)?(?![\d:])/gu;
const seconds = (t: string) =>
  t
    .split(':')
    .map(Number)
    .reduce((acc, n) => acc * 60 + n, 0);
const TIMED_LINE_RE = /^\[((?:\d:)?\d{2}:\d{2})\] (\w+): (.*)$/u;

function kind(body: ChatBody): 'read' | 'combine' | 'answer' | 'whole' {
  const system = body.messages[0].content;
  if (/You get part \d+ of \d+ of a long transcript/u.test(system)) return 'read';
  if (/Merge them into fewer notes/u.test(system)) return 'combine';
  if (/you get notes taken from it/u.test(system)) return 'answer';
  return 'whole';
}
const userText = (body: ChatBody) => body.messages.find((m) => m.role === 'user')!.content;
const promptTokens = (body: ChatBody) => body.messages.reduce((sum, m) => sum + rawTokens(m.content) + 4, 3);

/** A model that reads parts, merges notes and answers the way the prompts ask, citing times as models do. */
function mapReduceModel(body: ChatBody): ChatReply {
  const text = userText(body);
  switch (kind(body)) {
    case 'read': {
      const lines = text.split('\n').filter((l) => TIMED_LINE_RE.test(l));
      const pick = [lines[0], lines[Math.floor(lines.length / 2)], lines.at(-1)!];
      const notes = pick.map((l) => {
        const [, time, speaker, said] = TIMED_LINE_RE.exec(l)!;
        return `[${time}] ${speaker} reports that ${said.replace(/^Item \d+: /u, '').replace(/\.$/u, '')}.`;
      });
      return { pieces: [notes.join('\n')] };
    }
    case 'combine': {
      const notes = text.split('\n').filter((l) => /^\[/u.test(l));
      return { pieces: [[notes[0], notes[Math.floor(notes.length / 2)], notes.at(-1)].join('\n')] };
    }
    case 'answer':
      return {
        pieces: [
          '## Summary\n',
          '- The meeting opens with the budget (0:00:00 - 0:00:04).\n',
          '- Halfway through, the roadmap comes up at 1:30:00.\n',
          `- ${longSegments[2499].text.replace(/\.$/u, '')} at [4:10:00].\n`,
          `- ${longSegments[2400].text}`,
        ],
      };
    default:
      return { pieces: ['Short answer.'] };
  }
}

describe('AI prompts on long recordings with a small-context model', () => {
  let fake: FakeChat;
  let server: TestServer;
  let owner: ReturnType<typeof api>;
  let cookie: string;
  let longId: number;
  let germanId: number;
  const balance = async () => ((await owner.get('/api/credits/balance')).json as unknown as { balance: number }).balance;
  const outputCount = async (id: number) => ((await owner.get(`/api/transcripts/${id}/ai-outputs`)).json as unknown as unknown[]).length;

  beforeAll(async () => {
    fake = await startFakeChat(mapReduceModel);
    server = await startServer({
      AI_BASE_URL: fake.url,
      AI_MODEL_GPT4: 'llama3.2:3b',
      AI_CONTEXT_TOKENS: String(CONTEXT),
      AI_ANSWER_TOKENS: String(ANSWER),
      AI_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      STARTING_CREDITS: '1000',
    });
    const s = await register(server);
    cookie = s.cookie;
    owner = api(server, cookie);
    longId = await insertTranscript(server, s.user.id, { title: 'Quarterly planning day', language: 'en', segments: longSegments });
    germanId = await insertTranscript(server, s.user.id, { title: 'Küchenplanung', language: 'de', segments: germanSegments });
  });
  afterAll(async () => {
    await fake.close();
    await server.close();
  });
  beforeEach(() => {
    fake.handler = mapReduceModel;
    fake.requests.length = 0;
  });

  it('reads a 3-hour transcript in parts that fit the context, reports each step over /ws, and answers with clickable times inside the recording', async () => {
    const live = await openLive(server, cookie);
    try {
      const before = await balance();
      const res = await owner.post(`/api/transcripts/${longId}/custom-prompt`, { prompt: 'Bullet points' });
      expect(res.status, res.text).toBe(201);

      // Every request fits the model's context together with the answer it may write.
      for (const body of fake.requests) {
        expect(body.max_tokens).toBe(ANSWER);
        expect(promptTokens(body) + ANSWER).toBeLessThanOrEqual(CONTEXT);
      }
      // The parts: whole timed lines, in order, the whole transcript once.
      const reads = fake.requests.filter((b) => kind(b) === 'read');
      expect(reads.length).toBeGreaterThan(20);
      const readLines = reads.flatMap((b) =>
        userText(b)
          .split('\n')
          .filter((l) => TIMED_LINE_RE.test(l)),
      );
      expect(readLines).toHaveLength(longSegments.length);
      expect(readLines[0]).toBe(`[00:00] Sarah: ${longSegments[0].text}`);
      expect(readLines[2400]).toBe(`[${formatTimestamp(longSegments[2400].start)}] Sarah: ${longSegments[2400].text}`);
      reads.forEach((b, i) => expect(userText(b)).toContain(`part ${i + 1} of ${reads.length}:`));
      // The notes did not fit the final request at once: they were combined (map-reduce, reduced again).
      const combines = fake.requests.filter((b) => kind(b) === 'combine');
      expect(combines.length).toBeGreaterThan(0);
      expect(fake.requests.at(-1)!.messages[0].content).toContain('Answer in English.');
      expect(fake.requests.filter((b) => kind(b) === 'answer')).toHaveLength(1);

      // The answer: every claim carries a clickable time, every time lies inside the recording.
      const output = res.json.output as string;
      const claims = output.split('\n').filter((l) => l.startsWith('- '));
      expect(claims).toHaveLength(4);
      for (const claim of claims) expect(claim).toMatch(TIME_RE);
      for (const time of output.match(TIME_RE) ?? []) expect(seconds(time)).toBeLessThanOrEqual(DURATION);
      expect(output).toContain('- The meeting opens with the budget [00:00]–[00:04].');
      expect(output).toContain('the roadmap comes up at [1:30:00].');
      expect(output).not.toContain('4:10:00');
      // A time past the end is dropped; the claim then gains the time of its own line.
      expect(claims[2]).toBe(`- ${longSegments[2499].text} [${formatTimestamp(longSegments[2499].start)}]`);
      expect(claims[3]).toBe(`- ${longSegments[2400].text} [2:52:48]`);
      expect(await balance()).toBe(before - 5);

      // One progress event per model call, in order, on the run's id: parts read, notes combined, the answer.
      const progress = live.messages
        .filter((m) => m.type === 'ai_progress')
        .map(
          (m) => m.data as { transcriptId: number; runId: string; phase: string; step: number; steps: number; part: number; parts: number },
        );
      expect(progress).toHaveLength(fake.requests.length);
      expect(progress.map((p) => p.step)).toEqual(progress.map((_, i) => i + 1));
      expect(progress.at(-1)).toMatchObject({
        phase: 'answering',
        step: fake.requests.length,
        steps: fake.requests.length,
        part: 1,
        parts: 1,
      });
      expect(progress.slice(0, reads.length).map((p) => [p.phase, p.part, p.parts])).toEqual(
        reads.map((_, i) => ['reading', i + 1, reads.length]),
      );
      expect(progress.filter((p) => p.phase === 'combining')).toHaveLength(combines.length);
      expect(progress.every((p) => p.transcriptId === longId && p.steps >= p.step)).toBe(true);
      const done = await live.until((m) => m.type === 'ai_output_stream' && (m.data as { done: boolean }).done);
      expect(new Set(progress.map((p) => p.runId))).toEqual(new Set([(done.data as { runId: string }).runId]));
    } finally {
      await live.close();
    }
  });

  it('sends a short transcript whole and asks for the answer in its language; a prompt naming a language wins', async () => {
    fake.handler = () => ({
      pieces: ['- Die Küche wird in zwei ', 'Wochen geliefert.\n- Der Monteur misst die Wände morgen aus.'],
      usageChunk: true,
    });
    const res = await owner.post(`/api/transcripts/${germanId}/custom-prompt`, { prompt: 'Stichpunkte', model: 'gpt-4' });
    expect(res.status, res.text).toBe(201);
    expect(fake.requests).toHaveLength(1);
    expect(kind(fake.requests[0])).toBe('whole');
    expect(fake.requests[0].messages[0].content).toContain('Answer in German.');
    expect(userText(fake.requests[0])).toContain('[00:07] Jonas: Äh, wann wird die neue Küche geliefert?');
    // The role on every delta, a chunk without choices at the end: the answer is the content, each claim with its time.
    expect(res.json.output).toBe('- Die Küche wird in zwei Wochen geliefert. [00:14]\n- Der Monteur misst die Wände morgen aus. [00:33]');

    fake.requests.length = 0;
    expect((await owner.post(`/api/transcripts/${germanId}/custom-prompt`, { prompt: 'Translate into English' })).status).toBe(201);
    const system = fake.requests[0].messages[0].content;
    expect(system).not.toContain('Answer in German.');
    expect(system).toContain('Answer in the language the request asks for.');
  });

  const failures: Array<{ name: string; reply: ChatReply; status: number; code: string; error: string }> = [
    {
      name: 'a model that streams past the time-out',
      reply: { pieces: Array.from({ length: 12 }, (_, i) => `word${i} `), delayMs: SLOW_WORD_MS },
      status: 504,
      code: 'AI_TIMED_OUT',
      error: `The language model did not answer within ${TIMEOUT_SECONDS} seconds. Your credits were refunded.`,
    },
    {
      name: 'an answer of whitespace only',
      reply: { pieces: ['  ', '\n\n', ' '] },
      status: 502,
      code: 'AI_EMPTY_ANSWER',
      error: 'The language model returned an empty answer. Your credits were refunded.',
    },
    {
      name: 'an answer without any content',
      reply: { pieces: [] },
      status: 502,
      code: 'AI_EMPTY_ANSWER',
      error: 'The language model returned an empty answer. Your credits were refunded.',
    },
    {
      name: "the server's 400 'maximum context length'",
      reply: {
        error: {
          status: 400,
          message: "This model's maximum context length is 2048 tokens. However, your messages resulted in 2301 tokens.",
        },
      },
      status: 422,
      code: 'AI_CONTEXT_OVERFLOW',
      error: 'The text was too long for the language model. Your credits were refunded.',
    },
    {
      name: "an answer cut with finish_reason 'length'",
      reply: { pieces: ['- The kitchen arrives in two'], finishReason: 'length' },
      status: 422,
      code: 'AI_CONTEXT_OVERFLOW',
      error: 'The text was too long for the language model. Your credits were refunded.',
    },
  ];

  for (const failure of failures) {
    it(`shows ${failure.name} as ${failure.code}, refunds the prompt and stores no output`, async () => {
      fake.handler = () => failure.reply;
      const before = await balance();
      const outputsBefore = await outputCount(germanId);
      const closedBefore = fake.closedEarly;
      const started = Date.now();
      const res = await owner.post(`/api/transcripts/${germanId}/custom-prompt`, { prompt: 'Summarize' });
      expect(res.status, res.text).toBe(failure.status);
      expect(res.json).toMatchObject({ code: failure.code, error: failure.error });
      expect(await balance()).toBe(before);
      expect(await outputCount(germanId)).toBe(outputsBefore);
      if (failure.code === 'AI_TIMED_OUT') {
        expect(res.json.params).toEqual({ seconds: TIMEOUT_SECONDS });
        // Stopped at the time-out, not when the slow stream would have ended; the provider request is closed.
        expect(Date.now() - started).toBeLessThan(12 * SLOW_WORD_MS);
        await expect.poll(() => fake.closedEarly, { timeout: 5000 }).toBe(closedBefore + 1);
      }
    });
  }

  it('refuses a prompt that leaves no room for the transcript in the context before calling the model, refunded', async () => {
    const before = await balance();
    const prompt = `Answer these questions: ${Array.from({ length: 700 }, (_, i) => `question ${i}?`).join(' ')}`;
    const res = await owner.post(`/api/transcripts/${longId}/custom-prompt`, { prompt });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('AI_CONTEXT_OVERFLOW');
    expect(fake.requests).toHaveLength(0);
    expect(await balance()).toBe(before);
  });

  it('keeps the complete lines of notes cut at the token limit (only the final answer must be whole)', async () => {
    fake.handler = (body) => {
      const answer = mapReduceModel(body);
      return kind(body) === 'read' ? { pieces: [...answer.pieces!, '\n[00:00] and then the spea'], finishReason: 'length' } : answer;
    };
    const res = await owner.post(`/api/transcripts/${longId}/custom-prompt`, { prompt: 'Bullet points' });
    expect(res.status, res.text).toBe(201);
    const later = fake.requests.filter((b) => kind(b) !== 'read');
    expect(later.length).toBeGreaterThan(1);
    for (const body of later) {
      expect(userText(body)).toContain(' reports that ');
      expect(userText(body)).not.toContain('and then the spea');
    }
  });

  it('times out a map-reduce step like a single request, refunded', async () => {
    let calls = 0;
    fake.handler = (body) => {
      calls += 1;
      return calls === 3 ? { pieces: ['[00:01] slow', ' note'], delayMs: TIMEOUT_SECONDS * 1000 + 500 } : mapReduceModel(body);
    };
    const before = await balance();
    const res = await owner.post(`/api/transcripts/${longId}/custom-prompt`, { prompt: 'Key points' });
    expect(res.status).toBe(504);
    expect(res.json.code).toBe('AI_TIMED_OUT');
    expect(fake.requests).toHaveLength(3);
    expect(await balance()).toBe(before);
  });
});
