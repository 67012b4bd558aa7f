import {
  aiModelsResponseSchema,
  aiOutputSchema,
  createPromptRequestSchema,
  customPromptRequestSchema,
  errorResponseSchema,
  okResponseSchema,
  reorderPromptsRequestSchema,
  savedPromptSchema,
  updatePromptRequestSchema,
} from '@scribe/api-client';
import { errorResponses } from '../../http/errors.ts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { AiService } from './service.ts';

export interface AiRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  ai: AiService;
}

const tags = ['ai'];
const errors = errorResponses(400, 401, 404);
const outputParams = z.object({ id: idParam, outputId: idParam });

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, opts) => {
  const { ai } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.get(
    '/api/ai/models',
    {
      schema: { tags, summary: 'The models the selector offers now', response: { 200: aiModelsResponseSchema, 401: errorResponseSchema } },
    },
    async () => ({ models: ai.models() }),
  );

  app.get(
    '/api/prompts',
    { schema: { tags, summary: "The user's saved prompts", response: { 200: z.array(savedPromptSchema), 401: errorResponseSchema } } },
    async (request) => ai.listPrompts(currentUser(request).id),
  );

  app.post(
    '/api/prompts',
    {
      schema: {
        tags,
        summary: 'Save a prompt (name, prompt, icon)',
        body: createPromptRequestSchema,
        response: { 201: savedPromptSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await ai.createPrompt(currentUser(request).id, request.body);
      return reply.code(201).send(saved);
    },
  );

  // Registered before '/api/prompts/:id': a static segment wins over the parameter in Fastify's router.
  app.put(
    '/api/prompts/order',
    {
      schema: {
        tags,
        summary: 'Reorder the saved prompts: every one of them, each once; the list in its new order',
        body: reorderPromptsRequestSchema,
        response: { 200: z.array(savedPromptSchema), ...errors },
      },
    },
    async (request) => ai.reorderPrompts(currentUser(request).id, request.body.ids),
  );

  app.put(
    '/api/prompts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a saved prompt (name, prompt, icon; the fields sent change)',
        params: idParams,
        body: updatePromptRequestSchema,
        response: { 200: savedPromptSchema, ...errors },
      },
    },
    async (request) => ai.updatePrompt(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/prompts/:id',
    { schema: { tags, summary: 'Delete a saved prompt', params: idParams, response: { 200: okResponseSchema, ...errors } } },
    async (request) => {
      await ai.deletePrompt(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/transcripts/:id/custom-prompt',
    {
      schema: {
        tags,
        summary: 'Run a prompt over the transcript with the chosen model; the stored output',
        description:
          'A provider failure answers 502 with "Failed to process custom prompt: {provider error}"; an empty answer 502 ' +
          'AI_EMPTY_ANSWER, a text too long for the model 422 AI_CONTEXT_OVERFLOW, a time-out 504 AI_TIMED_OUT (all refunded).',
        params: idParams,
        body: customPromptRequestSchema,
        response: {
          201: aiOutputSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
          502: errorResponseSchema,
          504: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // A client that goes away cancels the provider request.
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) controller.abort();
      };
      request.raw.socket.once('close', onClose);
      reply.raw.once('close', onClose);
      try {
        const output = await ai.run(currentUser(request).id, request.params.id, request.body, controller.signal);
        return reply.code(201).send(output);
      } finally {
        request.raw.socket.off('close', onClose);
        reply.raw.off('close', onClose);
      }
    },
  );

  app.delete(
    '/api/transcripts/:id/ai-outputs/:outputId',
    {
      schema: {
        tags,
        summary: "Delete one AI output of the user's transcript (another user's answers 404)",
        params: outputParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await ai.deleteOutput(currentUser(request).id, request.params.id, request.params.outputId);
      return { ok: true as const };
    },
  );

  for (const path of ['/api/transcripts/:id/ai-outputs', '/api/transcripts/:id/prompt-outputs']) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'AI outputs of the transcript, newest first',
          params: idParams,
          response: { 200: z.array(aiOutputSchema), ...errors },
        },
      },
      async (request) => ai.outputs(currentUser(request).id, request.params.id),
    );
  }
};
