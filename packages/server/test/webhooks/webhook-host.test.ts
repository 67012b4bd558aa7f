// A webhook URL that is well formed but whose host name does not resolve gets its own code
// (WEBHOOK_HOST_UNRESOLVED, naming the host), not the 'valid HTTPS URL' error; nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorText } from '@scribe/api-client';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

describe('webhook URLs whose host cannot be reached', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 400 WEBHOOK_HOST_UNRESOLVED with the host named, and keeps WEBHOOK_URL_INVALID for malformed URLs', async () => {
    const r = await register(server);
    const owner = api(server, r.cookie);
    // .invalid never resolves (RFC 6761), with or without a network.
    const unresolved = await owner.post('/api/webhooks', {
      url: 'https://hooks.no-such-host.invalid/scribe',
      events: ['transcription.completed'],
    });
    expect(unresolved.status).toBe(400);
    expect(unresolved.json.code).toBe('WEBHOOK_HOST_UNRESOLVED');
    expect(unresolved.json.params).toEqual({ host: 'hooks.no-such-host.invalid' });
    expect(unresolved.json.error).toBe(apiErrorText('WEBHOOK_HOST_UNRESOLVED', { host: 'hooks.no-such-host.invalid' }));
    expect(unresolved.json.error).toContain('could not be reached');
    expect(unresolved.json.error).not.toContain('valid HTTPS URL');

    for (const url of ['not a url', 'ftp://example.com/hook', 'http://example.com/hook']) {
      const bad = await owner.post('/api/webhooks', { url, events: ['transcription.completed'] });
      expect(bad.status, url).toBe(400);
      expect(bad.json.code, url).toBe('WEBHOOK_URL_INVALID');
    }
    // Nothing half-written: no webhook was stored.
    const list = await owner.get('/api/webhooks');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain('no-such-host');
  });
});
