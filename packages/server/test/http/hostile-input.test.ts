import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/http/nul-guard.ts';
import { JSON_XHR, login, newAccount, postJson, register, startServer, type TestServer } from '../helpers.ts';
import { openLive } from '../transcription/server-helpers.ts';

// PostgreSQL cannot store U+0000 in text. Before the guard each of these answered 500 (found by fuzzing).
describe('a NUL character in text', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    ({ cookie } = await register(server));
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, body?: unknown, withCookie = true) =>
    fetch(server.url + path, {
      method,
      headers: { ...JSON_XHR, ...(withCookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = async (path: string) => (await fetch(server.url + path, { headers: { Cookie: cookie } })).json();

  it('is refused with 400 on every route that stores text, and nothing is stored', async () => {
    const folder = (await (await send('POST', '/api/folders', { name: 'Kept' })).json()) as { id: number };
    const before = {
      tree: await read('/api/folders/tree'),
      prompts: await read('/api/prompts'),
      balance: await read('/api/credits/balance'),
    };
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/folders', { name: 'a\u0000b' }],
      ['PUT', `/api/folders/${folder.id}`, { name: 'x\u0000' }],
      ['POST', '/api/prompts', { name: 'n\u0000', prompt: 'p' }],
      ['POST', '/api/prompts', { name: 'n', prompt: 'p\u0000' }],
      ['POST', '/api/transcripts/1/custom-prompt', { prompt: 'summ\u0000arize' }],
      [
        'POST',
        '/api/credits/test-payments/confirm',
        { clientSecret: '\u0000', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      ],
      ['POST', '/api/user/preferences', { language: 'de\u0000' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await send(method, path, body);
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 400,
        body: { error: NUL_MESSAGE, code: 'NUL_CHARACTER' },
      });
    }
    expect({
      tree: await read('/api/folders/tree'),
      prompts: await read('/api/prompts'),
      balance: await read('/api/credits/balance'),
    }).toEqual(before);
  });

  it('is refused at sign-in and registration before the captcha is spent', async () => {
    const res = await login(server, 'ada\u0000', 'whatever');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: NUL_MESSAGE, code: 'NUL_CHARACTER' });

    const account = await newAccount(server);
    const refused = await postJson(server, '/api/auth/register', { ...account, name: 'Ada\u0000' });
    expect(refused.status).toBe(400);
    // The same solved captcha still works: the refusal came before anything was used up or stored.
    const accepted = await postJson(server, '/api/auth/register', account);
    expect(accepted.status).toBe(201);
  });

  it('is allowed where it is harmless: a query parameter nobody reads', async () => {
    expect((await fetch(`${server.url}/api/health?%00=1`)).status).toBe(200);
  });
});

describe('URLs the router cannot take', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answer in the API shape without echoing the URL', async () => {
    const long = await fetch(`${server.url}/api/transcripts/${'9'.repeat(400)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ error: 'A part of the URL is too long', code: 'URL_PART_TOO_LONG' });
    const malformed = await fetch(`${server.url}/api/transcripts/%`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Malformed URL', code: 'MALFORMED_URL' });
  });
});

describe('a live socket that breaks the protocol', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is closed (1009 for a frame over 4 KB) while the server and other sockets carry on', async () => {
    const { cookie } = await register(server);
    const other = await openLive(server, cookie);
    const rude = await openLive(server, cookie);
    rude.socket.send('x'.repeat(100_000));
    expect((await rude.closed).code).toBe(1009);
    expect(other.socket.readyState).toBe(other.socket.OPEN);
    const again = await openLive(server, cookie);
    expect(again.messages[0]?.type).toBe('connection');
    await Promise.all([other.close(), again.close()]);
  });
});
