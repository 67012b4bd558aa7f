// The Stripe payment path against a local fake of Stripe's API, with webhooks signed as Stripe signs
// them. PGlite by default, PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startServer, type TestServer } from '../helpers.ts';
import { ledger, postWebhook, sign, startFakeStripe, succeededEvent, WEBHOOK_SECRET, type FakeStripe } from '../credits-helpers.ts';
import { api } from '../library-helpers.ts';

describe('credits with Stripe', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let a: ReturnType<typeof api> & { id: number };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServer({
      STRIPE_SECRET_KEY: 'sk_test_fake_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_publishable',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    const ra = await register(server);
    a = { ...api(server, ra.cookie), id: ra.user.id };
  });
  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const balance = async () => (await a.get('/api/credits/balance')).json.balance as number;
  const buy = async (credits: number) => {
    const res = await a.post('/api/credits/purchase', { credits });
    expect(res.status).toBe(200);
    const intent = stripe.intents.get(res.json.paymentId as string)!;
    expect(intent).toBeDefined();
    return { res, intent };
  };

  it('tells the browser to use Stripe with the publishable key', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { payments: unknown };
    expect(config.payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake_publishable' });
  });

  it('creates a PaymentIntent for the package with an idempotency key and returns its client secret', async () => {
    const before = stripe.requests.length;
    const { res, intent } = await buy(500);
    expect(res.json).toMatchObject({ provider: 'stripe', credits: 500, price: 3999, clientSecret: intent.client_secret });
    const request = stripe.requests.at(-1)!;
    expect(stripe.requests.length).toBe(before + 1);
    expect(request.authorization).toBe('Bearer sk_test_fake_secret');
    expect(request.idempotencyKey).toMatch(/^purchase-\d+-[0-9a-f-]{36}$/);
    expect(request.fields).toMatchObject({
      amount: '3999',
      currency: 'usd',
      'metadata[credits]': '500',
      'metadata[userId]': String(a.id),
      'automatic_payment_methods[enabled]': 'true',
    });
    // Each purchase has its own key (a second purchase is a second payment).
    await buy(500);
    expect(stripe.requests.at(-1)!.idempotencyKey).not.toBe(request.idempotencyKey);
  });

  it('answers an unknown package with 400 without calling Stripe', async () => {
    const before = stripe.requests.length;
    const res = await a.post('/api/credits/purchase', { credits: 42 });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Unknown credit package');
    expect(stripe.requests.length).toBe(before);
  });

  it('refuses a webhook with a bad, missing or stale signature with 400 and credits nothing', async () => {
    const start = await balance();
    const { intent } = await buy(100);
    const payload = succeededEvent(intent);
    const wrongSecret = await postWebhook(server, payload, sign(payload, 'whsec_someone_else'));
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { error: string }).error).toBe('Invalid webhook signature');
    expect((await postWebhook(server, payload, undefined)).status).toBe(400);
    // Signed, then changed: the signature covers the exact raw bytes.
    const tampered = payload.replace('"amount":999', '"amount":998');
    expect((await postWebhook(server, tampered, sign(payload))).status).toBe(400);
    // Re-serialised JSON (same data, other bytes) fails too: nothing parses the body before the check.
    const reserialised = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await postWebhook(server, reserialised, sign(payload))).status).toBe(400);
    expect(await balance()).toBe(start);
    // The real delivery still works afterwards.
    expect((await postWebhook(server, payload, sign(payload))).status).toBe(200);
    expect(await balance()).toBe(start + 100);
  });

  it('credits the same succeeded event delivered twice only once', async () => {
    const start = await balance();
    const { intent } = await buy(100);
    const payload = succeededEvent(intent);
    const first = await postWebhook(server, payload, sign(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, credited: true });
    const second = await postWebhook(server, payload, sign(payload));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, credited: false });
    // A different event for the same PaymentIntent (Stripe may send one again) credits nothing either.
    const other = succeededEvent(intent);
    expect((await postWebhook(server, other, sign(other))).status).toBe(200);
    expect(await balance()).toBe(start + 100);
  });

  it('credits the same succeeded event delivered twice at once only once', async () => {
    for (let round = 0; round < 3; round++) {
      const start = await balance();
      const { intent } = await buy(1200);
      const payload = succeededEvent(intent);
      const answers = await Promise.all(Array.from({ length: 4 }, () => postWebhook(server, payload, sign(payload))));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ credited: boolean }>;
      expect(bodies.filter((b) => b.credited)).toHaveLength(1);
      expect(await balance()).toBe(start + 1200);
      const purchases = (await ledger(server, a.id)).filter((e) => e.reference === `payment:${intent.id}`);
      expect(purchases).toHaveLength(1);
    }
  });

  it('does not credit an event whose amount, currency or credits do not match the package', async () => {
    const start = await balance();
    const { intent } = await buy(100);
    const cases = [
      { amount: 1, amount_received: 1 },
      { currency: 'eur' },
      { metadata: { ...intent.metadata, credits: '1200' } },
      { metadata: { ...intent.metadata, userId: '999999' } },
    ];
    for (const overrides of cases) {
      const payload = succeededEvent(intent, overrides);
      const res = await postWebhook(server, payload, sign(payload));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('Payment does not match its credit package');
    }
    expect(await balance()).toBe(start);
  });

  it('acknowledges other events and unknown PaymentIntents without crediting', async () => {
    const start = await balance();
    const { intent } = await buy(100);
    const failed = JSON.stringify({ ...JSON.parse(succeededEvent(intent)), type: 'payment_intent.payment_failed' });
    expect((await postWebhook(server, failed, sign(failed))).status).toBe(200);
    const unknown = succeededEvent({ ...intent, id: 'pi_not_ours' });
    const res = await postWebhook(server, unknown, sign(unknown));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, credited: false });
    expect(await balance()).toBe(start);
  });

  it('has no test-mode confirmation route when Stripe is configured', async () => {
    const { res } = await buy(100);
    const confirm = await a.post('/api/credits/test-payments/confirm', {
      clientSecret: res.json.clientSecret as string,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(confirm.status).toBe(404);
  });
});
