import { errorResponseSchema, paths, preferencesSchema } from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/guard.ts';
import type { PreferencesService } from './service.ts';

export interface PreferencesRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  preferences: PreferencesService;
}

const tags = ['preferences'];

export const preferencesRoutes: FastifyPluginAsyncZod<PreferencesRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', opts.requireUser);

  app.get(
    paths.preferences,
    { schema: { tags, summary: "The user's preferences", response: { 200: preferencesSchema, 401: errorResponseSchema } } },
    async (request) => opts.preferences.get(currentUser(request).id),
  );

  app.post(
    paths.preferences,
    {
      schema: {
        tags,
        summary: "Save the user's preferences",
        body: preferencesSchema,
        response: { 200: preferencesSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => opts.preferences.save(currentUser(request).id, request.body),
  );
};
