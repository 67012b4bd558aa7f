// Credits: the ledger, the balance and package routes, the test-mode payment provider, and the
// service the AI feature charges prompts through. PGlite by default, PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotEnoughCreditsError } from '../../src/features/credits/service.ts';
import { register, startServer, type TestServer } from '../helpers.ts';
import { ledger, storedBalance } from '../credits-helpers.ts';
import { api } from '../library-helpers.ts';

type Api = ReturnType<typeof api> & { id: number; cookie: string };

describe('credits with the test-mode payment provider', () => {
  let server: TestServer;
  let a: Api;
  let b: Api;

  beforeAll(async () => {
    server = await startServer();
    const ra = await register(server);
    const rb = await register(server);
    a = { ...api(server, ra.cookie), id: ra.user.id, cookie: ra.cookie };
    b = { ...api(server, rb.cookie), id: rb.user.id, cookie: rb.cookie };
  });
  afterAll(async () => {
    await server?.close();
  });

  const balance = async (who: Api) => (await who.get('/api/credits/balance')).json.balance as number;
  const purchase = async (who: Api, credits: unknown) => who.post('/api/credits/purchase', { credits });
  const confirm = (who: Api, secret: string, cardNumber: string, expiry = '12/34', cvc = '123') =>
    who.post('/api/credits/test-payments/confirm', { clientSecret: secret, cardNumber, expiry, cvc });

  it('starts a new account with 60 credits and a starting-grant entry', async () => {
    expect(await balance(a)).toBe(60);
    expect(await ledger(server, a.id)).toEqual([{ kind: 'starting_grant', amount: 60, balance_after: 60, reference: `user:${a.id}` }]);
  });

  it('lists the packages and needs a session', async () => {
    const res = await a.get('/api/credits/packages');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { credits: 100, price: 999 },
      { credits: 500, price: 3999 },
      { credits: 1200, price: 7999 },
    ]);
    expect((await fetch(`${server.url}/api/credits/balance`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/credits/packages`)).status).toBe(401);
  });

  it('says the provider is test mode in the public config', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { payments: unknown };
    expect(config.payments).toEqual({ provider: 'test' });
  });

  it('answers an unknown package or a bad body with 400 and a clear error', async () => {
    for (const credits of [101, 0, -100, 'abc', null, 1.5]) {
      const res = await purchase(a, credits);
      expect(res.status, String(credits)).toBe(400);
      expect(typeof res.json.error).toBe('string');
    }
    expect((await purchase(a, 101)).json.error).toBe('Unknown credit package');
    expect((await a.post('/api/credits/purchase', [])).status).toBe(400);
    expect(await balance(a)).toBe(60);
  });

  it('buys 100 credits with 4242 4242 4242 4242, and a repeated confirmation credits nothing more', async () => {
    const res = await purchase(a, 100);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ provider: 'test', credits: 100, price: 999 });
    const secret = res.json.clientSecret as string;
    expect(secret).toMatch(/^testpay_/);
    const paid = await confirm(a, secret, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect(paid.json).toEqual({ status: 'succeeded', credits: 100, balance: 160 });
    const again = await Promise.all([confirm(a, secret, '4242424242424242'), confirm(a, secret, '4242424242424242')]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await balance(a)).toBe(160);
    const purchases = (await ledger(server, a.id)).filter((e) => e.kind === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ amount: 100, balance_after: 160 });
  });

  it('declines 4000 0000 0000 0002 with the message and leaves the balance alone; the card can then be changed', async () => {
    const before = await balance(a);
    const { clientSecret } = (await purchase(a, 500)).json as { clientSecret: string };
    const declined = await confirm(a, clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.json.error).toBe('Your card was declined.');
    expect(await balance(a)).toBe(before);
    const paid = await confirm(a, clientSecret, '4242 4242 4242 4242');
    expect(paid.json.balance).toBe(before + 500);
  });

  it('accepts an expiry typed without the slash (MMYY)', async () => {
    const { clientSecret } = (await purchase(a, 100)).json as { clientSecret: string };
    const before = await balance(a);
    const paid = await confirm(a, clientSecret, '4242 4242 4242 4242', '1234');
    expect(paid.status).toBe(200);
    expect(paid.json.balance).toBe(before + 100);
  });

  it('refuses malformed cards with Stripe-like messages (400)', async () => {
    const { clientSecret } = (await purchase(a, 100)).json as { clientSecret: string };
    const cases: Array<[string, string, string, string]> = [
      ['4242 4242 4242 4241', '12/34', '123', 'Your card number is invalid.'],
      ['4242 4242 4242 4242', '13/34', '123', "Your card's expiration date is invalid."],
      ['4242 4242 4242 4242', '1334', '123', "Your card's expiration date is invalid."],
      ['4242 4242 4242 4242', '123', '123', "Your card's expiration date is invalid."],
      ['4242 4242 4242 4242', '01/20', '123', 'Your card has expired.'],
      ['4242 4242 4242 4242', '12/34', '1', "Your card's security code is invalid."],
      ['5555 5555 5555 4444', '12/34', '123', expect.stringContaining('Test mode accepts only') as unknown as string],
    ];
    const before = await balance(a);
    for (const [number, expiry, cvc, message] of cases) {
      const res = await confirm(a, clientSecret, number, expiry, cvc);
      expect(res.status, number + expiry + cvc).toBe(400);
      expect(res.json.error).toEqual(message);
    }
    expect(await balance(a)).toBe(before);
  });

  it("answers another user's client secret with 404 exactly like an unknown one", async () => {
    const { clientSecret } = (await purchase(a, 100)).json as { clientSecret: string };
    const other = await confirm(b, clientSecret, '4242 4242 4242 4242');
    const unknown = await confirm(b, 'testpay_nope_secret_nope', '4242 4242 4242 4242');
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.json).toEqual(unknown.json);
    expect(await balance(b)).toBe(60);
  });

  it('needs the X-Requested-With header to purchase', async () => {
    const res = await fetch(`${server.url}/api/credits/purchase`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: a.cookie },
      body: JSON.stringify({ credits: 100 }),
    });
    expect(res.status).toBe(403);
  });

  it('has no Stripe webhook route without Stripe keys', async () => {
    const res = await fetch(`${server.url}/api/credits/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});

describe('charging prompts (the service the AI feature calls)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '10', PROMPT_COST_LOCAL: '1', PROMPT_COST_GPT_4: '5' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('50 concurrent prompts with credits for 10: exactly 10 run, the balance ends at 0 and never goes below', async () => {
    const { user } = await register(server);
    const credits = server.app.credits;
    let ran = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        credits.runPaidPrompt(user.id, 'local', async () => {
          ran += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
          return 'output';
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(ran).toBe(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(NotEnoughCreditsError);
      expect((r.reason as NotEnoughCreditsError).statusCode).toBe(402);
      expect((r.reason as Error).message).toMatch(
        /^Not enough credits: an AI prompt with the local engine costs 1 credit and your balance is 0\.$/,
      );
    }
    expect(await credits.balance(user.id)).toBe(0);
    expect(await storedBalance(server, user.id)).toBe(0);
    const entries = await ledger(server, user.id);
    expect(entries.filter((e) => e.kind === 'ai_prompt')).toHaveLength(10);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    // Balances after each entry step down one by one: no two charges saw the same balance.
    expect(entries.map((e) => e.balance_after)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('charges gpt-4 5 credits and refuses it (402, nothing charged) when the balance is smaller', async () => {
    const { user } = await register(server);
    const credits = server.app.credits;
    expect(credits.promptCost('gpt-4')).toBe(5);
    expect(credits.promptCost('gpt-3.5')).toBe(1);
    expect(credits.promptCost('local')).toBe(1);
    await credits.chargePrompt(user.id, 'gpt-4');
    await credits.chargePrompt(user.id, 'local');
    expect(await credits.balance(user.id)).toBe(4);
    const err = await credits.chargePrompt(user.id, 'gpt-4').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotEnoughCreditsError);
    expect((err as NotEnoughCreditsError).statusCode).toBe(402);
    expect((err as Error).message).toBe('Not enough credits: an AI prompt with gpt-4 costs 5 credits and your balance is 4.');
    expect(await credits.balance(user.id)).toBe(4);
  });

  it('refunds a prompt whose provider fails, once, and passes the error on', async () => {
    const { user } = await register(server);
    const credits = server.app.credits;
    const failure = new Error('provider down');
    await expect(
      credits.runPaidPrompt(user.id, 'gpt-4', async () => {
        expect(await credits.balance(user.id)).toBe(5);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await credits.balance(user.id)).toBe(10);
    const charge = await credits.chargePrompt(user.id, 'gpt-4', 'prompt-output-1');
    expect(charge).toMatchObject({ charged: true, amount: 5, balance: 5, reference: 'prompt-output-1' });
    // The same reference again is the same charge, not a second one.
    expect(await credits.chargePrompt(user.id, 'gpt-4', 'prompt-output-1')).toMatchObject({ charged: false, balance: 5 });
    await Promise.all([charge.refund(), charge.refund(), charge.refund()]);
    expect(await credits.balance(user.id)).toBe(10);
    const kinds = (await ledger(server, user.id)).map((e) => `${e.kind}:${e.amount}`);
    expect(kinds).toEqual(['starting_grant:10', 'ai_prompt:-5', 'refund:5', 'ai_prompt:-5', 'refund:5']);
  });
});

describe('charging transcripts (the outcomes the transcription worker acts on)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ STARTING_CREDITS: '3', CREDITS_PER_TRANSCRIPTION_MINUTE: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers charged, already-charged and not-enough-credits as outcomes, and refunds once', async () => {
    const { user } = await register(server);
    const credits = server.app.credits;
    const transcript = { id: 900_001, userId: user.id };
    expect(await credits.chargeTranscription(transcript, 61)).toEqual({ status: 'charged', amount: 2, balance: 1 });
    // A retried job finds its charge.
    expect(await credits.chargeTranscription(transcript, 61)).toEqual({ status: 'already-charged', amount: 2, balance: 1 });
    // Too few credits is an answer, not an exception; nothing is taken.
    expect(await credits.chargeTranscription({ id: 900_002, userId: user.id }, 150)).toEqual({
      status: 'not-enough-credits',
      needed: 3,
      balance: 1,
      message: 'Not enough credits: transcribing 3 started minutes of audio costs 3 credits and your balance is 1.',
      code: 'NOT_ENOUGH_CREDITS_TRANSCRIPTION',
      params: { minutes: 3, needed: 3, balance: 1 },
    });
    expect(await credits.refundTranscription(transcript)).toBe('refunded');
    expect(await credits.refundTranscription(transcript)).toBe('nothing-to-refund');
    expect(await credits.refundTranscription({ id: 900_002, userId: user.id })).toBe('nothing-to-refund');
    expect(await credits.balance(user.id)).toBe(3);
    const kinds = (await ledger(server, user.id)).map((e) => `${e.kind}:${e.amount}`);
    expect(kinds).toEqual(['starting_grant:3', 'transcription:-2', 'refund:2']);
  });
});
