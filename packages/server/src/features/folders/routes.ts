import {
  createFolderRequestSchema,
  errorResponseSchema,
  folderSchema,
  okResponseSchema,
  paths,
  treeNodeSchema,
  updateFolderRequestSchema,
} from '@scribe/api-client';
import { errorResponses } from '../../http/errors.ts';
import type { TreeNode } from '@scribe/api-client';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { FoldersService } from './service.ts';

export interface FoldersRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  folders: FoldersService;
}

const tags = ['folders'];
const errors = errorResponses(400, 401, 404);

export const foldersRoutes: FastifyPluginAsyncZod<FoldersRoutesOptions> = async (app, opts) => {
  const { folders } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.get(
    paths.folderTree,
    {
      schema: {
        tags,
        summary: "The user's folders and transcripts, nested",
        description: 'Folders before transcripts; folders by name, transcripts newest first.',
        response: { 200: z.array(treeNodeSchema), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // The schema documents the answer. The text is written by serializeTree (JSON.stringify and
      // schema checks recurse per level and overflow on deep trees); Fastify sends a string with a
      // JSON content type as it is, past the route's serializer.
      const json = await folders.treeJson(currentUser(request).id);
      return reply.type('application/json; charset=utf-8').send(json as unknown as TreeNode[]);
    },
  );

  app.post(
    paths.folders,
    {
      schema: {
        tags,
        summary: "Create a folder (at the top level, or inside one of the user's folders, at most 100 levels deep)",
        body: createFolderRequestSchema,
        response: { 201: folderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, parentId } = request.body;
      return reply.code(201).send(await folders.create(currentUser(request).id, name, parentId ?? null));
    },
  );

  app.put(
    `${paths.folders}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename and/or move a folder',
        description:
          'Moving a folder into itself or one of its sub-folders is refused (400), and so is a move that would nest ' +
          'folders more than 100 levels deep.',
        params: idParams,
        body: updateFolderRequestSchema,
        response: { 200: folderSchema, ...errors },
      },
    },
    async (request) => folders.update(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    `${paths.folders}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a folder with its sub-folders, transcripts and their stored audio',
        description:
          'Gone from every read at once; restorable with POST /api/folders/{id}/restore for FOLDER_RESTORE_SECONDS, ' +
          'after which the rows and the stored audio are removed for good.',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await folders.remove(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    `${paths.folders}/:id/restore`,
    {
      schema: {
        tags,
        summary: 'Undo the delete of a folder within the undo time: it comes back with everything it took',
        description: "404 when the user has no such deleted folder (someone else's, restored already, or past the undo time).",
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await folders.restore(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
};

/**
 * Removes deleted folders for good once their undo time is over (rows, stored audio, quota): at
 * start-up, then every quarter of the undo time (1 s to 1 h). Returns the stopper.
 */
export function startFolderPurge(app: FastifyInstance, m: { folders: FoldersService; restoreMs: number }): () => Promise<void> {
  let current: Promise<void> | undefined;
  const run = () => {
    current ??= m.folders
      .purgeDeleted(new Date(Date.now() - m.restoreMs))
      .then((purged) => {
        if (purged > 0) app.log.info({ purged }, 'removed deleted folders past their undo time');
      })
      .catch((err: unknown) => app.log.error({ err }, 'deleted folders purge failed'))
      .finally(() => {
        current = undefined;
      });
    return current;
  };
  const timer = setInterval(() => void run(), Math.min(3_600_000, Math.max(1000, m.restoreMs / 4)));
  timer.unref();
  app.addHook('onReady', async () => {
    await run();
  });
  return async () => {
    clearInterval(timer);
    await current;
  };
}
