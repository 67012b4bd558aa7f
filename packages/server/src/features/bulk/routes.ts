import { bulkRequestSchema, bulkResponseSchema, paths } from '@scribe/api-client';
import { errorResponses } from '../../http/errors.ts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/guard.ts';
import { asciiFileName } from '../exports/routes.ts';
import type { BulkService } from './service.ts';

export interface BulkRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  bulk: BulkService;
}

const errors = errorResponses(400, 401, 402, 404, 409, 503);

export const bulkRoutes: FastifyPluginAsyncZod<BulkRoutesOptions> = async (app, opts) => {
  const { bulk } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.post(
    paths.bulkTranscripts,
    {
      schema: {
        tags: ['transcripts'],
        summary: 'Move, delete, retry or export several transcripts at once, all of them or none',
        description:
          "Every id must be one of the caller's transcripts, else 404 TRANSCRIPT_NOT_FOUND and nothing changes. " +
          "`move` takes `folderId` (null: the top level; 404 FOLDER_NOT_FOUND for a folder that is not the caller's). " +
          '`retry` starts failed transcriptions again (409 RETRY_NOT_FAILED when one has not failed, 402 when the ' +
          'balance cannot pay for those charged again). `export` answers a zip (application/zip) with one file per ' +
          'transcript in `format`, rendered in the export threads (503 SERVER_BUSY when their queue is full). ' +
          'The others answer `{ ok: true, count }`.',
        body: bulkRequestSchema,
        response: { 200: z.union([bulkResponseSchema, z.any().describe('application/zip (export)')]), ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = request.body;
      if (body.action !== 'export') return { ok: true as const, count: await bulk.run(userId, body) };
      const zip = await bulk.export(userId, body);
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="${asciiFileName(zip.fileName)}"; filename*=UTF-8''${encodeURIComponent(zip.fileName)}`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', String(zip.body.length))
        .send(zip.body);
    },
  );
};
