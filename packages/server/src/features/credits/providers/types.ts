/**
 * The payment-provider port. The built-in test-mode provider and Stripe both create a payment for a
 * package and hand the browser a client secret; how the payment is confirmed differs (the test-mode
 * card form posts to this server, Stripe confirms in the browser and tells us by a signed webhook).
 */
export interface CreatePaymentInput {
  userId: number;
  credits: number;
  amountCents: number;
  currency: 'usd';
  /** The same key for a retried request gives the same payment. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  id: string;
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
}
