// The zod schemas of credits.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { creditsMessages as m } from './credits.ts';

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
  // Each check has its own message: a schema-level `error` in zod 4 would replace them all.
  credits: z
    .number({ error: m.creditsNotNumber })
    .int(m.creditsNotWhole)
    .positive(m.creditsNotPositive)
    .max(1_000_000_000, m.creditsTooMany),
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

/** Test mode: the purchase's client secret and the card that pays it. */
export const testPaymentConfirmRequestSchema = testCardRequestSchema.extend({
  clientSecret: z.string().min(1).max(200),
});
export type TestPaymentConfirmRequest = z.infer<typeof testPaymentConfirmRequestSchema>;

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
