// The request log never holds a share link's token or an API token: share paths (/api/public/shares/…,
// the app's /s/…), 'scr_' tokens in any query parameter or path segment, encoded or not.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/logging.ts';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { startServer, tempDir, XHR, type TestServer } from '../helpers.ts';
import { libraryUser } from '../library-helpers.ts';
import { logCapture } from '../support/log-capture.ts';

describe('redactUrl', () => {
  it('leaves ordinary URLs as they are', () => {
    for (const url of [
      '/api/folders/tree',
      '/api/transcripts/12/export?format=pdf',
      '/api/search?q=quarterly%20planning&limit=20',
      '/api/uploads/0b6f3c1e-8d4a-4f5e-9a7b-2c1d3e4f5a6b/chunks/3',
      '/s/',
    ]) {
      expect(redactUrl(url), url).toBe(url);
    }
  });
  it('replaces share tokens, API tokens of any parameter name, and secret-named parameters', () => {
    const share = 'Ab3_'.repeat(10) + 'x-Z';
    const api = `scr_${'Q'.repeat(43)}`;
    expect(redactUrl(`/api/public/shares/${share}`)).toBe('/api/public/shares/[Redacted]');
    expect(redactUrl(`/api/public/shares/${share}/audio`)).toBe('/api/public/shares/[Redacted]/audio');
    // A wrong or cut token is redacted too: the path says it is one.
    expect(redactUrl('/api/public/shares/short')).toBe('/api/public/shares/[Redacted]');
    expect(redactUrl(`/s/${share}?ref=mail`)).toBe('/s/[Redacted]?ref=mail');
    expect(redactUrl(`/api/x?bearer=${api}&page=2`)).toBe('/api/x?bearer=[Redacted]&page=2');
    expect(redactUrl(`/api/x?page=2&x=${api}`)).toBe('/api/x?page=2&x=[Redacted]');
    expect(redactUrl(`/api/x?x=${encodeURIComponent(api).replace('_', '%5F')}`)).toBe('/api/x?x=[Redacted]');
    expect(redactUrl(`/api/x?${api}`)).toBe('/api/x?[Redacted]');
    expect(redactUrl(`/api/x/${api}/y`)).toBe('/api/x/[Redacted]/y');
    expect(redactUrl(`/api/x?auth=anything`)).toBe('/api/x?auth=[Redacted]');
    expect(redactUrl(`/api/x?link=${share}`)).toBe('/api/x?link=[Redacted]');
  });
});

describe('the request log', () => {
  const log = logCapture();
  let server: TestServer;
  beforeAll(async () => {
    const dataDir = tempDir();
    const dist = join(dataDir, 'app');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    server = await startServer({ DATA_DIR: dataDir, APP_DIST_DIR: dist, LOG_LEVEL: 'trace' }, { logStream: log.stream });
  });
  afterAll(() => server?.close());

  it('holds no share token and no API token, whatever the route or parameter name', async () => {
    const owner = await libraryUser(server);
    const transcriptId = await insertTranscript(server, owner.id, { title: 'Shared notes', language: 'en', segments: englishSegments });
    const created = await owner.post(`/api/transcripts/${transcriptId}/share`, {});
    expect(created.status).toBe(200);
    const shareToken = (created.json as { token: string }).token;
    const made = await owner.post('/api/tokens', { name: 'script' });
    expect(made.status).toBe(201);
    const apiToken = (made.json as { token: string }).token;
    expect(apiToken).toMatch(/^scr_/);
    // A token-shaped secret that matches no account: the log cannot know which ones are real.
    const madeUp = `scr_${'Zz9_'.repeat(11)}`;

    const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });
    // The share link, as a visitor opens it: the app's page, the public API and its audio.
    expect((await get(`/s/${shareToken}`, { Accept: 'text/html' })).status).toBe(200);
    expect((await get(`/api/public/shares/${shareToken}`)).status).toBe(200);
    await get(`/api/public/shares/${shareToken}/audio`);
    await get(`/api/public/shares/${shareToken}?download=1`);
    // API tokens where scripts put them by mistake: several parameter names, bare, encoded, in the path.
    for (const path of [
      `/api/folders/tree?bearer=${apiToken}`,
      `/api/folders/tree?auth=${apiToken}`,
      `/api/folders/tree?x=${apiToken}`,
      `/api/folders/tree?page=1&q=${apiToken}`,
      `/api/folders/tree?${apiToken}`,
      `/api/folders/tree?y=${encodeURIComponent(apiToken).replace('_', '%5F')}`,
      `/api/folders/tree?z=${madeUp}`,
      `/api/nothing-here/${apiToken}`,
      `/api/folders/tree?link=${shareToken}`,
    ]) {
      await get(path, XHR);
    }
    // The Authorization header as scripts should send it.
    expect((await get('/api/folders/tree', { Authorization: `Bearer ${apiToken}` })).status).toBe(200);

    const text = log.text();
    // The capture holds these requests, redacted where the tokens were.
    expect(text).toContain('/s/[Redacted]');
    expect(text).toContain('/api/public/shares/[Redacted]/audio');
    expect(text).toContain('/api/folders/tree?bearer=[Redacted]');
    expect(text).toContain('/api/folders/tree?x=[Redacted]');
    expect(text).toContain('/api/nothing-here/[Redacted]');
    for (const secret of [shareToken, apiToken, madeUp]) {
      // Nor any long piece of one (a redaction that cut a token in two would leave its halves).
      const body = secret.replace(/^scr_/, '');
      for (const piece of [secret, body, body.slice(0, 20), body.slice(-20), encodeURIComponent(secret)]) {
        expect(text, piece).not.toContain(piece);
      }
    }
  });
});
