import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { register, startServer, XHR, JSON_XHR, type TestServer } from '../helpers.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { api } from '../library-helpers.ts';
import { openLive } from '../transcription/server-helpers.ts';

type Mode = 'stream' | 'unauthorized' | 'server-error' | 'hang';

/** A small server speaking the OpenAI chat-completions protocol (streamed SSE), for the real SDK. */
function fakeProvider() {
  const state = {
    mode: 'stream' as Mode,
    requests: [] as Array<{
      headers: IncomingMessage['headers'];
      body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
    }>,
    closedEarly: 0,
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      state.requests.push({ headers: req.headers, body: JSON.parse(raw) });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      switch (state.mode) {
        case 'unauthorized':
          return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
        case 'server-error':
          return json(500, { error: { message: 'The model is overloaded', type: 'server_error' } });
        case 'hang':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(`data: ${JSON.stringify(chunk('Partial'))}\n\n`);
          res.on('close', () => {
            if (!res.writableEnded) state.closedEarly += 1;
          });
          return;
        default: {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          for (const piece of ['Bob asks about the migration ', 'at [00:06]; Alice answers ', 'at [00:14].']) {
            res.write(`data: ${JSON.stringify(chunk(piece))}\n\n`);
          }
          res.end('data: [DONE]\n\n');
        }
      }
    });
  });
  const chunk = (content: string) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });
  return { server, state };
}

describe('AI prompts on an OpenAI-compatible provider', () => {
  const fake = fakeProvider();
  let server: TestServer;
  let owner: ReturnType<typeof api>;
  let cookie: string;
  let transcriptId: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const port = (fake.server.address() as AddressInfo).port;
    server = await startServer({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: 'sk-test-key',
      AI_MODEL_GPT4: 'provider-big',
      AI_MODEL_GPT35: 'provider-small',
    });
    const s = await register(server);
    cookie = s.cookie;
    owner = api(server, cookie);
    transcriptId = await insertTranscript(server, s.user.id, { title: 'Planning meeting', language: 'en', segments: englishSegments });
  });
  afterAll(async () => {
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
    await server.close();
  });
  beforeEach(() => {
    fake.state.mode = 'stream';
    fake.state.requests.length = 0;
  });

  it('offers gpt-4 (default) and gpt-3.5 mapped to the configured model ids', async () => {
    const { models } = (await owner.get('/api/ai/models')).json as unknown as {
      models: Array<{ id: string; model: string; default: boolean; engine: string }>;
    };
    expect(models.map((m) => [m.id, m.model, m.default, m.engine])).toEqual([
      ['gpt-4', 'provider-big', true, 'openai'],
      ['gpt-3.5', 'provider-small', false, 'openai'],
    ]);
    expect((await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'x', model: 'local' })).status).toBe(400);
  });

  it('sends the transcript with [mm:ss] times and stores the streamed answer with engine and model', async () => {
    const res = await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'Who asks what?', model: 'gpt-3.5' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      output: 'Bob asks about the migration at [00:06]; Alice answers at [00:14].',
      engine: 'openai',
      model: 'provider-small',
      prompt: 'Who asks what?',
    });
    const [request] = fake.state.requests;
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('provider-small');
    expect(request.body.stream).toBe(true);
    const user = request.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('[00:06] Bob: Uh, how long will the migration of the billing system take?');
    expect(user).toContain('[01:06] Alice: Carol reviews the migration plan on Monday.');
    expect(user).toContain('Who asks what?');

    const def = await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'Summarize' });
    expect(def.json.model).toBe('provider-big');
    const list = (await owner.get(`/api/transcripts/${transcriptId}/ai-outputs`)).json as unknown as Array<{ model: string }>;
    expect(list.map((o) => o.model)).toEqual(['provider-big', 'provider-small']);
  });

  it("streams the answer to the user's sockets over /ws while it is generated (beyond the spec)", async () => {
    const live = await openLive(server, cookie);
    try {
      const res = await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'Stream it' });
      expect(res.status).toBe(201);
      const done = await live.until((m) => m.type === 'ai_output_stream' && (m.data as { done: boolean }).done);
      const events = live.messages
        .filter((m) => m.type === 'ai_output_stream')
        .map((m) => m.data as { transcriptId: number; runId: string; prompt: string; seq: number; delta: string; done: boolean });
      expect(events.at(-1)).toEqual(done.data);
      expect(new Set(events.map((e) => e.runId)).size).toBe(1);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
      expect(events.every((e) => e.transcriptId === transcriptId && e.prompt === 'Stream it')).toBe(true);
      expect(events.map((e) => e.delta).join('')).toBe(res.json.output);
    } finally {
      await live.close();
    }
  });

  it("reports a refused request (4xx) as 'Failed to process custom prompt' with the provider's error, storing nothing", async () => {
    fake.state.mode = 'unauthorized';
    const before = ((await owner.get(`/api/transcripts/${transcriptId}/ai-outputs`)).json as unknown as unknown[]).length;
    const res = await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'Summarize' });
    expect(res.status).toBe(502);
    expect(res.json.error).toBe('Failed to process custom prompt: Incorrect API key provided');
    expect(fake.state.requests).toHaveLength(1);
    expect(((await owner.get(`/api/transcripts/${transcriptId}/ai-outputs`)).json as unknown as unknown[]).length).toBe(before);
  });

  it("reports a provider failure (5xx, retried once) with the provider's error, and refunds the prompt", async () => {
    fake.state.mode = 'server-error';
    const balance = async () => ((await owner.get('/api/credits/balance')).json as unknown as { balance: number }).balance;
    const before = await balance();
    const res = await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'Summarize' });
    expect(res.status).toBe(502);
    expect(res.json.error).toBe('Failed to process custom prompt: The model is overloaded');
    expect(fake.state.requests.length).toBe(2);
    // gpt-4 (the default) costs 5 credits: charged before the call, given back after the failure.
    expect(await balance()).toBe(before);
    fake.state.mode = 'stream';
    expect((await owner.post(`/api/transcripts/${transcriptId}/custom-prompt`, { prompt: 'Summarize' })).status).toBe(201);
    expect(await balance()).toBe(before - 5);
  });

  it('reports an unreachable provider', async () => {
    // A port nobody listens on: taken and released again.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = await startServer({ AI_BASE_URL: `http://127.0.0.1:${closedPort}/v1` });
    try {
      const s = await register(down);
      const id = await insertTranscript(down, s.user.id, { title: 't', language: 'en', segments: englishSegments });
      const res = await api(down, s.cookie).post(`/api/transcripts/${id}/custom-prompt`, { prompt: 'Summarize' });
      expect(res.status).toBe(502);
      expect(res.json.error).toMatch(/^Failed to process custom prompt: Connection error/);
    } finally {
      await down.close();
    }
  });

  it('cancels the provider request when the client goes away, and stores nothing', async () => {
    fake.state.mode = 'hang';
    const before = ((await owner.get(`/api/transcripts/${transcriptId}/ai-outputs`)).json as unknown as unknown[]).length;
    const closedBefore = fake.state.closedEarly;
    // Its own connection (node:http), destroyed mid-request like a closed browser tab.
    const body = JSON.stringify({ prompt: 'Summarize' });
    const clientReq = httpRequest(`${server.url}/api/transcripts/${transcriptId}/custom-prompt`, {
      method: 'POST',
      headers: { ...JSON_XHR, Cookie: cookie, 'Content-Length': String(Buffer.byteLength(body)) },
    });
    const pending = new Promise<unknown>((resolve) => {
      clientReq.on('error', resolve);
      clientReq.on('response', resolve);
    });
    clientReq.end(body);
    await expect.poll(() => fake.state.requests.length).toBe(1);
    clientReq.destroy();
    expect(await pending).toBeInstanceOf(Error);
    await expect.poll(() => fake.state.closedEarly, { timeout: 5000 }).toBe(closedBefore + 1);
    fake.state.mode = 'stream';
    // The server is fine and stored nothing for the cancelled prompt.
    const after = await fetch(`${server.url}/api/transcripts/${transcriptId}/ai-outputs`, { headers: { ...XHR, Cookie: cookie } });
    expect(((await after.json()) as unknown[]).length).toBe(before);
  });
});
