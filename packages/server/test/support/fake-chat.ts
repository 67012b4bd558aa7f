// A local server speaking the OpenAI chat-completions protocol the way Ollama's /v1 endpoint does
// (chunks with system_fingerprint 'fp_ollama', the role on every delta, a last chunk carrying only
// finish_reason, no `usage`), for the real SDK. Each test decides the answer per request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatBody {
  model: string;
  stream: boolean;
  max_tokens?: number;
  messages: Array<{ role: string; content: string }>;
}

export interface ChatReply {
  /** The answer, streamed in pieces of this text. */
  pieces?: string[];
  /** Wait before each piece (a slow model). */
  delayMs?: number;
  finishReason?: 'stop' | 'length';
  /** A last chunk with no choices and token counts (what stream_options.include_usage brings). */
  usageChunk?: boolean;
  /** Instead of a stream: an error answer with this status and message. */
  error?: { status: number; message: string };
}

export type ChatHandler = (body: ChatBody) => ChatReply;

export interface FakeChat {
  url: string;
  requests: ChatBody[];
  /** Streams the server stopped early because the client went away. */
  closedEarly: number;
  handler: ChatHandler;
  close(): Promise<void>;
}

function ollamaChunk(content: string | undefined, finishReason: string | null) {
  return {
    id: 'chatcmpl-417',
    object: 'chat.completion.chunk',
    created: 1764000000,
    model: 'llama3.2:3b',
    system_fingerprint: 'fp_ollama',
    choices: [
      { index: 0, delta: content === undefined ? { role: 'assistant' } : { role: 'assistant', content }, finish_reason: finishReason },
    ],
  };
}

async function reply(res: ServerResponse, answer: ChatReply, state: FakeChat) {
  if (answer.error) {
    res.writeHead(answer.error.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: answer.error.message, type: 'invalid_request_error', param: null, code: null } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let gone = false;
  res.on('close', () => {
    if (!res.writableEnded) {
      gone = true;
      state.closedEarly += 1;
    }
  });
  for (const piece of answer.pieces ?? []) {
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (gone) return;
    res.write(`data: ${JSON.stringify(ollamaChunk(piece, null))}\n\n`);
  }
  res.write(`data: ${JSON.stringify(ollamaChunk('', answer.finishReason ?? 'stop'))}\n\n`);
  if (answer.usageChunk) {
    const usage = { prompt_tokens: 812, completion_tokens: 41, total_tokens: 853 };
    res.write(`data: ${JSON.stringify({ ...ollamaChunk(undefined, null), choices: [], usage })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

export async function startFakeChat(handler: ChatHandler): Promise<FakeChat> {
  const state: FakeChat = { url: '', requests: [], closedEarly: 0, handler, close: async () => {} };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
        return;
      }
      const body = JSON.parse(raw) as ChatBody;
      state.requests.push(body);
      void reply(res, state.handler(body), state);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
