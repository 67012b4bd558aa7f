// Credits and card payments (docs/product-spec.md §1, §3, §7, §8; docs/decisions.md).
import { apiErrors } from './errors.ts';
export const creditsMessages = {
  unknownPackage: apiErrors.UNKNOWN_PACKAGE,
  notEnoughCredits: 'Not enough credits',
  cardDeclined: apiErrors.CARD_DECLINED,
  invalidCardNumber: apiErrors.INVALID_CARD_NUMBER,
  invalidExpiry: apiErrors.INVALID_EXPIRY,
  expiredCard: apiErrors.EXPIRED_CARD,
  invalidCvc: apiErrors.INVALID_CVC,
  unknownTestCard: apiErrors.UNKNOWN_TEST_CARD,
  paymentNotFound: apiErrors.PAYMENT_NOT_FOUND,
  creditsNotNumber: apiErrors.CREDITS_NOT_NUMBER,
  creditsNotWhole: apiErrors.CREDITS_NOT_WHOLE,
  creditsNotPositive: apiErrors.CREDITS_NOT_POSITIVE,
  creditsTooMany: apiErrors.CREDITS_TOO_MANY,
  historyCursorInvalid: apiErrors.CREDIT_HISTORY_CURSOR_INVALID,
} as const;

/** Entries per page of the credit history (GET /api/credits/history). */
export const creditHistoryLimits = { limitDefault: 20, limitMax: 100 } as const;

/** Started minutes of audio, what a transcription is charged for: 0:01-1:00 is one minute, 1:01 two. */
export function startedMinutes(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  // Millisecond precision, so 60.0000001 s of float noise is not a second minute.
  return Math.ceil(Math.round(seconds * 1000) / 60_000);
}

/** What transcribing audio of this length will cost, told before it is sent. */
export interface TranscriptionEstimate {
  credits: number;
  startedMinutes: number;
}

/**
 * The estimate before an upload or a recording goes up: at least one started minute (the server refuses
 * audio the balance cannot pay for one minute of), and one when the length is not known.
 */
export function estimateTranscription(seconds: number | null | undefined, creditsPerMinute: number): TranscriptionEstimate {
  const minutes = Math.max(1, seconds == null ? 1 : startedMinutes(seconds));
  return { credits: minutes * creditsPerMinute, startedMinutes: minutes };
}

/** The card numbers of the built-in test-mode provider. */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** USD with 2 decimals from cents, e.g. 999 -> '$9.99'. */
export function formatUsd(cents: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
}

/** Fraction digits of every per-credit price: the same for all packages, so they compare at a glance. */
export const PER_CREDIT_DECIMALS = 3;

/** Price of one credit in USD, always with 3 decimals, e.g. 7999 cents / 1200 credits -> '$0.067'. */
export function formatUsdPerCredit(cents: number, credits: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: PER_CREDIT_DECIMALS,
    maximumFractionDigits: PER_CREDIT_DECIMALS,
  }).format(cents / 100 / credits);
}

/**
 * A card expiry as the user types it, shown as MM/YY: '1234' -> '12/34', '12' -> '12', '123' -> '12/3',
 * '1/' -> '01/', '12/' -> '12/' (the slash typed by hand stays), '12 / 2034' -> '12/20'... at most 4 digits.
 */
export function formatCardExpiry(input: string): string {
  const single = /^\s*(\d)\s*\/(.*)$/.exec(input);
  if (single) {
    const rest = single[2].replace(/\D/g, '').slice(0, 2);
    return `0${single[1]}/${rest}`;
  }
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && /\/\s*$/.test(input)) return `${digits}/`;
  return digits;
}
