import {
  createdWebhookSchema,
  createWebhookRequestSchema,
  errorResponseSchema,
  okResponseSchema,
  paths,
  webhookDeliveriesSchema,
  webhooksSchema,
} from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { WebhooksService } from './service.ts';

export interface WebhooksRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  webhooks: WebhooksService;
}

const tags = ['webhooks'];

export const webhooksRoutes: FastifyPluginAsyncZod<WebhooksRoutesOptions> = async (app, opts) => {
  const { webhooks } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.get(
    paths.webhooks,
    {
      schema: {
        tags,
        summary: "The user's webhooks, each with its last delivery",
        response: { 200: webhooksSchema, 401: errorResponseSchema },
      },
    },
    async (request) => webhooks.list(currentUser(request).id),
  );

  app.post(
    paths.webhooks,
    {
      schema: {
        tags,
        summary: 'Register an HTTPS URL for events',
        description:
          'Deliveries are JSON POSTs signed with the returned `secret` (shown once): header `Scribe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, and `Scribe-Event-Id` (the same on every retry). URLs resolving to private, loopback or link-local addresses are refused.',
        body: createWebhookRequestSchema,
        response: { 201: createdWebhookSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(currentUser(request).id, request.body)),
  );

  app.delete(
    `${paths.webhooks}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a webhook (its pending deliveries stop)',
        params: idParams,
        response: { 200: okResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await webhooks.remove(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    `${paths.webhooks}/:id/deliveries`,
    {
      schema: {
        tags,
        summary: "A webhook's newest deliveries (50) with their state",
        params: idParams,
        response: { 200: webhookDeliveriesSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => webhooks.deliveries(currentUser(request).id, request.params.id),
  );
};
