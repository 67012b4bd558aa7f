import { errorResponseSchema, paths, tutorialTranscriptResponseSchema } from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/guard.ts';
import type { TutorialService } from './service.ts';

export interface TutorialRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  tutorial: TutorialService;
}

export const tutorialRoutes: FastifyPluginAsyncZod<TutorialRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', opts.requireUser);

  app.post(
    paths.createTutorialTranscript,
    {
      schema: {
        tags: ['tutorial'],
        summary: "Create the tutorial's sample transcript",
        description:
          "Transcribes the public-domain sample recording shipped with the server into the caller's 'Tutorial' folder " +
          '(201). While the caller still has a sample transcript, answers that one instead (200). The first sample of ' +
          'an account is free of charge; a sample made after that one was deleted (or failed) costs what an upload of ' +
          'the recording costs.',
        response: { 200: tutorialTranscriptResponseSchema, 201: tutorialTranscriptResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id, created } = await opts.tutorial.createSample(currentUser(request).id);
      return reply.code(created ? 201 : 200).send({ id });
    },
  );
};
