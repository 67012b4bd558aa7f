import {
  createShareRequestSchema,
  createShareResponseSchema,
  errorResponseSchema,
  okResponseSchema,
  publicShareSchema,
  shareListSchema,
  shareTokenParamsSchema,
} from '@scribe/api-client';
import { errorResponses } from '../../http/errors.ts';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../http/params.ts';
import { currentUser } from '../auth/guard.ts';
import { sendAudio } from '../transcripts/routes.ts';
import type { SharesService } from './service.ts';

const tags = ['shares'];
const errors = errorResponses(400, 401, 404);

/** The public side of share links: everything under it needs no session. */
export const PUBLIC_SHARES_PREFIX = '/api/public/shares/';
/** The app's public page of a link (api-client `sharePagePath`). */
const SHARE_PAGE_PREFIX = '/s/';

export interface SharesRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  shares: SharesService;
}

/** The owner's side: create, list and revoke the links of their transcripts. */
export const sharesRoutes: FastifyPluginAsyncZod<SharesRoutesOptions> = async (app, opts) => {
  const { shares } = opts;
  app.addHook('onRequest', opts.requireUser);

  app.post(
    '/api/transcripts/:id/share',
    {
      schema: {
        tags,
        summary: 'Create a read-only public link to the transcript',
        description:
          'The token is answered only here (it is stored as its SHA-256). `expiresAt` (future instant) or ' +
          '`expiresInDays`; neither: the link lives until revoked. `includeAiOutputs` shares the AI outputs too.',
        params: idParams,
        body: createShareRequestSchema,
        response: { 200: createShareResponseSchema, ...errors },
      },
    },
    async (request) => shares.create(currentUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/transcripts/:id/shares',
    {
      schema: {
        tags,
        summary: "The transcript's share links, newest first (never their tokens)",
        params: idParams,
        response: { 200: shareListSchema, ...errors },
      },
    },
    async (request) => ({ shares: await shares.list(currentUser(request).id, request.params.id) }),
  );

  app.delete(
    '/api/shares/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a share link: it answers 404 from now on',
        params: idParams,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await shares.revoke(currentUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
};

/** Public answers are never cached by others, never indexed, and never leak the token as a referrer. */
function privateAnswer(reply: FastifyReply): void {
  reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
}

/**
 * The public side: GET only, no session, no X-Requested-With. A wrong, expired or revoked token gets
 * the same 404 (SHARE_NOT_FOUND); nothing but the shared transcript is reachable through a token.
 */
export const publicSharesRoutes: FastifyPluginAsyncZod<{ shares: SharesService }> = async (app, opts) => {
  const { shares } = opts;
  const publicErrors = { 404: errorResponseSchema };

  app.get(
    `${PUBLIC_SHARES_PREFIX}:token`,
    {
      schema: {
        tags,
        summary: 'A shared transcript: title, segments, duration and, when shared, its AI outputs (no session)',
        params: shareTokenParamsSchema,
        response: { 200: publicShareSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      return shares.page(request.params.token);
    },
  );

  app.get(
    `${PUBLIC_SHARES_PREFIX}:token/audio`,
    {
      schema: {
        tags,
        summary: "A shared transcript's audio, with HTTP Range support (no session)",
        description: 'One byte range per request: 206 with Content-Range; 416 when the range starts past the end.',
        params: shareTokenParamsSchema,
      },
    },
    async (request, reply) => {
      const answer = await shares.audio(request.params.token, request.headers.range);
      privateAnswer(reply);
      return sendAudio(reply, answer, 'private, no-store');
    },
  );
};

/**
 * The app's page of a link (`/s/{token}`, served as the app shell) and the public API: `noindex` and no
 * referrer, so the token in the address never reaches search engines or other sites. Registered on
 * the root instance so the app-shell fallback gets it too.
 */
export function registerSharePageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith(SHARE_PAGE_PREFIX) || path.startsWith(PUBLIC_SHARES_PREFIX)) {
      reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    }
    return payload;
  });
}
