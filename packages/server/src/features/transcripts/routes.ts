import {
  errorResponseSchema,
  findSpeakersRequestSchema,
  findSpeakersResponseSchema,
  moveTranscriptRequestSchema,
  okResponseSchema,
  revisionListSchema,
  revisionSchema,
  transcriptSchema,
  updateTranscriptRequestSchema,
  updateTranscriptResponseSchema,
  type Transcript,
} from '@scribe/api-client';
import { z } from 'zod';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, idParams } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { AudioAnswer, TranscriptsService } from './service.ts';
import { errorBody, errorResponses } from '../../http/errors.ts';
import { sharedBodyParser } from '../../http/raw-body.ts';

export interface TranscriptsRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  transcripts: TranscriptsService;
}

const tags = ['transcripts'];
const errors = errorResponses(400, 401, 404);
const retryErrors = { ...errors, 402: errorResponseSchema, 409: errorResponseSchema };
const editErrors = { ...errors, 409: errorResponseSchema, 413: errorResponseSchema, 503: errorResponseSchema };
const revisionParams = z.object({ id: idParam, n: idParam });
/** A whole transcript travels with each edit: 20,000 segments (api-client `editLimits`) need more than the 1 MB default. */
const EDIT_BODY_LIMIT = 16 * 1024 * 1024;

/** Checks the path parameters as every route does, and leaves the body as it came (see the PATCH route). */
const bodyLeftRaw: typeof validatorCompiler = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

export const transcriptsRoutes: FastifyPluginAsyncZod<TranscriptsRoutesOptions> = async (app, opts) => {
  const { transcripts } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.get(
    '/api/transcripts/:id',
    {
      schema: {
        tags,
        summary: 'A transcript with its text, segments and status',
        params: idParams,
        response: { 200: transcriptSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The schema documents the answer; its text is written by the service (segments as stored) and sent
      // as it is, past the route's serializer.
      const json = await transcripts.getJson(currentUser(request).id, request.params.id);
      return reply.type('application/json; charset=utf-8').send(json as unknown as Transcript);
    },
  );

  // An edit's body (up to 16 MB) is neither parsed nor checked here: the raw JSON (in memory shared with
  // the worker threads, http/raw-body.ts) goes to an edit thread
  // (transcripts/prepare-edit.ts), which answers what Fastify's parsing and the schema below would, so a
  // long transcript's parse and checks never hold up other requests. The schema still documents the body.
  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<ZodTypeProvider>();
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', sharedBodyParser(EDIT_BODY_LIMIT));
    raw.patch(
      '/api/transcripts/:id',
      {
        bodyLimit: EDIT_BODY_LIMIT,
        // Typed per schema by Fastify; this one serves any.
        validatorCompiler: bodyLeftRaw as never,
        schema: {
          tags,
          summary: 'Save an edit of the title and/or the segments as a new revision',
          description:
            '`baseRevision` is the revision the edit was made on (required with segments): 409 REVISION_CONFLICT with ' +
            '`params.current` when it is stale, and nothing changes. 400 with nothing written when a limit is broken, 413 ' +
            'TRANSCRIPT_TOO_LONG past the text a transcript may hold (TRANSCRIPT_MAX_TEXT_CHARS, its texts and speaker names ' +
            'together); 409 TRANSCRIPT_NOT_EDITABLE until the transcription has completed; 503 SERVER_BUSY with Retry-After ' +
            'when too many edits wait. An edit that changes nothing keeps the revision.',
          params: idParams,
          body: updateTranscriptRequestSchema,
          response: { 200: updateTranscriptResponseSchema, ...editErrors },
        },
      },
      async (request) => transcripts.update(currentUser(request).id, request.params.id, request.body as unknown as Uint8Array),
    );
  });

  app.get(
    '/api/transcripts/:id/revisions',
    {
      schema: {
        tags,
        summary: "The transcript's revisions, newest first (revision 1: the engine's original, never changed)",
        params: idParams,
        response: { 200: revisionListSchema, ...errors },
      },
    },
    async (request) => ({ revisions: await transcripts.revisions(currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/api/transcripts/:id/revisions/:n',
    {
      schema: {
        tags,
        summary: 'One revision with its title and segments',
        params: revisionParams,
        response: { 200: revisionSchema, ...errors },
      },
    },
    async (request) => transcripts.revision(currentUser(request).id, request.params.id, request.params.n),
  );

  app.post(
    '/api/transcripts/:id/revisions/:n/restore',
    {
      schema: {
        tags,
        summary: "A new revision with revision n's title and segments",
        params: revisionParams,
        response: { 200: updateTranscriptResponseSchema, ...editErrors },
      },
    },
    async (request) => transcripts.restore(currentUser(request).id, request.params.id, request.params.n),
  );

  app.post(
    '/api/transcripts/:id/speakers',
    {
      schema: {
        tags,
        summary: 'Find the speakers again in the audio, for a given number or estimated, as a new revision',
        description:
          'Speaker detection of the built-in engine on the stored audio, without transcribing again: segments are named ' +
          "'Speaker 1', 'Speaker 2', … in order of appearance and split where the speaker changes. 409 when the " +
          'transcript is not completed, was edited meanwhile (REVISION_CONFLICT) or its audio is gone.',
        params: idParams,
        body: findSpeakersRequestSchema,
        response: { 200: findSpeakersResponseSchema, ...editErrors },
      },
    },
    async (request) => transcripts.findSpeakers(currentUser(request).id, request.params.id, request.body.speakers),
  );

  app.put(
    '/api/transcripts/:id/move',
    {
      schema: {
        tags,
        summary: "Move a transcript into one of the user's folders, or to the top level (null)",
        params: idParams,
        body: moveTranscriptRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await transcripts.move(currentUser(request).id, request.params.id, request.body.folderId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/transcripts/:id/retry',
    {
      schema: {
        tags,
        summary: 'Start a failed transcription again',
        description:
          'Charged again only when the first charge was refunded (402 when the balance cannot pay for it); 409 when ' +
          'the transcript has not failed or its audio is gone.',
        params: idParams,
        response: { 200: okResponseSchema, ...retryErrors },
      },
    },
    async (request) => {
      await transcripts.retry(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/transcripts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a transcript and its stored audio',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await transcripts.remove(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/transcripts/:id/audio',
    {
      schema: {
        tags,
        summary: "The transcript's audio (owner only), with HTTP Range support for seeking",
        description: 'One byte range per request: 206 with Content-Range; 416 when the range starts past the end.',
        params: idParams,
      },
    },
    async (request, reply) => sendAudio(reply, await transcripts.audio(currentUser(request).id, request.params.id, request.headers.range)),
  );
};

/** Answers an audio read: 200 whole, 206 with Content-Range, or 416 (the owner's route and shared links). */
export function sendAudio(reply: FastifyReply, answer: AudioAnswer, cacheControl = 'private, no-cache'): FastifyReply {
  reply.header('Accept-Ranges', 'bytes').header('Cache-Control', cacheControl);
  if (answer.kind === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${answer.size}`).send(errorBody('RANGE_NOT_SATISFIABLE'));
  }
  reply.header('Content-Type', answer.mime);
  if (answer.kind === 'partial') {
    const { start, end } = answer.range;
    return reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${answer.object.size}`)
      .header('Content-Length', String(end - start + 1))
      .send(answer.object.stream);
  }
  return reply.header('Content-Length', String(answer.object.size)).send(answer.object.stream);
}
