import { errorResponseSchema, searchLimits, searchResponseSchema, searchSpeakersResponseSchema } from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import type { SearchService } from './service.ts';

export interface SearchRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  search: SearchService;
}

/** A limit out of range or not a number is brought into range, not refused: it only sizes the answer. */
const limitParam = z
  .string()
  .optional()
  .transform((v) => {
    const n = v === undefined ? NaN : Number.parseInt(v, 10);
    return Number.isFinite(n) ? Math.min(Math.max(n, 1), searchLimits.limitMax) : searchLimits.limitDefault;
  });

const searchQuery = z.object({
  // Cut, not refused: the field searches as the user types (api-client searchLimits).
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').slice(0, searchLimits.queryMax)),
  folderId: idParam.optional(),
  limit: limitParam,
  // Cut like q; surrounding spaces dropped (stored names have none); empty: no filter.
  speaker: z
    .string()
    .optional()
    .transform((v) => v?.trim().slice(0, searchLimits.speakerMax).trim() || undefined),
});

/** How often edited transcripts' search documents are brought up to date (service refreshStale). */
const REFRESH_EVERY_MS = 60_000;

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, opts) => {
  app.addHook('onRequest', opts.requireUser);

  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = opts.search.refreshStale().catch((err: unknown) => app.log.warn({ err }, 'search: refreshing documents failed'));
  }, REFRESH_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });

  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: "Search the user's transcripts: titles, current text and AI outputs",
        description:
          "Full-text search (PostgreSQL), by word stem in the transcript's language (English, German) and by prefix for the " +
          'last word. Results are ranked and grouped by transcript, each with its best hits; snippets mark matched words ' +
          'between U+0002 and U+0003 (plain text, not HTML). A query without words (only operators or quotes) answers no ' +
          "results. `folderId` limits the search to that folder and its subfolders (404 when it is not the user's). " +
          '`speaker` limits the hits to segments of that speaker, the name as stored (exact, case-sensitive: ' +
          `'Speaker 1', 'Anna'; GET /api/search/speakers lists them; cut to ${searchLimits.speakerMax} characters): every word must then ` +
          "match in that speaker's segments of a transcript, and titles and AI outputs are left out.",
        querystring: searchQuery,
        response: { 200: searchResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => opts.search.search(currentUser(request).id, request.query),
  );

  app.get(
    '/api/search/speakers',
    {
      schema: {
        tags: ['search'],
        summary: "The speaker names of the user's transcripts, to filter a search by",
        description:
          "Each speaker name in the current text of the user's completed transcripts once, in order (as " +
          "PostgreSQL sorts text), as `speaker` of GET /api/search takes it; 'Unknown Speaker' (no speaker known) " +
          `is left out. Detected speakers are named 'Speaker 1', 'Speaker 2', …; at most ${searchLimits.speakersMax} names.`,
        response: { 200: searchSpeakersResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => opts.search.speakers(currentUser(request).id),
  );
};
