import type { ApiErrorCode, User } from '@scribe/api-client';
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

/** What a bearer secret names: its owner and token, or why it is refused (features/tokens). */
export type BearerResult = { ok: true; user: User; tokenId: number } | { ok: false; code: ApiErrorCode };
export type BearerAuthenticator = (secret: string) => Promise<BearerResult>;

/** Who a request acts for, and how it said so. */
export type Caller =
  { kind: 'session'; user: User } | { kind: 'token'; user: User; tokenId: number } | { kind: 'none'; user: null; code: ApiErrorCode };

const bearerPattern = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The secret of an `Authorization: Bearer …` header, or undefined without one. A bearer request is
 * authenticated by its token alone, never by a cookie it may also carry (http/csrf.ts relies on that).
 */
export function bearerSecret(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = bearerPattern.exec(header);
  // A malformed Bearer header is still a bearer attempt: an empty secret matches no token.
  if (!match) return /^Bearer\b/i.test(header) ? '' : undefined;
  return match[1];
}

// The caller of a request, looked up once however many hooks ask (rate limit, guard, routes).
const resolved = new WeakMap<FastifyRequest, Promise<Caller>>();

/** Resolves the caller: the bearer token when the request has one, else the session cookie. */
export function createCallerResolver(auth: AuthService, bearer?: BearerAuthenticator) {
  async function lookup(request: FastifyRequest): Promise<Caller> {
    const secret = bearerSecret(request);
    if (secret !== undefined && bearer) {
      const result = await bearer(secret);
      return result.ok ? { kind: 'token', user: result.user, tokenId: result.tokenId } : { kind: 'none', user: null, code: result.code };
    }
    const user = await auth.userForToken(request.cookies[SESSION_COOKIE]);
    return user ? { kind: 'session', user } : { kind: 'none', user: null, code: 'NOT_AUTHENTICATED' };
  }
  return function caller(request: FastifyRequest): Promise<Caller> {
    let found = resolved.get(request);
    if (!found) {
      found = lookup(request);
      resolved.set(request, found);
    }
    return found;
  };
}
export type CallerResolver = ReturnType<typeof createCallerResolver>;

/** The user behind the request's session cookie (or bearer token), or null. */
export function createSessionUserResolver(auth: AuthService, bearer?: BearerAuthenticator) {
  const caller = createCallerResolver(auth, bearer);
  return async (request: FastifyRequest): Promise<User | null> => (await caller(request)).user;
}

/**
 * The hook a protected feature adds to its plugin: 401 without a valid session or API token (the code
 * says which: NOT_AUTHENTICATED, API_TOKEN_INVALID, _REVOKED or _EXPIRED), else `request.user`. Runs on
 * request, before the body is read.
 */
export function createAuthGuard(auth: AuthService, bearer?: BearerAuthenticator): onRequestAsyncHookHandler {
  const caller = createCallerResolver(auth, bearer);
  return async function requireUser(request, reply) {
    const found = await caller(request);
    if (!found.user) return reply.code(401).send(errorBody(found.code));
    request.user = found.user;
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: { user: User | null }): User {
  if (!request.user) throw new Error('currentUser() used on a route without the auth guard');
  return request.user;
}
