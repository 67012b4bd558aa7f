// The credit history (GET /api/credits/history): every change of the balance, newest first, paged, with
// what it was for; the amounts add up to the balance, and each user sees only their own entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditHistory, CreditHistoryEntry } from '@scribe/api-client';
import { englishSegments, insertTranscript } from '../ai-fixtures.ts';
import { register, startServer, XHR, type TestServer } from '../helpers.ts';
import { api } from '../library-helpers.ts';

type Api = ReturnType<typeof api> & { id: number };

describe('credit history', () => {
  let server: TestServer;
  let a: Api;
  let b: Api;
  let meeting: number;
  let interview: number;

  beforeAll(async () => {
    server = await startServer();
    const ra = await register(server);
    const rb = await register(server);
    a = { ...api(server, ra.cookie), id: ra.user.id };
    b = { ...api(server, rb.cookie), id: rb.user.id };

    meeting = await insertTranscript(server, a.id, { title: 'Planning meeting', language: 'en', segments: englishSegments });
    interview = await insertTranscript(server, a.id, { title: 'Interview', language: 'en', segments: englishSegments });
    // A purchase through the test-mode provider.
    const bought = await a.post('/api/credits/purchase', { credits: 100 });
    expect(bought.status).toBe(200);
    const paid = await a.post('/api/credits/test-payments/confirm', {
      clientSecret: bought.json.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    // Two prompts over HTTP, on two transcripts.
    expect((await a.post(`/api/transcripts/${meeting}/custom-prompt`, { prompt: 'Summarise the meeting', model: 'local' })).status).toBe(
      201,
    );
    expect((await a.post(`/api/transcripts/${interview}/custom-prompt`, { prompt: 'Key points', model: 'local' })).status).toBe(201);
    // The transcription worker's charge (3 started minutes) and the refund it gives when a transcription fails.
    expect((await server.app.credits.chargeTranscription({ id: meeting, userId: a.id }, 150)).status).toBe('charged');
    expect((await server.app.credits.chargeTranscription({ id: interview, userId: a.id }, 30)).status).toBe('charged');
    expect(await server.app.credits.refundTranscription({ id: interview, userId: a.id })).toBe('refunded');
    // B's activity must never show up in A's history.
    const bTranscript = await insertTranscript(server, b.id, { title: 'B private notes', language: 'en', segments: englishSegments });
    expect((await b.post(`/api/transcripts/${bTranscript}/custom-prompt`, { prompt: 'Summarise', model: 'local' })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  const history = async (who: Api, query = '') => {
    const res = await who.get(`/api/credits/history${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as CreditHistory;
  };
  const balance = async (who: Api) => (await who.get('/api/credits/balance')).json.balance as number;

  async function allPages(who: Api, limit: number): Promise<{ entries: CreditHistoryEntry[]; pages: number }> {
    const entries: CreditHistoryEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CreditHistory = await history(who, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(limit);
      entries.push(...page.entries);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    return { entries, pages };
  }

  it('lists grants, the purchase with its receipt, charges per transcript and per prompt, and refunds, newest first', async () => {
    const { entries } = await history(a);
    expect(entries.map((e) => e.kind)).toEqual([
      'refund',
      'transcription',
      'transcription',
      'ai_prompt',
      'ai_prompt',
      'purchase',
      'starting_grant',
    ]);
    const ids = entries.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const [refund, interviewCharge, meetingCharge, prompt2, prompt1, purchase, grant] = entries;
    expect(grant).toMatchObject({ amount: 60, balanceAfter: 60, transcript: null, receipt: null });
    expect(purchase).toMatchObject({
      amount: 100,
      balanceAfter: 160,
      receipt: { provider: 'test', credits: 100, amountCents: 999, currency: 'usd' },
    });
    expect(purchase.receipt!.providerReference).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(purchase.receipt!.paidAt))).toBe(false);
    expect(prompt1).toMatchObject({ amount: -1, model: 'local', transcript: { id: meeting, title: 'Planning meeting' } });
    expect(prompt2).toMatchObject({ amount: -1, model: 'local', transcript: { id: interview, title: 'Interview' } });
    expect(meetingCharge).toMatchObject({ amount: -3, minutes: 3, transcript: { id: meeting, title: 'Planning meeting' } });
    expect(interviewCharge).toMatchObject({ amount: -1, minutes: 1, transcript: { id: interview, title: 'Interview' } });
    expect(refund).toMatchObject({ amount: 1, refundOf: 'transcription', transcript: { id: interview, title: 'Interview' } });
  });

  it('adds up to the balance, over every page, with each balanceAfter the running total', async () => {
    const { entries, pages } = await allPages(a, 2);
    expect(pages).toBe(4);
    expect(entries).toHaveLength(7);
    expect(new Set(entries.map((e) => e.id)).size).toBe(7);
    const sum = entries.reduce((total, e) => total + e.amount, 0);
    expect(sum).toBe(await balance(a));
    expect(entries[0].balanceAfter).toBe(await balance(a));
    const oldestFirst = [...entries].reverse();
    let running = 0;
    for (const e of oldestFirst) {
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
    }
  });

  it("shows each user only their own entries, and other users' transcripts never by name", async () => {
    const { entries } = await history(b);
    expect(entries.map((e) => e.kind)).toEqual(['ai_prompt', 'starting_grant']);
    expect(entries.reduce((t, e) => t + e.amount, 0)).toBe(await balance(b));
    expect(JSON.stringify(entries)).not.toContain('Planning meeting');
    const aIds = new Set((await history(a)).entries.map((e) => e.id));
    expect(entries.some((e) => aIds.has(e.id))).toBe(false);
    // A's cursor used by B pages through B's own entries only.
    const page = await history(b, `?cursor=${Math.max(...aIds) + 1000}`);
    expect(page.entries.map((e) => e.kind)).toEqual(['ai_prompt', 'starting_grant']);
  });

  it('needs a session and answers a bad cursor with 400 and a stable code', async () => {
    expect((await fetch(`${server.url}/api/credits/history`, { headers: XHR })).status).toBe(401);
    for (const cursor of ['abc', '0', '-5', '1.5', '99999999999']) {
      const res = await a.get(`/api/credits/history?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(JSON.stringify(res.json), cursor).toContain('CREDIT_HISTORY_CURSOR_INVALID');
    }
    // A limit out of range is brought into range.
    expect((await history(a, '?limit=0')).entries).toHaveLength(1);
    expect((await history(a, '?limit=abc')).entries).toHaveLength(7);
  });

  it('is documented in the OpenAPI document with its cursor and limit', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }>;
    };
    const params = doc.paths['/api/credits/history']?.get?.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(expect.arrayContaining(['query:cursor', 'query:limit']));
  });
});
