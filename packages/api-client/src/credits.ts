import { z } from 'zod';

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
} as const;

/** The card numbers of the built-in test-mode provider. */
export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const creditPackageSchema = z.object({
  credits: z.number().int().positive(),
  /** Price in US cents. */
  price: z.number().int().positive(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;
export const creditPackagesSchema = z.array(creditPackageSchema);

export const creditBalanceSchema = z.object({ balance: z.number().int().min(0) });
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

export const purchaseRequestSchema = z.object({
  credits: z.number({ error: 'credits must be a number' }).int('credits must be a whole number').positive().max(1_000_000_000),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const paymentProviderSchema = z.enum(['test', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

export const purchaseResponseSchema = z.object({
  clientSecret: z.string(),
  /** Which provider confirms the payment: 'test' (the built-in test-mode form) or 'stripe'. */
  provider: paymentProviderSchema,
  paymentId: z.string(),
  credits: z.number().int(),
  price: z.number().int(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

/** The test-mode card form (spaces in the number are allowed; expiry MM/YY). */
export const testCardRequestSchema = z.object({
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
export type TestCardRequest = z.infer<typeof testCardRequestSchema>;

export const testPaymentResultSchema = z.object({
  status: z.literal('succeeded'),
  credits: z.number().int(),
  balance: z.number().int(),
});
export type TestPaymentResult = z.infer<typeof testPaymentResultSchema>;

/** Payments as the browser sees them (part of the public config). */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

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
