import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Names the caller a request is counted against, or undefined to let the next resolver decide.
 * Signed-in users are counted by user id; a later API token would add a resolver in front.
 */
export type RateLimitKeyResolver = (request: FastifyRequest) => Promise<string | undefined> | string | undefined;

export interface ApiRateLimitOptions {
  perMinute: number;
  /** Tried in order; the first key wins. Nothing matched: the client address. */
  keyResolvers: RateLimitKeyResolver[];
}

const WINDOW_MS = 60_000;

/** Counted: everything under /api except the health check (orchestrators poll it). */
function counted(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/health');
}

/**
 * A fixed-window request budget per caller on the API: one account cannot take the server's time
 * from everyone else. Over budget: 429 with Retry-After. Runs first on every request, before the
 * session guard, so requests with a bad cookie are counted too (by address).
 */
export async function registerApiRateLimit(app: FastifyInstance, options: ApiRateLimitOptions): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    // No budget headers on ordinary answers: they would tell a known account's sign-in answer from an
    // unknown one's (the budgets differ) and show an attacker how much is left. A 429 says Retry-After.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
  });
  const limit = app.rateLimit({
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    async keyGenerator(request) {
      if (!counted(request.url)) return 'not-counted';
      for (const resolve of options.keyResolvers) {
        const key = await resolve(request);
        if (key) return key;
      }
      return `ip:${request.ip}`;
    },
    allowList: (request) => !counted(request.url),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'TOO_MANY_REQUESTS', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) } }),
  });
  app.addHook('onRequest', limit);
}
