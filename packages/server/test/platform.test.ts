import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { apiErrorCodes } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir, type TestServer } from './helpers.ts';

describe('platform routes', () => {
  let server: TestServer;
  const dist = tempDir('scribe-dist-');

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Scribe</title><div id="root"></div>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Scribe","start_url":"/"}');
    server = await startServer({ APP_DIST_DIR: dist });
  });
  afterAll(() => server.close());

  it('GET /api/health reports ok and which database it uses', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('GET /api/openapi.json documents the auth and preferences routes', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths['/api/auth/register'])).toContain('post');
    expect(Object.keys(doc.paths['/api/auth/login'])).toContain('post');
    expect(Object.keys(doc.paths['/api/auth/logout'])).toContain('post');
    expect(Object.keys(doc.paths['/api/auth/me'])).toContain('get');
    expect(Object.keys(doc.paths['/api/user/preferences']).sort()).toEqual(['get', 'post']);
    const body = JSON.stringify(doc.paths['/api/auth/register']);
    expect(body).toContain('captchaToken');
  });

  it('GET /api/openapi.json lists every error code of the api-client registry in the error answers', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
      components?: { schemas?: Record<string, Schema> };
    };
    type Schema = { $ref?: string; properties?: Record<string, Schema>; enum?: unknown[] };
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
    const errorSchemas = Object.values(doc.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => Object.entries(operation.responses ?? {}))
      .filter(([status]) => Number(status) >= 400)
      .map(([, response]) => resolve(response.content?.['application/json']?.schema));
    expect(errorSchemas.length).toBeGreaterThan(20);
    for (const schema of errorSchemas) {
      expect(schema?.properties?.error).toBeDefined();
      expect(resolve(schema?.properties?.code)?.enum).toEqual(apiErrorCodes);
    }
  });

  it('GET /api/config tells the browser the captcha provider, support address, transcription languages and payment provider', async () => {
    const res = await fetch(`${server.url}/api/config`);
    expect(await res.json()).toEqual({
      captcha: { provider: 'altcha', challengeUrl: '/api/captcha/challenge' },
      supportEmail: 'support@example.com',
      // The built-in engine is English only, and says so.
      transcription: { engine: 'builtin', languages: ['en'] },
      // Without Stripe keys: the built-in test-mode provider (no Stripe script in the browser).
      payments: { provider: 'test' },
      // The upload limit, so the browser checks the same one before sending (docs/decisions.md: 100 MB).
      uploads: { maxBytes: 104_857_600 },
      // What things cost (docs/decisions.md), so the app can say so before the user commits.
      costs: { perTranscriptionMinute: 1, prompts: { local: 1, 'gpt-3.5': 1, 'gpt-4': 5 } },
      // No SMTP_URL: the settings do not offer "e-mail me when it is transcribed".
      mail: false,
    });
  });

  it('GET /api/captcha/challenge gives a signed, expiring, uncached challenge', async () => {
    const res = await fetch(`${server.url}/api/captcha/challenge`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { parameters: { algorithm: string; expiresAt: number }; signature: string };
    expect(body.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (body.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(8);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('unknown /api paths answer 404 JSON, also for browsers asking for HTML', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await fetch(`${server.url}/api/does-not-exist`, { headers: { Accept: accept } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    const wrongMethod = await fetch(`${server.url}/api/auth/login`);
    expect(wrongMethod.status).toBe(404);
    expect(await wrongMethod.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('serves the app: index at /, SPA fallback for page routes, long-cached hashed assets', async () => {
    const root = await fetch(`${server.url}/`, { headers: { Accept: 'text/html' } });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');

    for (const page of ['/login', '/settings', '/some/unknown/page']) {
      const res = await fetch(server.url + page, { headers: { Accept: 'text/html,application/xhtml+xml' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Scribe</title>');
    }

    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app")');

    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');

    // A missing file that is not a page navigation is a plain 404, not the app shell.
    const missing = await fetch(`${server.url}/assets/missing.js`, { headers: { Accept: '*/*' } });
    expect(missing.status).toBe(404);
    // /ws is the live channel (refused without a session), never the app shell.
    const ws = await fetch(`${server.url}/ws`, { headers: { Accept: 'text/html' } });
    expect(ws.status).toBe(401);
    expect(ws.headers.get('content-type')).toContain('application/json');
  });

  it('serves the service worker and the web app manifest revalidated, so an update is seen at once', async () => {
    // At the root: the worker's default scope is the whole app. Not long-cached: a new version is found
    // on the next check instead of after the HTTP cache expires.
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });
});

/** A raw GET (fetch would ask for and undo compression itself): status, headers and undecoded body. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('precompressed app files', () => {
  let server: TestServer;
  const dist = tempDir('scribe-dist-br-');
  const bundle = 'export const words = "' + 'transcript '.repeat(500) + '";';

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Scribe</title><div id="root"></div>');
    mkdirSync(join(dist, 'assets'));
    // What the build writes beside each text file: brotli and gzip of the same bytes.
    writeFileSync(join(dist, 'assets', 'bundle-def456.js'), bundle);
    writeFileSync(join(dist, 'assets', 'bundle-def456.js.br'), brotliCompressSync(bundle));
    writeFileSync(join(dist, 'assets', 'bundle-def456.js.gz'), gzipSync(bundle));
    server = await startServer({ APP_DIST_DIR: dist });
  });
  afterAll(() => server.close());

  it('sends the brotli file to a browser that accepts it, long-cached, varying by encoding', async () => {
    const res = await rawGet(`${server.url}/assets/bundle-def456.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(bundle.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(bundle);
  });

  it('sends gzip when brotli is not accepted, and the original bytes when nothing is', async () => {
    const gz = await rawGet(`${server.url}/assets/bundle-def456.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bundle);

    const plain = await rawGet(`${server.url}/assets/bundle-def456.js`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bundle);
  });
});

describe('without an app build', () => {
  it('serves the API and answers 404 JSON elsewhere', async () => {
    const server = await startServer();
    try {
      const res = await fetch(`${server.url}/login`, { headers: { Accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
