// Credits and card payments (docs/product-spec.md §1, §3, §7, §8; docs/decisions.md).
export const creditsMessages = {
  unknownPackage: 'Unknown credit package',
  notEnoughCredits: 'Not enough credits',
  cardDeclined: 'Your card was declined.',
  invalidCardNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expiredCard: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  unknownTestCard: 'Test mode accepts only the test cards 4242 4242 4242 4242 (succeeds) and 4000 0000 0000 0002 (declined).',
  paymentNotFound: 'Payment not found',
  creditsNotNumber: 'credits must be a number',
  creditsNotWhole: 'credits must be a whole number',
  creditsNotPositive: 'credits must be a positive number',
  creditsTooMany: 'credits must be at most 1,000,000,000',
} as const;

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
