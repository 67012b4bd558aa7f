import { randomBytes } from 'node:crypto';
import { creditsMessages as m, testCards, type ApiErrorCode } from '@scribe/api-client';
import type { CreatedPayment, PaymentProvider } from './types.ts';

/**
 * The built-in test-mode provider (no Stripe keys): payments are rows in our database; the app's
 * own card form confirms them with Stripe's test card numbers. No money moves.
 */
export function createTestModeProvider(): PaymentProvider {
  return {
    name: 'test',
    async createPayment(): Promise<CreatedPayment> {
      const id = `testpay_${randomBytes(12).toString('hex')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
    },
  };
}

export type TestCardOutcome = { ok: true } | { ok: false; status: 400 | 402; code: ApiErrorCode; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * What the test-mode provider answers for a card, in Stripe's words: 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined (402), a malformed number, expiry or CVC is refused (400).
 */
export function checkTestCard(card: { cardNumber: string; expiry: string; cvc: string }, now = new Date()): TestCardOutcome {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { ok: false, status: 400, code: 'INVALID_CARD_NUMBER', message: m.invalidCardNumber };
  // MM/YY or MM/YYYY, with or without the slash (MMYY).
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(card.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return { ok: false, status: 400, code: 'INVALID_EXPIRY', message: m.invalidExpiry };
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // Valid through the last day of the month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return { ok: false, status: 400, code: 'EXPIRED_CARD', message: m.expiredCard };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, status: 400, code: 'INVALID_CVC', message: m.invalidCvc };
  if (number === testCards.succeeds) return { ok: true };
  if (number === testCards.declined) return { ok: false, status: 402, code: 'CARD_DECLINED', message: m.cardDeclined };
  return { ok: false, status: 400, code: 'UNKNOWN_TEST_CARD', message: m.unknownTestCard };
}
