// Webhooks: signed deliveries to a local receiver (loopback allowed by configuration, as in tests),
// retries on 5xx with one event id, owner-only management.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';
import { toneWav } from '../support/audio.ts';
import { oneLineEngine } from '../support/one-line-engine.ts';
import { startReceiver, verifies } from './receiver.ts';

const engine = oneLineEngine('webhook-test-engine', 'We agreed to ship on Friday.');

describe('webhooks', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    server = await startServer(
      { STARTING_CREDITS: '100', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1', TRANSCRIPTION_RETRIES: '0' },
      { worker: true, engine },
    );
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  async function userWithWebhook(events: string[]) {
    const r = await register(server);
    const client = api(server, r.cookie);
    const created = await client.post('/api/webhooks', { url: receiver.url, events });
    expect(created.status).toBe(201);
    return { client, webhook: created.json as unknown as { id: number; secret: string; url: string } };
  }

  /** The requests for one transcript (others' events never count). */
  const requestsFor = (transcriptId: number, type: string) =>
    receiver.received.filter((r) => {
      const body = JSON.parse(r.body) as { type: string; data: { transcriptId: number } };
      return body.type === type && body.data.transcriptId === transcriptId;
    });

  it('delivers transcription.completed signed with the webhook secret, to its owner only', async () => {
    const { client, webhook } = await userWithWebhook(['transcription.completed']);
    expect(webhook.secret).toMatch(/^whsec_/);
    // Another user's webhook hears nothing of this user's transcripts.
    const other = await userWithWebhook(['transcription.completed', 'transcription.failed']);
    engine.refuse = false;
    const up = await client.upload('meeting.wav', toneWav(2));
    expect(up.status).toBe(201);
    const id = up.json.id!;
    await expect.poll(() => requestsFor(id, 'transcription.completed').length, { timeout: 30_000, interval: 100 }).toBe(1);
    const [request] = requestsFor(id, 'transcription.completed');
    expect(verifies(webhook.secret, request!)).toBe(true);
    expect(verifies(other.webhook.secret, request!)).toBe(false);
    // A changed body no longer verifies.
    expect(verifies(webhook.secret, { ...request!, body: request!.body.replace('completed', 'failed') })).toBe(false);
    const body = JSON.parse(request!.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'transcription.completed', data: { transcriptId: id, status: 'completed' } });
    expect(request!.headers['scribe-event-id']).toBe(body.id);
    expect(request!.headers['content-type']).toBe('application/json');
    // Listed in Settings with its last status.
    await expect
      .poll(
        async () =>
          ((await client.get('/api/webhooks')).json as unknown as Array<{ lastDelivery: { state: string } | null }>)[0]?.lastDelivery
            ?.state,
      )
      .toBe('delivered');
    const list = (await client.get('/api/webhooks')).json as unknown as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({
      id: webhook.id,
      url: receiver.url,
      events: ['transcription.completed'],
      lastDelivery: { lastStatus: 200, attempts: 1 },
    });
    expect(JSON.stringify(list)).not.toContain(webhook.secret);
    // Owner only: the other user cannot see, list or delete it.
    expect((await other.client.get(`/api/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
    expect((await other.client.del(`/api/webhooks/${webhook.id}`)).status).toBe(404);
    expect(((await other.client.get('/api/webhooks')).json as unknown as unknown[]).length).toBe(1);
  });

  it('retries a receiver that answers 500 twice: three requests with the same event id, then never again', async () => {
    const { client, webhook } = await userWithWebhook(['transcription.failed']);
    engine.refuse = true;
    receiver.answer(500, 500, 200);
    const up = await client.upload('refused.wav', toneWav(2));
    const id = up.json.id!;
    await expect.poll(() => requestsFor(id, 'transcription.failed').length, { timeout: 30_000, interval: 100 }).toBe(3);
    const requests = requestsFor(id, 'transcription.failed');
    const ids = new Set(requests.map((r) => r.headers['scribe-event-id']));
    expect(ids.size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const r of requests) expect(verifies(webhook.secret, r)).toBe(true);
    // Backoff: the retries came later, not at once.
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(900);
    const deliveries = await client.get(`/api/webhooks/${webhook.id}/deliveries`);
    expect(deliveries.json).toEqual([
      expect.objectContaining({ event: 'transcription.failed', state: 'delivered', attempts: 3, lastStatus: 200, eventId: [...ids][0] }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(requestsFor(id, 'transcription.failed')).toHaveLength(3);
    engine.refuse = false;
  });

  it('delivers ai_output.created when a prompt answer is stored', async () => {
    const { client, webhook } = await userWithWebhook(['transcription.completed', 'ai_output.created']);
    const up = await client.upload('standup.wav', toneWav(2));
    const id = up.json.id!;
    await expect.poll(() => requestsFor(id, 'transcription.completed').length, { timeout: 30_000, interval: 100 }).toBe(1);
    const run = await client.post(`/api/transcripts/${id}/custom-prompt`, { prompt: 'Summarize this transcript.' });
    expect(run.status).toBe(201);
    const outputId = (run.json as { id: number }).id;
    await expect.poll(() => requestsFor(id, 'ai_output.created').length, { timeout: 30_000, interval: 100 }).toBe(1);
    const [request] = requestsFor(id, 'ai_output.created');
    expect(verifies(webhook.secret, request!)).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'ai_output.created', data: { aiOutputId: outputId, transcriptId: id } });
  });

  it('stops delivering to a deleted webhook and checks what it is given', async () => {
    const { client, webhook } = await userWithWebhook(['transcription.completed']);
    expect((await client.del(`/api/webhooks/${webhook.id}`)).status).toBe(200);
    expect((await client.get('/api/webhooks')).json).toEqual([]);
    const bad = await client.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['transcription.completed'] });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('WEBHOOK_URL_INVALID');
    const none = await client.post('/api/webhooks', { url: receiver.url, events: [] });
    expect(none.status).toBe(400);
    const unknown = await client.post('/api/webhooks', { url: receiver.url, events: ['transcript.deleted'] });
    expect(unknown.status).toBe(400);
  });
});
