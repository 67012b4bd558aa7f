import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseCreditPackages } from '../../src/config.ts';
import { startedMinutes } from '../../src/features/credits/service.ts';
import { checkTestCard } from '../../src/features/credits/providers/test-mode.ts';

describe('credits configuration', () => {
  it('defaults to docs/decisions.md: 60 starting credits, 1 per minute, prompts 1/1/5, three packages, test mode', () => {
    expect(loadConfig({}).credits).toEqual({
      startingCredits: 60,
      perTranscriptionMinute: 1,
      promptCosts: { local: 1, 'gpt-3.5': 1, 'gpt-4': 5 },
      packages: [
        { credits: 100, price: 999 },
        { credits: 500, price: 3999 },
        { credits: 1200, price: 7999 },
      ],
      stripe: null,
    });
  });

  it('reads every credits variable', () => {
    const c = loadConfig({
      STARTING_CREDITS: '0',
      CREDITS_PER_TRANSCRIPTION_MINUTE: '2',
      PROMPT_COST_LOCAL: '0',
      PROMPT_COST_GPT_3_5: '3',
      PROMPT_COST_GPT_4: '10',
      CREDIT_PACKAGES: '50:500, 1000:8000',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    }).credits;
    expect(c).toEqual({
      startingCredits: 0,
      perTranscriptionMinute: 2,
      promptCosts: { local: 0, 'gpt-3.5': 3, 'gpt-4': 10 },
      packages: [
        { credits: 50, price: 500 },
        { credits: 1000, price: 8000 },
      ],
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:12111' },
    });
  });

  it('refuses malformed packages and an incomplete set of Stripe keys', () => {
    for (const value of ['100', '100:abc', '100:999,100:1999', '0:999', '100:10', ',']) {
      expect(parseCreditPackages(value), value).toBeNull();
      expect(() => loadConfig({ CREDIT_PACKAGES: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/set all three/);
    expect(() => loadConfig({ STARTING_CREDITS: '-1' })).toThrow(ConfigError);
  });
});

describe('credits rules', () => {
  it('counts started minutes of audio', () => {
    expect(startedMinutes(0)).toBe(0);
    expect(startedMinutes(0.2)).toBe(1);
    expect(startedMinutes(60)).toBe(1);
    expect(startedMinutes(60.0000001)).toBe(1);
    expect(startedMinutes(60.01)).toBe(2);
    expect(startedMinutes(3599.9)).toBe(60);
    expect(startedMinutes(Number.NaN)).toBe(0);
  });

  it('answers test cards as Stripe test mode does', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(checkTestCard({ cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, now)).toEqual({ ok: true });
    expect(checkTestCard({ cardNumber: '4242-4242-4242-4242', expiry: '01/2030', cvc: '1234' }, now)).toEqual({ ok: true });
    expect(checkTestCard({ cardNumber: '4000000000000002', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: false,
      status: 402,
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
    expect(checkTestCard({ cardNumber: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toMatchObject({
      code: 'EXPIRED_CARD',
      message: 'Your card has expired.',
    });
  });
});
