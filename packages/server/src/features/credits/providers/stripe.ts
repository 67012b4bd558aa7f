import type Stripe from 'stripe';
import { lazyModule } from '../../../lazy-module.ts';

const stripeSdk = lazyModule<typeof Stripe>('stripe');
import type { CreatedPayment, CreatePaymentInput, PaymentProvider } from './types.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local fake in tests. */
  apiBase: string;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** Verifies the signature over the raw body; throws Stripe's signature error when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** Stripe PaymentIntents (the browser confirms them with the Payment Element). */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const base = new URL(options.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new (stripeSdk())(options.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 30_000,
    appInfo: { name: 'scribe' },
  });
  return {
    name: 'stripe',
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          automatic_payment_methods: { enabled: true },
          metadata: { userId: String(input.userId), credits: String(input.credits) },
          description: `${input.credits} credits`,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new Error('No Stripe-Signature header');
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
