import {
  errorResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  paths,
  registerRequestSchema,
  sessionResponseSchema,
  userSchema,
  type User,
} from '@scribe/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Altcha } from './captcha/altcha.ts';
import type { Caller } from './guard.ts';
import { type AuthService } from './service.ts';
import { SESSION_COOKIE, sessionCookieOptions } from './session.ts';
import { errorBody } from '../../http/errors.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** The caller by session cookie or API token (features/auth/guard.ts). */
  requestUser: (request: FastifyRequest) => Promise<Caller>;
  /** Present when ALTCHA is the captcha provider. */
  altcha: Altcha | null;
  cookieSecure: 'auto' | boolean;
  sessionTtlSeconds: number;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth, altcha } = opts;
  const cookie = (request: Parameters<typeof sessionCookieOptions>[0]) =>
    sessionCookieOptions(request, opts.cookieSecure, opts.sessionTtlSeconds);

  /**
   * Register and login: the service checks the request and starts a session (replacing the browser's
   * previous one); its cookie is set on the reply and the user answered.
   */
  const startSession = async <Body>(
    request: Omit<FastifyRequest, 'body'> & { body: Body },
    reply: FastifyReply,
    start: (body: Body, ip: string, previousToken?: string, userAgent?: string) => Promise<{ user: User; token: string }>,
  ) => {
    const { user, token } = await start(request.body, request.ip, request.cookies[SESSION_COOKIE], request.headers['user-agent']);
    reply.setCookie(SESSION_COOKIE, token, cookie(request));
    return user;
  };

  app.post(
    paths.register,
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerRequestSchema,
        response: { 201: userSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await startSession(request, reply, auth.register)),
  );

  app.post(
    paths.login,
    {
      schema: {
        tags,
        summary: 'Sign in with username or e-mail',
        body: loginRequestSchema,
        response: { 200: userSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => startSession(request, reply, auth.login),
  );

  app.post(
    paths.logout,
    { schema: { tags, summary: 'Sign out (ends the session on the server)', response: { 200: okResponseSchema } } },
    async (request, reply) => {
      await auth.logout(request.cookies[SESSION_COOKIE]);
      const { maxAge: _maxAge, ...clear } = cookie(request);
      reply.clearCookie(SESSION_COOKIE, clear);
      return { ok: true as const };
    },
  );

  app.get(
    paths.me,
    { schema: { tags, summary: 'The signed-in user', response: { 200: userSchema, 401: errorResponseSchema } } },
    async (request, reply) => {
      const found = await opts.requestUser(request);
      if (!found.user) return reply.code(401).send(errorBody(found.code));
      return found.user;
    },
  );

  app.get(
    paths.session,
    {
      schema: {
        tags,
        summary: 'Who is signed in: the user, or null for an anonymous visitor (200 either way)',
        description: 'The session probe of every page; GET /api/auth/me answers 401 when signed out.',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { user: (await opts.requestUser(request)).user };
    },
  );

  if (altcha) {
    app.get(paths.captchaChallenge, { schema: { tags, summary: 'A fresh ALTCHA proof-of-work challenge' } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return altcha.challenge();
    });
  }
};
