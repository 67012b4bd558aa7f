import { paths } from '@scribe/api-client';
import type { FastifyInstance } from 'fastify';
import { bearerSecret } from '../features/auth/guard.ts';
import { errorBody } from './errors.ts';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths that take mutating requests from other sites and authenticate them another way.
 * The Stripe webhook carries a signature over its body instead of the header.
 */
export const csrfExemptPaths: ReadonlySet<string> = new Set<string>([paths.stripeWebhook]);

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Cross-site forms cannot set custom headers, and without CORS a cross-site script cannot either:
 * requiring `X-Requested-With: XMLHttpRequest` on every mutating /api call made with the session cookie
 * blocks CSRF.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!mutating.has(request.method)) return;
    const path = request.url.split('?')[0];
    const route = request.routeOptions.url;
    if (!isApiPath(path) && !(route && isApiPath(route))) return;
    if (csrfExemptPaths.has(path)) return;
    // A bearer request is authenticated by its token only, never by a cookie, and a cross-site page
    // cannot set Authorization without a CORS preflight we never allow: CSRF cannot ride on it.
    if (bearerSecret(request) !== undefined) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send(errorBody('MISSING_REQUESTED_WITH'));
    }
  });
}
