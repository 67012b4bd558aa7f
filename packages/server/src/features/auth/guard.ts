import type { User } from '@scribe/api-client';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AuthService } from './service.ts';
import { SESSION_COOKIE } from './session.ts';
import { errorBody } from '../../http/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on protected routes. */
    user: User | null;
  }
}

// The session lookup of a request, done once however many hooks ask (rate limit, guard).
const resolved = new WeakMap<FastifyRequest, Promise<User | null>>();

/** The user behind the request's session cookie, or null; looked up at most once per request. */
export function createSessionUserResolver(auth: AuthService) {
  return function sessionUser(request: FastifyRequest): Promise<User | null> {
    let user = resolved.get(request);
    if (!user) {
      user = auth.userForToken(request.cookies[SESSION_COOKIE]);
      resolved.set(request, user);
    }
    return user;
  };
}

/**
 * The hook a protected feature adds to its plugin: 401 without a valid session, else
 * `request.user`. Runs on request, before the body is read.
 */
export function createAuthGuard(auth: AuthService): onRequestAsyncHookHandler {
  const sessionUser = createSessionUserResolver(auth);
  return async function requireUser(request, reply) {
    const user = await sessionUser(request);
    if (!user) return reply.code(401).send(errorBody('NOT_AUTHENTICATED'));
    request.user = user;
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() used on a route without the auth guard');
  return request.user;
}
