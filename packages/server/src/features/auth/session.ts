import { createHash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sid';

/** 32 random bytes for the cookie; only their sha256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionCookieOptions(
  request: FastifyRequest,
  cookieSecure: 'auto' | boolean,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY trusts the proxy.
    secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
    maxAge: maxAgeSeconds,
  };
}
