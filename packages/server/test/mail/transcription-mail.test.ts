// The optional e-mail when a transcription finishes (features/mail): sent through a real SMTP
// exchange to a mail server this test runs, only to users who turned it on, in their language.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhisperEngine } from '../../src/features/transcription/engines/whisper/index.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { LIBRIVOX_CLIP, SHARED_MODEL_CACHE } from '../transcription/helpers.ts';

interface Received {
  to: string[];
  raw: string;
}

function startMailServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The decoded text of a quoted-printable or plain message. */
const decoded = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('e-mail when a transcription finishes', () => {
  let server: TestServer;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer(
      { STARTING_CREDITS: '10', SMTP_URL: mail.url, MAIL_FROM: 'Scribe <no-reply@scribe.test>', PUBLIC_URL: 'https://scribe.example.com/' },
      { worker: true, engine: createWhisperEngine({ cacheDir: SHARED_MODEL_CACHE }) },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await mail?.close();
  });

  const clip = readFileSync(`${LIBRIVOX_CLIP}.wav`);

  async function transcribed(client: ReturnType<typeof api>, name: string) {
    const up = await client.upload(name, clip);
    expect(up.status).toBe(201);
    const id = up.json.id!;
    await expect
      .poll(
        async () => ((await client.get(`/api/transcripts/${id}`)).json as unknown as { metadata: { status: string } }).metadata.status,
        {
          timeout: 90_000,
        },
      )
      .toBe('completed');
    return id;
  }

  it('goes to a user who turned it on, in their language, with a link to the transcript; not to others', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { mail?: boolean };
    expect(config.mail).toBe(true);

    const off = await register(server);
    const offClient = api(server, off.cookie);
    expect((await offClient.get('/api/user/preferences')).json).toEqual({ language: 'en', emailWhenTranscribed: false, vocabulary: [] });
    await transcribed(offClient, 'not mailed.wav');

    const on = await register(server);
    const onClient = api(server, on.cookie);
    const saved = await onClient.post('/api/user/preferences', { language: 'de', emailWhenTranscribed: true });
    expect(saved.json).toEqual({ language: 'de', emailWhenTranscribed: true, vocabulary: [] });
    // Saving the language alone leaves the choice as it was.
    await onClient.post('/api/user/preferences', { language: 'de' });
    expect((await onClient.get('/api/user/preferences')).json).toEqual({ language: 'de', emailWhenTranscribed: true, vocabulary: [] });
    const id = await transcribed(onClient, 'Besprechung.wav');

    await expect.poll(() => mail.received.filter((m) => m.to.includes(on.account.email)).length, { timeout: 30_000 }).toBe(1);
    const message = decoded(mail.received.find((m) => m.to.includes(on.account.email))!.raw);
    expect(message).toMatch(/^From: Scribe <no-reply@scribe\.test>/m);
    expect(message).toContain('Besprechung');
    expect(message).toContain('ist fertig');
    expect(message).toContain(`https://scribe.example.com/?transcript=${id}`);
    expect(mail.received.filter((m) => m.to.includes(off.account.email))).toEqual([]);
  }, 240_000);
});

describe('without a mail server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  }, 120_000);
  afterAll(() => server?.close());

  it('the app is told there is no e-mail to offer', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { mail?: boolean };
    expect(config.mail).toBe(false);
  });
});
