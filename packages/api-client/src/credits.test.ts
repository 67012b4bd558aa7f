import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { purchaseRequestSchema, purchaseResponseSchema } from './credits.schemas.ts';
import { estimateTranscription, formatCardExpiry, formatUsd, formatUsdPerCredit, startedMinutes } from './credits.ts';

describe('credit prices', () => {
  it('shows cents as USD with 2 decimals and a per-credit price', () => {
    expect(formatUsd(999)).toBe('$9.99');
    expect(formatUsd(3999)).toBe('$39.99');
    expect(formatUsd(7999)).toBe('$79.99');
    // Every per-credit price with the same 3 decimals.
    expect(formatUsdPerCredit(999, 100)).toBe('$0.100');
    expect(formatUsdPerCredit(3999, 500)).toBe('$0.080');
    expect(formatUsdPerCredit(7999, 1200)).toBe('$0.067');
    expect(formatUsdPerCredit(7999, 1200, 'de')).toBe('0,067\u00a0$');
    expect(formatUsd(999, 'de')).toBe('9,99\u00a0$');
  });

  it('formats a card expiry typed with or without the slash as MM/YY', () => {
    expect(formatCardExpiry('1234')).toBe('12/34');
    expect(formatCardExpiry('12/34')).toBe('12/34');
    expect(formatCardExpiry('12 / 34')).toBe('12/34');
    expect(formatCardExpiry('1')).toBe('1');
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardExpiry('12/')).toBe('12/');
    expect(formatCardExpiry('123')).toBe('12/3');
    expect(formatCardExpiry('1/34')).toBe('01/34');
    expect(formatCardExpiry('12345')).toBe('12/34');
    expect(formatCardExpiry('ab')).toBe('');
  });

  it('validates a purchase request and response', () => {
    expect(purchaseRequestSchema.safeParse({ credits: 100 }).success).toBe(true);
    expect(purchaseRequestSchema.safeParse({ credits: 1.5 }).success).toBe(false);
    expect(purchaseRequestSchema.safeParse({}).success).toBe(false);
    expect(
      purchaseResponseSchema.safeParse({ clientSecret: 's', provider: 'test', paymentId: 'p', credits: 100, price: 999 }).success,
    ).toBe(true);
  });
});

describe('credits client', () => {
  it('posts a purchase with the header and reports the server error, else the fallback', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const answers = [
      new Response(JSON.stringify({ error: 'Unknown credit package' }), { status: 400, headers: { 'Content-Type': 'application/json' } }),
      new Response('oops', { status: 500 }),
    ];
    const client = createApiClient({
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return answers.shift()!;
      },
    });
    await expect(client.credits.purchase({ credits: 7 })).rejects.toThrow('Unknown credit package');
    await expect(client.credits.purchase({ credits: 7 })).rejects.toThrow('Failed to initiate purchase');
    expect(calls[0].url).toBe('/api/credits/purchase');
    expect((calls[0].init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(calls[0].init.body).toBe('{"credits":7}');
  });
});

describe('the transcription price rule', () => {
  it('charges started minutes: 0:01-1:00 is one, 1:01 two, float noise past a minute is not a second', () => {
    expect([startedMinutes(1), startedMinutes(60), startedMinutes(61), startedMinutes(60.0000001), startedMinutes(0)]).toEqual([
      1, 1, 2, 1, 0,
    ]);
  });

  it('estimates at least one started minute, one while the length is unknown', () => {
    expect(estimateTranscription(126, 1)).toEqual({ credits: 3, startedMinutes: 3 });
    expect(estimateTranscription(0, 2)).toEqual({ credits: 2, startedMinutes: 1 });
    expect(estimateTranscription(null, 2)).toEqual({ credits: 2, startedMinutes: 1 });
    expect(estimateTranscription(undefined, 5)).toEqual({ credits: 5, startedMinutes: 1 });
  });
});
