// Credits and card payments (spec §1, §3, §7, §8; decisions.md; issue 6).
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

/** Price of one credit in USD with 2 to 4 decimals, e.g. 999 cents / 100 credits -> '$0.0999'. */
export function formatUsdPerCredit(cents: number, credits: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(cents / 100 / credits);
}
