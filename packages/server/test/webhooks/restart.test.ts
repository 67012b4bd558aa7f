// A webhook delivery survives the server being killed between two attempts: the real entry point
// (node --import tsx src/main.ts) as a child on PGlite in a temp DATA_DIR, transcribing through a fake
// OpenAI-compatible server, killed with SIGKILL after the receiver's first 500, then started again.
import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { newAccount, postJson, sessionCookie, tempDir } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { toneWav } from '../support/audio.ts';
import { freePort } from '../support/ports.ts';
import { healthy, startMain, type MainProcess } from '../support/main-process.ts';
import { startReceiver, verifies } from './receiver.ts';

/** A fake /v1/audio/transcriptions answering one fixed sentence for any file. */
async function fakeTranscriptionServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          task: 'transcribe',
          language: 'english',
          duration: 2,
          text: 'We agreed to ship on Friday.',
          segments: [{ id: 0, start: 0, end: 2, text: ' We agreed to ship on Friday.' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

describe('a webhook delivery interrupted by a crash', () => {
  const dataDir = tempDir();
  const children: MainProcess[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    for (const close of closers) await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is delivered after the killed server starts again, with the same event id', async () => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const fake = await fakeTranscriptionServer();
    closers.push(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
    const port = await freePort();
    const server = { url: `http://127.0.0.1:${port}` };
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      TRANSCRIPTION_ENGINE: 'openai',
      TRANSCRIPTION_API_URL: fake.url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Long enough to kill the server before the retry is due.
      WEBHOOK_RETRY_DELAY_SECONDS: '4',
    };

    const first = startMain(env);
    children.push(first);
    await healthy(server.url, first);
    const account = await newAccount(server as never);
    const reg = await postJson(server, '/api/auth/register', account);
    expect(reg.status).toBe(201);
    const client = api(server as never, sessionCookie(reg)!);
    const hook = await client.post('/api/webhooks', { url: receiver.url, events: ['transcription.completed'] });
    expect(hook.status).toBe(201);
    const { id: webhookId, secret } = hook.json as unknown as { id: number; secret: string };

    receiver.answer(500);
    const upload = await client.upload('standup.wav', toneWav(2));
    expect(upload.status).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 100 }).toBe(1);
    // The failed attempt is stored (its retry is scheduled in the queue); then the process dies.
    await expect
      .poll(
        async () => ((await client.get(`/api/webhooks/${webhookId}/deliveries`)).json as unknown as Array<{ state: string }>)[0]?.state,
        {
          timeout: 10_000,
          interval: 50,
        },
      )
      .toBe('retrying');
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe(null);
    expect(receiver.received).toHaveLength(1);

    const second = startMain(env);
    children.push(second);
    await healthy(server.url, second);
    await expect.poll(() => receiver.received.length, { timeout: 60_000, interval: 100 }).toBe(2);
    const [a, b] = receiver.received;
    expect(b!.headers['scribe-event-id']).toBe(a!.headers['scribe-event-id']);
    expect(verifies(secret, b!)).toBe(true);
    await expect
      .poll(async () => ((await client.get(`/api/webhooks/${webhookId}/deliveries`)).json as unknown as Array<Record<string, unknown>>)[0])
      .toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 200 });
  }, 180_000);
});
