import {
  apiTokensSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
  errorResponseSchema,
  okResponseSchema,
  paths,
} from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { TokensService } from './service.ts';

export interface TokensRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  tokens: TokensService;
}

const tags = ['api tokens'];

export const tokensRoutes: FastifyPluginAsyncZod<TokensRoutesOptions> = async (app, opts) => {
  const { tokens } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.get(
    paths.apiTokens,
    {
      schema: {
        tags,
        summary: "The user's API tokens (not revoked), by name",
        response: { 200: apiTokensSchema, 401: errorResponseSchema },
      },
    },
    async (request) => tokens.list(currentUser(request).id),
  );

  app.post(
    paths.apiTokens,
    {
      schema: {
        tags,
        summary: 'Create a personal API token',
        description: 'The answer carries the secret (`token`) once; only its hash is stored. Send it as `Authorization: Bearer <token>`.',
        body: createApiTokenRequestSchema,
        response: { 201: createdApiTokenSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await tokens.create(currentUser(request).id, request.body)),
  );

  app.delete(
    `${paths.apiTokens}/:id`,
    {
      schema: {
        tags,
        summary: 'Revoke an API token (at once)',
        params: idParams,
        response: { 200: okResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await tokens.revoke(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
};
