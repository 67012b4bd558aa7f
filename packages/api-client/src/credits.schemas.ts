// The zod schemas of credits.ts: the server validates with them; the browser bundle leaves them out.
import { z } from 'zod';
import { creditHistoryLimits, creditsMessages as m } from './credits.ts';

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

/** What a ledger entry was for. */
export const creditEntryKindSchema = z.enum(['starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund', 'admin_grant']);
export type CreditEntryKind = z.infer<typeof creditEntryKindSchema>;

/** The receipt of a purchase: what was paid, when, for which package, and the provider's reference. */
export const creditReceiptSchema = z.object({
  /** The payment provider's id of the payment (Stripe: the PaymentIntent id). */
  providerReference: z.string(),
  provider: paymentProviderSchema,
  /** The package bought. */
  credits: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  paidAt: z.string(),
});
export type CreditReceipt = z.infer<typeof creditReceiptSchema>;

/** One change of the balance, newest first in the history. */
export const creditHistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: creditEntryKindSchema,
  /** Signed: negative for charges. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  /** The transcript a transcription or prompt charge (or its refund) was for, while it exists. */
  transcript: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** A refund: the kind of charge it gave back. */
  refundOf: z.enum(['transcription', 'ai_prompt']).nullable(),
  /** A prompt charge: the model it ran on ('local', 'gpt-3.5', 'gpt-4'). */
  model: z.string().nullable(),
  /** A transcription charge: the started minutes of audio it paid for. */
  minutes: z.number().int().nullable(),
  /** An operator's grant: the reason given. */
  reason: z.string().nullable(),
  receipt: creditReceiptSchema.nullable(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

export const creditHistorySchema = z.object({
  entries: z.array(creditHistoryEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CreditHistory = z.infer<typeof creditHistorySchema>;

export const creditHistoryQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, m.historyCursorInvalid)
    .refine((v) => Number(v) <= 2_147_483_647, m.historyCursorInvalid)
    .optional(),
  /** Out of range or not a number: brought into range (it only sizes the page). */
  limit: z
    .string()
    .optional()
    .transform((v) => {
      const n = v === undefined ? Number.NaN : Number.parseInt(v, 10);
      return Number.isFinite(n) ? Math.min(Math.max(n, 1), creditHistoryLimits.limitMax) : creditHistoryLimits.limitDefault;
    }),
});
