import type { User } from '@scribe/api-client';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { AuthService } from './service.ts';
import { authMessages } from './service.ts';
import { SESSION_COOKIE } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on protected routes. */
    user: User | null;
  }
}

/**
 * The hook a protected feature adds to its plugin: 401 without a valid session, else
 * `request.user`. Runs on request, before the body is read.
 */
export function createAuthGuard(auth: AuthService): onRequestAsyncHookHandler {
  return async function requireUser(request, reply) {
    const user = await auth.userForToken(request.cookies[SESSION_COOKIE]);
    if (!user) return reply.code(401).send({ error: authMessages.notAuthenticated });
    request.user = user;
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() used on a route without the auth guard');
  return request.user;
}
