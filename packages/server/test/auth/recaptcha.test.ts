import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validationMessages as m } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startServer, type TestServer } from '../helpers.ts';

/** A stand-in for Google's siteverify: accepts token 'good-token' for secret 'test-secret'. */
function fakeSiteverify() {
  const calls: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push(form);
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'good-token';
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  return {
    calls,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('reCAPTCHA provider', () => {
  const google = fakeSiteverify();
  let server: TestServer;

  beforeAll(async () => {
    const verifyUrl = await google.start();
    server = await startServer({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      RECAPTCHA_VERIFY_URL: verifyUrl,
    });
  });
  afterAll(async () => {
    await server.close();
    await google.close();
  });

  it('tells the browser to use reCAPTCHA with the site key, and offers no ALTCHA challenge', async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config.captcha).toEqual({ provider: 'recaptcha', siteKey: 'site-key-123' });
    expect((await fetch(`${server.url}/api/captcha/challenge`)).status).toBe(404);
  });

  it('verifies the token with the secret and registers on success', async () => {
    const res = await postJson(server, '/api/auth/register', {
      name: 'Rita Recaptcha',
      username: 'rita',
      email: 'rita@example.com',
      password: 'Secret#123',
      captchaToken: 'good-token',
    });
    expect(res.status).toBe(201);
    const call = google.calls.at(-1)!;
    expect(call.get('secret')).toBe('test-secret');
    expect(call.get('response')).toBe('good-token');
    expect(call.get('remoteip')).toBe('127.0.0.1');
  });

  it('refuses a token Google rejects with the captcha message', async () => {
    const res = await postJson(server, '/api/auth/login', { username: 'rita', password: 'Secret#123', captchaToken: 'bad-token' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(m.captchaRequired);
    const ok = await postJson(server, '/api/auth/login', { username: 'rita', password: 'Secret#123', captchaToken: 'good-token' });
    expect(ok.status).toBe(200);
  });
});

describe('reCAPTCHA misconfigured', () => {
  it('reports a missing site key as null and fails captcha checks when the verifier is unreachable', async () => {
    const server = await startServer({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET_KEY: 'test-secret',
      // Nothing listens on port 9 of the loopback: the check must fail, not hang or 500.
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
    });
    try {
      const config = await (await fetch(`${server.url}/api/config`)).json();
      expect(config.captcha).toEqual({ provider: 'recaptcha', siteKey: null });
      const res = await postJson(server, '/api/auth/login', { username: 'x', password: 'y', captchaToken: 'token' });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(m.captchaRequired);
    } finally {
      await server.close();
    }
  });
});
