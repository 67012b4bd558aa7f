// GET /metrics: Prometheus text over real HTTP on the server's port, its series moving when requests,
// transcriptions, webhook deliveries, AI prompts and live sockets happen, and who may scrape it
// (private networks by default, a bearer token when METRICS_TOKEN is set).
import { defaultPrompts } from '@scribe/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/features/metrics/access.ts';
import { loadConfig } from '../../src/config.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { toneWav } from '../support/audio.ts';
import { openLive } from '../transcription/server-helpers.ts';
import { startReceiver } from '../webhooks/receiver.ts';
import { oneLineEngine } from '../support/one-line-engine.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer (comments skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const engine = oneLineEngine('metrics-test-engine', 'We agreed to ship the release on Friday.');

async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/metrics`, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

/** A scrape that must be answered: its samples, with a lookup by name and labels (0 when absent). */
async function samplesOf(server: TestServer, headers: Record<string, string> = {}) {
  const res = await scrape(server, headers);
  expect(res.status, res.text).toBe(200);
  const samples = parseSamples(res.text);
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    text: res.text,
    samples,
    find,
    value: (name: string, labels: Record<string, string> = {}) => find(name, labels).reduce((sum, s) => sum + s.value, 0),
  };
}

/** Polls `read` until `accept` holds or the deadline passes (then fails with the last value). */
async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /metrics, private networks only (no METRICS_TOKEN)', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // TRUST_PROXY=true: request.ip is the leftmost X-Forwarded-For address, the easiest to forge.
    server = await startServer(
      { STARTING_CREDITS: '100', WEBHOOK_ALLOW_PRIVATE: 'true', TRANSCRIPTION_RETRIES: '0', TRUST_PROXY: 'true' },
      { worker: true, engine },
    );
    receiver = await startReceiver();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  it('answers Prometheus text with every series, including the Node version it runs on', async () => {
    const res = await scrape(server);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = await samplesOf(server);
    // Process: Node version (24 or newer), memory, event-loop delay.
    const [version] = m.find('nodejs_version_info');
    expect(version?.labels.version).toBe(process.version);
    expect(Number(version?.labels.major)).toBeGreaterThanOrEqual(24);
    expect(m.value('process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(m.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds']) {
      expect(m.find(name), name).toHaveLength(1);
    }
    // The product's own series.
    expect(m.find('scribe_queue_depth', { queue: 'transcription' })).toHaveLength(1);
    expect(m.find('scribe_queue_depth', { queue: 'webhook-delivery' })).toHaveLength(1);
    expect(m.find('scribe_live_sockets')).toHaveLength(1);
    expect(m.find('scribe_transcription_processing_seconds_total')).toHaveLength(1);
    expect(m.find('scribe_transcription_audio_seconds_total')).toHaveLength(1);
    for (const [name, type] of [
      ['scribe_http_request_duration_seconds', 'histogram'],
      ['scribe_job_duration_seconds', 'histogram'],
      ['scribe_ai_prompt_duration_seconds', 'histogram'],
      ['scribe_transcription_processing_seconds_total', 'counter'],
      ['scribe_transcription_audio_seconds_total', 'counter'],
      ['scribe_queue_depth', 'gauge'],
      ['scribe_live_sockets', 'gauge'],
    ]) {
      expect(m.text).toContain(`# TYPE ${name} ${type}\n`);
    }
    // The first scrape itself was counted under its route.
    expect(
      m.value('scribe_http_request_duration_seconds_count', { route: '/metrics', method: 'GET', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts requests by route pattern, method and status, never by the raw URL', async () => {
    const { cookie } = await register(server);
    const key = { route: '/api/transcripts/:id', method: 'GET', status_code: '404' };
    const before = await samplesOf(server);
    for (const id of [987654, 987655]) {
      const res = await fetch(`${server.url}/api/transcripts/${id}`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(404);
    }
    const missing = await fetch(`${server.url}/no/such/page-31337`);
    expect(missing.status).toBe(404);
    const after = await samplesOf(server);
    expect(
      after.value('scribe_http_request_duration_seconds_count', key) - before.value('scribe_http_request_duration_seconds_count', key),
    ).toBe(2);
    const unmatched = { route: 'unmatched', method: 'GET', status_code: '404' };
    expect(after.value('scribe_http_request_duration_seconds_count', unmatched)).toBe(
      before.value('scribe_http_request_duration_seconds_count', unmatched) + 1,
    );
    // Durations are observed too: the bucket le="+Inf" equals the count, the sum is positive.
    expect(after.value('scribe_http_request_duration_seconds_bucket', { ...key, le: '+Inf' })).toBe(
      after.value('scribe_http_request_duration_seconds_count', key),
    );
    expect(after.value('scribe_http_request_duration_seconds_sum', key)).toBeGreaterThan(0);
    for (const raw of ['987654', '987655', 'page-31337']) expect(after.text).not.toContain(raw);
  });

  it('counts transcriptions, their audio and engine time, webhook deliveries, AI prompts and live sockets', async () => {
    const r = await register(server);
    const client = api(server, r.cookie);
    const created = await client.post('/api/webhooks', { url: receiver.url, events: ['transcription.completed', 'transcription.failed'] });
    expect(created.status).toBe(201);
    const transcription = (outcome: string) => ({ queue: 'transcription', outcome });
    const webhook = { queue: 'webhook-delivery', outcome: 'completed' };
    const before = await samplesOf(server);

    // A live socket shows while open.
    const live = await openLive(server, r.cookie);
    await until(
      () => samplesOf(server),
      (m) => m.value('scribe_live_sockets') === before.value('scribe_live_sockets') + 1,
    );

    engine.refuse = false;
    const up = await client.upload('standup.wav', toneWav(3));
    expect(up.status).toBe(201);
    await live.status(up.json.id!, 'complete', 30_000);
    const done = await until(
      () => samplesOf(server),
      (m) =>
        m.value('scribe_job_duration_seconds_count', transcription('completed')) ===
          before.value('scribe_job_duration_seconds_count', transcription('completed')) + 1 &&
        m.value('scribe_job_duration_seconds_count', webhook) === before.value('scribe_job_duration_seconds_count', webhook) + 1,
    );
    const audio = done.value('scribe_transcription_audio_seconds_total') - before.value('scribe_transcription_audio_seconds_total');
    expect(audio).toBeCloseTo(3, 1);
    expect(done.value('scribe_transcription_processing_seconds_total')).toBeGreaterThan(
      before.value('scribe_transcription_processing_seconds_total'),
    );
    expect(done.value('scribe_job_duration_seconds_sum', transcription('completed'))).toBeGreaterThan(
      before.value('scribe_job_duration_seconds_sum', transcription('completed')),
    );
    expect(done.value('scribe_queue_depth', { queue: 'transcription' })).toBe(0);

    // A transcription the engine refuses ends failed (no retries configured here).
    engine.refuse = true;
    const refused = await client.upload('refused.wav', toneWav(2));
    expect(refused.status).toBe(201);
    await live.status(refused.json.id!, 'error', 30_000);
    await until(
      () => samplesOf(server),
      (m) =>
        m.value('scribe_job_duration_seconds_count', transcription('failed')) ===
        before.value('scribe_job_duration_seconds_count', transcription('failed')) + 1,
    );
    engine.refuse = false;

    // An AI prompt on the completed transcript (the local engine).
    const prompt = defaultPrompts.find((p) => p.kind === 'keyPoints')!;
    const beforePrompt = await samplesOf(server);
    const ran = await client.post(`/api/transcripts/${up.json.id}/custom-prompt`, { prompt: prompt.prompt });
    expect(ran.status, ran.text).toBe(201);
    const afterPrompt = await samplesOf(server);
    const local = { engine: 'local', outcome: 'completed' };
    expect(afterPrompt.value('scribe_ai_prompt_duration_seconds_count', local)).toBe(
      beforePrompt.value('scribe_ai_prompt_duration_seconds_count', local) + 1,
    );

    await live.close();
    await until(
      () => samplesOf(server),
      (m) => m.value('scribe_live_sockets') === before.value('scribe_live_sockets'),
    );
  }, 60_000);

  it('refuses a caller outside the private networks, however it forwards a private address', async () => {
    const refusedWith = async (headers: Record<string, string>) => {
      const res = await scrape(server, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.text)).toEqual({
        error: 'Metrics are served only to loopback and private network addresses',
        code: 'METRICS_FORBIDDEN',
      });
      expect(res.text).not.toContain('scribe_');
    };
    // A proxy passing on a public client.
    await refusedWith({ 'X-Forwarded-For': '203.0.113.7' });
    await refusedWith({ 'X-Forwarded-For': '2001:db8::7' });
    await refusedWith({ 'X-Forwarded-For': '::ffff:203.0.113.7' });
    // A client that forged a private address in front of the one its proxy appended (with
    // TRUST_PROXY=true the server's own idea of the client, request.ip, is the forged 10.0.0.1).
    await refusedWith({ 'X-Forwarded-For': '10.0.0.1, 203.0.113.7' });
    await refusedWith({ 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '198.51.100.4' });
    await refusedWith({ Forwarded: 'for=10.0.0.1, for="[2001:db8::1]:4711"' });
    await refusedWith({ 'X-Forwarded-For': 'unknown' });
    // Proxies inside the private network passing on a private client are fine.
    for (const headers of [
      { 'X-Forwarded-For': '10.1.2.3, 192.168.0.9' } as Record<string, string>,
      { 'X-Forwarded-For': '::ffff:172.20.0.5' },
      { Forwarded: 'for="[fd00::5]:80"' },
    ]) {
      expect((await scrape(server, headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('knows the private networks, in IPv4, IPv6 and IPv4-mapped spellings', () => {
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '::1',
      'fc00::1',
      'fdff::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['::ffff:127.0.0.1', '::ffff:10.2.3.4', '::ffff:a02:304', '::ffff:172.16.0.1', '::ffff:c0a8:101']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    for (const address of ['2001:db8::1', 'fe80::1', '::', '::ffff:8.8.8.8', '::ffff:808:808', 'unknown', '', undefined]) {
      expect(isPrivateAddress(address), String(address)).toBe(false);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'scrape-secret-0123456789abcdef';
  let server: TestServer;

  beforeAll(async () => {
    // No worker: an upload stays queued, so the queue depth shows it.
    server = await startServer({ METRICS_TOKEN: token });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers only the bearer of the token, from any address', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer wrong-token-0123456789abcdef' },
      { Authorization: `Bearer ${token}x` },
      { Authorization: token },
    ]) {
      const res = await scrape(server, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(JSON.parse(res.text)).toEqual({ error: 'Missing or invalid metrics token', code: 'METRICS_TOKEN_INVALID' });
    }
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await scrape(server, bearer)).status).toBe(200);
    // A caller outside the private networks gets the metrics with the token.
    const outside = await samplesOf(server, { ...bearer, 'X-Forwarded-For': '203.0.113.7' });
    expect(outside.find('nodejs_version_info')).toHaveLength(1);
  });

  it('shows a queued transcription in the queue depth', async () => {
    const bearer = { Authorization: `Bearer ${token}` };
    const before = await samplesOf(server, bearer);
    const r = await register(server);
    const up = await api(server, r.cookie).upload('queued.wav', toneWav(1));
    expect(up.status).toBe(201);
    const after = await samplesOf(server, bearer);
    expect(after.value('scribe_queue_depth', { queue: 'transcription' })).toBe(
      before.value('scribe_queue_depth', { queue: 'transcription' }) + 1,
    );
    expect(after.value('scribe_queue_depth', { queue: 'webhook-delivery' })).toBe(0);
  });

  it('refuses a token shorter than 16 characters at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN.*at least 16 characters/);
  });
});
