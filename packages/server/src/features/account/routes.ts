import {
  accountSessionsSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  errorResponseSchema,
  okResponseSchema,
  paths,
  sessionIdParamsSchema,
  signedOutResponseSchema,
} from '@scribe/api-client';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerSecret, currentUser } from '../auth/guard.ts';
import { SESSION_COOKIE, sessionCookieOptions, sessionId } from '../auth/session.ts';
import type { AccountService, Caller } from './service.ts';

export interface AccountRoutesOptions {
  requireUser: onRequestAsyncHookHandler;
  account: AccountService;
  cookieSecure: 'auto' | boolean;
}

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, opts) => {
  const { account } = opts;
  app.addHook('onRequest', opts.requireUser);

  const caller = (request: FastifyRequest): Caller => {
    const user = currentUser(request);
    // The guard let the request in: with a cookie, it names a live session. A bearer request acts for
    // no session, so none of the user's sessions is "this one".
    const cookie = bearerSecret(request) === undefined ? request.cookies[SESSION_COOKIE] : undefined;
    return { userId: user.id, username: user.username, sessionId: cookie ? sessionId(cookie) : '', ip: request.ip };
  };
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) => {
    const { maxAge: _maxAge, ...clear } = sessionCookieOptions(request, opts.cookieSecure, 0);
    reply.clearCookie(SESSION_COOKIE, clear);
  };

  app.post(
    paths.accountPassword,
    {
      schema: {
        tags,
        summary: 'Change the password',
        description: 'Needs the current password. Every other session of the user is signed out; this one stays.',
        body: changePasswordRequestSchema,
        response: { 200: signedOutResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => account.changePassword(caller(request), request.body),
  );

  app.get(
    paths.accountSessions,
    {
      schema: {
        tags,
        summary: 'Active sessions of the user',
        response: { 200: accountSessionsSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return account.sessions(caller(request));
    },
  );

  app.delete(
    `${paths.accountSessions}/:id`,
    {
      schema: {
        tags,
        summary: 'Sign out one session',
        params: sessionIdParamsSchema,
        response: { 200: signedOutResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await account.revokeSession(caller(request), request.params.id);
      if (result.current) clearCookie(request, reply);
      return { ok: true as const, signedOut: result.signedOut };
    },
  );

  app.post(
    paths.accountSignOutEverywhere,
    {
      schema: {
        tags,
        summary: 'Sign out every session, this one included',
        response: { 200: signedOutResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const signedOut = await account.signOutEverywhere(caller(request));
      clearCookie(request, reply);
      return { ok: true as const, signedOut };
    },
  );

  app.get(
    paths.accountExport,
    {
      schema: {
        tags,
        summary: 'Download all my data (zip)',
        description:
          'A zip, streamed: the profile, folders, prompts, the credit ledger, payments, and per transcript its JSON ' +
          '(with segments), a TXT, its AI outputs and the audio file.',
        response: { 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const c = caller(request);
      const stream = await account.exportZip(c);
      const date = new Date().toISOString().slice(0, 10);
      // Typed as a plain reply: the zip is a stream, not one of the JSON answers in the schema.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="my-data-${c.username.replace(/[^A-Za-z0-9._-]/g, '_')}-${date}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.delete(
    paths.account,
    {
      schema: {
        tags,
        summary: 'Delete my account',
        description:
          'Needs the password. Deletes the user with every transcript, folder, prompt, upload, payment, session and ' +
          'stored audio file; credit ledger entries are kept without the user reference.',
        body: deleteAccountRequestSchema,
        response: { 200: okResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(caller(request), request.body.password);
      clearCookie(request, reply);
      return { ok: true as const };
    },
  );
};
