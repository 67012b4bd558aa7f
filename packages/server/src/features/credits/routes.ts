import {
  creditBalanceSchema,
  creditHistoryQuerySchema,
  creditHistorySchema,
  creditPackagesSchema,
  errorResponseSchema,
  paths,
  purchaseRequestSchema,
  purchaseResponseSchema,
  testPaymentConfirmRequestSchema,
  testPaymentResultSchema,
} from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/guard.ts';
import type { CreditsService } from './service.ts';

export interface CreditsRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  credits: CreditsService;
}

const tags = ['credits'];

/** Balance, packages, purchase and the test-mode card confirmation (signed-in users). */
export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async (app, { requireUser, credits }) => {
  app.addHook('onRequest', requireUser);

  app.get(
    paths.creditPackages,
    {
      schema: {
        tags,
        summary: 'Credit packages for sale (price in US cents)',
        response: { 200: creditPackagesSchema, 401: errorResponseSchema },
      },
    },
    async () => credits.packages(),
  );

  app.get(
    paths.creditBalance,
    { schema: { tags, summary: "The user's credit balance", response: { 200: creditBalanceSchema, 401: errorResponseSchema } } },
    async (request) => ({ balance: await credits.balance(currentUser(request).id) }),
  );

  app.get(
    paths.creditHistory,
    {
      schema: {
        tags,
        summary:
          "The user's credit history, newest first: grants, purchases with their receipt, charges per transcript and per prompt, refunds. Pass nextCursor as cursor for the next page.",
        querystring: creditHistoryQuerySchema,
        response: { 200: creditHistorySchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => credits.history(currentUser(request).id, request.query.cursor, request.query.limit),
  );

  app.post(
    paths.purchaseCredits,
    {
      schema: {
        tags,
        summary: 'Start buying a credit package; the client secret confirms the payment with the provider',
        body: purchaseRequestSchema,
        response: { 200: purchaseResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => credits.purchase(currentUser(request).id, request.body.credits),
  );

  if (credits.paymentsConfig().provider === 'test') {
    app.post(
      paths.confirmTestPayment,
      {
        schema: {
          tags,
          summary: 'Test mode only: pay with a test card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined)',
          body: testPaymentConfirmRequestSchema,
          response: {
            200: testPaymentResultSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            402: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { clientSecret, ...card } = request.body;
        return credits.confirmTestPayment(currentUser(request).id, clientSecret, card);
      },
    );
  }
};

/**
 * POST /api/credits/stripe/webhook: Stripe's signed events. The signature covers the exact bytes,
 * so this plugin (and only it) keeps JSON bodies raw. Exempt from the X-Requested-With check.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, { credits }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    paths.stripeWebhook,
    {
      schema: {
        tags,
        summary: 'Stripe webhook (payment_intent.succeeded credits the purchase once)',
        response: {
          200: z.object({ received: z.literal(true), credited: z.boolean() }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
      const signature = request.headers['stripe-signature'];
      return credits.handleStripeWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
    },
  );
};
