import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import {
  apiErrorCodeOf,
  apiErrors,
  finalizeUploadRequestSchema,
  okResponseSchema,
  paths,
  uploadLimits,
  uploadResponseSchema,
  uploadStatusSchema,
} from '@scribe/api-client';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, errorResponses } from '../../http/errors.ts';
import { currentUser } from '../auth/guard.ts';
import type { ChunkFields, UploadsService } from './service.ts';
import type { SpooledFile, UploadSpool } from './spool.ts';

export interface UploadsRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  uploads: UploadsService;
  maxBytes: number;
  /** Where a chunk waits when it arrives before its fields. */
  spool: UploadSpool;
}

const tags = ['uploads'];
const errors = errorResponses(400, 401, 402, 404, 409, 413);

// The same pattern as finalizeUploadRequestSchema's uploadId.
const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
const chunkFieldsSchema = z.object({
  uploadId: z.string().regex(UPLOAD_ID, apiErrors.INVALID_UPLOAD_ID),
  chunkIndex: z
    .string()
    .regex(/^\d{1,6}$/, apiErrors.CHUNK_INDEX_INVALID)
    .transform(Number),
  totalChunks: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, apiErrors.TOTAL_CHUNKS_INVALID)
    .transform(Number),
  originalName: z.string().min(1, apiErrors.ORIGINAL_NAME_REQUIRED).max(1024, apiErrors.ORIGINAL_NAME_TOO_LONG),
});

/**
 * Browsers (and undici) escape '"' as %22 and line breaks as %0A/%0D in a multipart file name
 * (HTML's form encoding); undo that so "Q3".wav keeps its quotes.
 */
function multipartFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0[ad]/gi, '');
}

/** A chunk field zod refused: the schema's coded message, else the generic one. */
function chunkFieldsError(issue: { message?: string } | undefined): HttpError {
  const code = issue?.message === undefined ? undefined : apiErrorCodeOf(issue.message);
  return new HttpError(400, code ?? 'INVALID_CHUNK_FIELDS');
}

const CHUNK_FIELDS = ['uploadId', 'chunkIndex', 'totalChunks', 'originalName'] as const;

/** The chunk's fields once all have arrived; a 400 naming the first problem when one is wrong. */
function chunkFields(values: Map<string, string>): ChunkFields {
  if (CHUNK_FIELDS.some((name) => !values.has(name))) throw new HttpError(400, 'CHUNK_FIELDS_MISSING');
  const fields = chunkFieldsSchema.safeParse(Object.fromEntries(CHUNK_FIELDS.map((name) => [name, values.get(name)])));
  if (!fields.success) throw chunkFieldsError(fields.error.issues[0]);
  return fields.data;
}

/**
 * After a refusal the client may still be sending: keep reading and discarding (up to a bound) so
 * it receives the answer instead of a reset connection.
 */
function discardRest(request: FastifyRequest, maxBytes: number): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes + uploadLimits.chunkBytes) raw.destroy();
  });
  raw.on('error', () => undefined);
  raw.resume();
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, opts) => {
  const { uploads, maxBytes } = opts;
  app.addHook('onRequest', opts.requireUser);
  await app.register(fastifyMultipart, {
    // Few, small text fields and exactly one file per request.
    limits: { fields: 8, fieldSize: 4096, files: 1, parts: 10, headerPairs: 50, fieldNameSize: 100 },
    throwFileSizeLimit: false,
  });

  /** The one file part; a body busboy cannot parse is the client's mistake (400), not ours. */
  async function filePart(request: FastifyRequest, fileSize: number): Promise<MultipartFile> {
    let part: MultipartFile | undefined;
    try {
      part = await request.file({ limits: { fileSize } });
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status < 500) throw err;
      throw new HttpError(400, 'MALFORMED_UPLOAD', { cause: err });
    }
    if (!part) throw new HttpError(400, 'NO_FILE');
    return part;
  }

  /** Runs an upload handler; on any refusal, the rest of the request body is drained. */
  async function receiving<T>(request: FastifyRequest, handler: () => Promise<T>): Promise<T> {
    try {
      return await handler();
    } catch (err) {
      discardRest(request, maxBytes);
      throw err;
    }
  }

  app.post(
    paths.upload,
    {
      config: { uploadBody: true },
      schema: {
        tags,
        summary: 'Upload an audio file of up to 25 MB (multipart field `audio`)',
        description:
          'Audio or video: wav, mp3, m4a, aac, flac, ogg/oga/opus, webm, mkv/mka, mp4, mov, 3gp, aif/aiff/aifc or caf, ' +
          'checked by name and by content (a header no real audio has: 400 AUDIO_HEADER_IMPLAUSIBLE). ' +
          'Creates a transcript in processing state and queues its transcription. Larger files: upload-chunk. ' +
          'An optional text field `language` before the file names the spoken language (400 when the engine cannot ' +
          'transcribe it), and an optional text field `vocabulary` names and terms to expect (custom vocabulary: one per line ' +
          'or comma-separated, at most 100 and 1,000 characters; 400 VOCABULARY_TOO_MANY_TERMS / VOCABULARY_TOO_LONG), and an ' +
          "optional text field `speakers` how many speakers to tell apart: 'auto' (the default: estimated) or 1 to 10 " +
          '(400 SPEAKERS_OPTION_INVALID); ' +
          '402 when the balance cannot pay for one started minute.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      receiving(request, async () => {
        const user = currentUser(request);
        const part = await filePart(request, Math.min(uploadLimits.chunkBytes, maxBytes));
        if (part.fieldname !== 'audio') throw new HttpError(400, 'WRONG_FILE_FIELD', { params: { field: 'audio' } });
        // Fields sent before the file arrive with it.
        const text = (name: string) => {
          const field = part.fields[name];
          return field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
        };
        const result = await uploads.uploadSingle(
          user.id,
          multipartFileName(part.filename),
          part.file,
          text('language'),
          text('vocabulary'),
          text('speakers'),
        );
        return reply.code(201).send(result);
      }),
  );

  app.post(
    paths.uploadChunk,
    {
      config: { uploadBody: true },
      schema: {
        tags,
        summary: 'Upload one chunk of a large file',
        description:
          'Multipart: the fields uploadId (8-64 of A-Z a-z 0-9 _ -, chosen by the client), chunkIndex, totalChunks and ' +
          'originalName, and the file field `chunk`, in any order. Every chunk is exactly 26214400 bytes except the last; the file ' +
          'may be at most UPLOAD_MAX_BYTES. Sending a chunk again with the same size replaces it. Answers the upload status. ' +
          '413 when the chunk would take the user past STORAGE_QUOTA_BYTES; 409 when a new upload would exceed UPLOAD_MAX_UNFINISHED.',
        consumes: ['multipart/form-data'],
        response: { 200: uploadStatusSchema, ...errors },
      },
    },
    async (request) =>
      receiving(request, async () => {
        const user = currentUser(request);
        // Fields and file in any order: a file after its fields streams straight to storage; a file
        // before them waits in the spool until they have arrived.
        const values = new Map<string, string>();
        let sawFile = false;
        let spooled: SpooledFile | undefined;
        let result: Awaited<ReturnType<UploadsService['uploadChunk']>> | undefined;
        const parts = request.parts({ limits: { fileSize: uploadLimits.chunkBytes } })[Symbol.asyncIterator]();
        // A body busboy cannot parse is the client's mistake (400), not ours.
        const nextPart = async () => {
          try {
            return await parts.next();
          } catch (err) {
            const status = (err as { statusCode?: number }).statusCode;
            if (status && status < 500) throw err;
            throw new HttpError(400, 'MALFORMED_UPLOAD', { cause: err });
          }
        };
        try {
          for (let next = await nextPart(); !next.done; next = await nextPart()) {
            const part = next.value;
            if (part.type === 'field') {
              if (!values.has(part.fieldname)) values.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
              continue;
            }
            if (sawFile) {
              part.file.resume();
              continue;
            }
            sawFile = true;
            if (part.fieldname !== 'chunk') throw new HttpError(400, 'WRONG_FILE_FIELD', { params: { field: 'chunk' } });
            if (CHUNK_FIELDS.every((name) => values.has(name))) {
              result = await uploads.uploadChunk(user.id, chunkFields(values), part.file);
            } else {
              spooled = await opts.spool.keep(part.file);
            }
          }
          if (!sawFile) throw new HttpError(400, 'NO_FILE');
          if (result) return result;
          return await uploads.uploadChunk(user.id, chunkFields(values), spooled!.open());
        } finally {
          await spooled?.remove();
        }
      }),
  );

  app.post(
    paths.finalizeUpload,
    {
      schema: {
        tags,
        summary: 'Join the chunks of an upload into its audio file and create the transcript',
        body: finalizeUploadRequestSchema,
        response: { 201: uploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await uploads.finalize(currentUser(request).id, request.body)),
  );

  app.get(
    '/api/transcripts/uploads/:uploadId',
    {
      schema: {
        tags,
        summary: 'The chunks the server holds of an upload (to resume it)',
        params: z.object({ uploadId: z.string().regex(UPLOAD_ID, apiErrors.INVALID_UPLOAD_ID) }),
        response: { 200: uploadStatusSchema, ...errors },
      },
    },
    async (request) => uploads.status(currentUser(request).id, request.params.uploadId),
  );

  app.delete(
    '/api/transcripts/uploads/:uploadId',
    {
      schema: {
        tags,
        summary: 'Cancel an unfinished chunked upload: its received chunks are discarded',
        description: "404 for an unknown upload id or another user's; 409 once the upload is being finalized or was finalized.",
        params: z.object({ uploadId: z.string().regex(UPLOAD_ID, apiErrors.INVALID_UPLOAD_ID) }),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await uploads.discard(currentUser(request).id, request.params.uploadId);
      return { ok: true as const };
    },
  );
};
