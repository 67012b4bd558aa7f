// Webhook targets that are IPv6 addresses carrying a loopback or private IPv4 address (IPv4-compatible,
// 6to4, SIIT/IPv4-mapped, NAT64) are refused when the webhook is made, whether written in the URL or
// answered for its host name, and again when a delivery resolves the name (DNS re-pointed after creation).
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { toneWav } from '../support/audio.ts';
import { oneLineEngine } from '../support/one-line-engine.ts';

const engine = oneLineEngine('embedded-ipv4-engine', 'The webhook test speaks.');

/** A resolver of our own: names under .hooks.test answer what `answers` holds now; every question is noted. */
const answers = new Map<string, string>();
const asked: string[] = [];
async function fakeLookup(host: string): Promise<LookupAddress[]> {
  asked.push(host);
  const address = answers.get(host);
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: isIP(address) }];
}

describe('webhooks to IPv6 addresses that embed a private IPv4 address', () => {
  let server: TestServer;
  beforeAll(async () => {
    // WEBHOOK_ALLOW_PRIVATE stays unset: the production policy.
    server = await startServer(
      { STARTING_CREDITS: '100', WEBHOOK_RETRY_DELAY_SECONDS: '1', TRANSCRIPTION_RETRIES: '0' },
      { worker: true, engine, webhookLookup: fakeLookup },
    );
  });
  afterAll(async () => server?.close());

  it('refuses the loopback forms written in the URL or answered for a host name, and takes the public ones', async () => {
    const { cookie } = await register(server);
    const client = api(server, cookie);
    const create = (url: string) => client.post('/api/webhooks', { url, events: ['transcription.completed'] });
    answers.set('compatible.hooks.test', '::127.0.0.1');
    answers.set('sixtofour.hooks.test', '2002:a00:1::1');
    answers.set('translated.hooks.test', '::ffff:0:c0a8:101');
    answers.set('nat64.hooks.test', '64:ff9b::7f00:1');
    for (const url of [
      // The three forms of the attack run: IPv4-compatible, 6to4 and SIIT (::ffff:0:0:0/96) of 127.0.0.1.
      'https://[::127.0.0.1]/',
      'https://[2002:7f00:1::1]/',
      'https://[::ffff:0:7f00:1]/',
      // The others: IPv4-mapped in hex, NAT64's well-known prefix, its local-use prefix, Teredo's server.
      'https://[::ffff:7f00:1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/latest',
      'https://[64:ff9b:1::8.8.8.8]/',
      'https://[2001:0:a00:1::1]/',
      // Host names whose answer is such an address (10.0.0.1 in 6to4, 192.168.1.1 translated, ...).
      'https://compatible.hooks.test/hook',
      'https://sixtofour.hooks.test/hook',
      'https://translated.hooks.test/hook',
      'https://nat64.hooks.test/hook',
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.json.code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    // The same forms around a public address are ordinary IPv6 targets.
    for (const url of ['https://[2002:808:808::1]/hook', 'https://[64:ff9b::8.8.8.8]/hook', 'https://[::ffff:0:808:808]/hook']) {
      expect((await create(url)).status, url).toBe(201);
    }
    expect((await client.get('/api/webhooks')).json).toHaveLength(3);
  });

  it('refuses at delivery a host name that now resolves to such an address: no request, the delivery fails for good', async () => {
    const host = 'rebind.hooks.test';
    // A public address when the webhook is made...
    answers.set(host, '2606:4700:4700::1111');
    const { cookie } = await register(server);
    const client = api(server, cookie);
    const created = await client.post('/api/webhooks', { url: `https://${host}/hook`, events: ['transcription.completed'] });
    expect(created.status).toBe(201);
    const webhookId = (created.json as { id: number }).id;
    // ...then the name is pointed at 127.0.0.1 inside 6to4.
    answers.set(host, '2002:7f00:1::1');
    const before = asked.filter((h) => h === host).length;
    const up = await client.upload('rebind.wav', toneWav(2));
    expect(up.status).toBe(201);
    const deliveries = async () =>
      (await client.get(`/api/webhooks/${webhookId}/deliveries`)).json as unknown as Array<{
        state: string;
        attempts: number;
        lastStatus: number | null;
        lastError: string | null;
      }>;
    await expect.poll(async () => (await deliveries())[0]?.state, { timeout: 30_000, interval: 100 }).toBe('failed');
    // Judged on the address the name resolved to at delivery time: the name was asked again, the
    // answer refused before any connection (a connection to 127.0.0.1:443 would be a retried network error).
    expect(asked.filter((h) => h === host).length).toBeGreaterThan(before);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ state: 'failed', attempts: 1, lastStatus: null, lastError: 'forbidden address' }),
    ]);
  });
});
