import { apiErrors, uploadResponseSchema, vocabularySchema } from '@scribe/api-client';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, errorResponses } from '../../http/errors.ts';
import { currentUser } from '../auth/guard.ts';
import type { RecordingsService } from './service.ts';

export interface RecordingsRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  recordings: RecordingsService;
  pieceMaxBytes: number;
}

const tags = ['recordings'];
const errors = errorResponses(400, 401, 402, 404, 409, 413);

const recordingSchema = z.object({
  id: z.string(),
  mimeType: z.string(),
  pieces: z.number().int().describe('Acknowledged pieces; also the number of the next piece expected.'),
  bytes: z.number().int(),
  durationMs: z.number().int().describe('The largest durationMs sent with a piece.'),
  createdAt: z.string(),
  updatedAt: z.string().describe('The last piece; the abandon time counts from here.'),
});
const liveReason = z.enum(['busy', 'no_credits', 'unsupported', 'disabled']);
const createdSchema = z.object({
  recording: recordingSchema,
  pieceMaxBytes: z.number().int(),
  live: z.object({ available: z.boolean(), reason: liveReason.optional() }),
});
const ackSchema = z.object({
  seq: z.number().int(),
  nextSeq: z.number().int(),
  bytes: z.number().int().describe("This piece's size."),
});

// A recorder's type ('audio/webm;codecs=opus'); the container itself is checked by content at finish.
const MIME_TYPE = /^(audio|video)\/[A-Za-z0-9.+-]+(\s*;[\x20-\x7e]*)?$/;
const createBodySchema = z.object({
  mimeType: z.string().max(255, apiErrors.RECORDING_MIME_TYPE_INVALID).regex(MIME_TYPE, apiErrors.RECORDING_MIME_TYPE_INVALID),
  language: z.string().max(16, apiErrors.LANGUAGE_CODE_INVALID).nullable().optional(),
  live: z.boolean().optional(),
});
const finishBodySchema = z.object({
  title: z.string().optional(),
  folderId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  language: z.string().max(16, apiErrors.LANGUAGE_CODE_INVALID).nullable().optional(),
  vocabulary: vocabularySchema.optional(),
});
const idParams = z.object({ id: z.string() });
const pieceParams = z.object({
  id: z.string(),
  seq: z
    .string()
    .regex(/^\d{1,9}$/, apiErrors.RECORDING_PIECE_SEQ_INVALID)
    .transform(Number),
});
const pieceQuery = z.object({
  durationMs: z
    .string()
    .regex(/^\d{1,12}$/, apiErrors.RECORDING_DURATION_INVALID)
    .transform(Number)
    .optional(),
});

/**
 * Reads a piece's raw body, keeping at most `maxBytes`. A larger one is read to its end (up to a
 * bound) and refused, so the client receives the answer instead of a reset connection.
 */
function readPiece(request: FastifyRequest, payload: NodeJS.ReadableStream, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let seen = 0;
    const drainLimit = 4 * maxBytes + 1024 * 1024;
    payload.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= maxBytes) parts.push(chunk);
      else if (seen > drainLimit) request.raw.destroy();
    });
    payload.on('error', reject);
    payload.on('end', () => {
      if (seen > maxBytes) reject(new HttpError(413, 'RECORDING_PIECE_TOO_LARGE', { params: { maxBytes } }));
      else resolve(Buffer.concat(parts, seen));
    });
  });
}

export const recordingsRoutes: FastifyPluginAsyncZod<RecordingsRoutesOptions> = async (app, opts) => {
  const { recordings, pieceMaxBytes } = opts;
  app.addHook('onRequest', opts.requireUser);
  // Pieces are raw bytes; this parser applies to the routes of this plugin only.
  (app as unknown as FastifyInstance).addContentTypeParser('application/octet-stream', (request, payload, done) => {
    readPiece(request, payload, pieceMaxBytes).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });

  app.post(
    '/api/recordings',
    {
      schema: {
        tags,
        summary: 'Start a recording that is streamed in pieces while it is captured',
        description:
          'Answers the recording, the largest piece accepted (RECORDING_PIECE_MAX_BYTES) and whether live text is offered. ' +
          '402 when the balance cannot pay for one started minute; 409 when the user already has RECORDING_MAX_OPEN unfinished recordings.',
        body: createBodySchema,
        response: { 201: createdSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await recordings.create(currentUser(request).id, request.body)),
  );

  app.get(
    '/api/recordings',
    {
      schema: {
        tags,
        summary: "The user's unfinished recordings, newest first (to recover them)",
        response: { 200: z.object({ recordings: z.array(recordingSchema) }), ...errors },
      },
    },
    async (request) => ({ recordings: await recordings.list(currentUser(request).id) }),
  );

  app.get(
    '/api/recordings/:id',
    {
      schema: {
        tags,
        summary: 'An unfinished recording: how many pieces the server holds (the next piece to send)',
        description: '409 once it was finished or discarded.',
        params: idParams,
        response: { 200: z.object({ recording: recordingSchema }), ...errors },
      },
    },
    async (request) => ({ recording: await recordings.get(currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/api/recordings/:id/pieces/:seq',
    {
      schema: {
        tags,
        summary: 'Store one piece of a recording (raw bytes, application/octet-stream)',
        description:
          'Pieces are numbered from 0 and accepted strictly in order; the answer comes once the piece is stored durably. ' +
          'A piece sent again with the same bytes is acknowledged again; with other bytes it is a 409. A piece past the next ' +
          'one is refused (409, params.expected names the next). Optional durationMs: recorded milliseconds up to the end of this piece.',
        consumes: ['application/octet-stream'],
        params: pieceParams,
        querystring: pieceQuery,
        response: { 200: ackSchema, ...errors },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (body !== undefined && body !== null && !Buffer.isBuffer(body)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      return recordings.putPiece(currentUser(request).id, request.params.id, request.params.seq, bytes, request.query.durationMs);
    },
  );

  app.post(
    '/api/recordings/:id/finish',
    {
      schema: {
        tags,
        summary: 'Finish a recording: its pieces become a transcript, as an upload does',
        description:
          'The pieces, joined in order, become the audio byte for byte; then the same checks and job as an upload ' +
          '(content, credits, size, folder). Title: "recording" unless given; `vocabulary` names and terms to expect, as an ' +
          "upload's (400 VOCABULARY_TOO_MANY_TERMS / VOCABULARY_TOO_LONG). On a refusal the recording stays unfinished.",
        params: idParams,
        body: finishBodySchema,
        response: { 201: z.object({ transcript: uploadResponseSchema }), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await recordings.finish(currentUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    '/api/recordings/:id',
    {
      schema: {
        tags,
        summary: 'Discard an unfinished recording and its pieces',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await recordings.discard(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/**
 * At start-up (once routes are ready): releases finishes a dead process left half-done and removes the
 * abandoned recordings; then every quarter of the abandon time (1 s to 1 h) the same.
 */
export function startRecordingsMaintenance(
  app: FastifyInstance,
  m: { recordings: RecordingsService; abandonMs: number; soleProcess: boolean },
): () => Promise<void> {
  let current: Promise<void> | undefined;
  const run = (everyClaim: boolean) => {
    current ??= (async () => {
      const released = await m.recordings.recover(everyClaim);
      const removed = await m.recordings.sweep();
      if (released + removed > 0) app.log.info({ released, removed }, 'released dead recording finishes and removed abandoned recordings');
    })()
      .catch((err: unknown) => app.log.error({ err }, 'recordings maintenance failed'))
      .finally(() => {
        current = undefined;
      });
    return current;
  };
  const timer = setInterval(() => void run(false), Math.min(3_600_000, Math.max(1000, m.abandonMs / 4)));
  timer.unref();
  app.addHook('onReady', async () => {
    await run(m.soleProcess);
  });
  return async () => {
    clearInterval(timer);
    await current;
  };
}
