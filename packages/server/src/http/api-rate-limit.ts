import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCallerGate } from './caller-gate.ts';
import { HttpError } from './errors.ts';
import { setCaller } from '../caller-scope.ts';

/**
 * Names the caller a request is counted against, or undefined to let the next resolver decide.
 * Signed-in users are counted by user id; a later API token would add a resolver in front.
 */
export type RateLimitKeyResolver = (request: FastifyRequest) => Promise<string | undefined> | string | undefined;

export interface ApiRateLimitOptions {
  perMinute: number;
  /** Requests of one signed-in caller handled at a time (the rest wait their turn); 0: no limit. */
  concurrencyPerCaller?: number;
  /** Tried in order; the first key wins. Nothing matched: the client address. */
  keyResolvers: RateLimitKeyResolver[];
}

const WINDOW_MS = 60_000;
// A minute's budget spent within one second took the whole server for that second (a flood from many
// connections did that, and everyone else's requests waited): at most this share of it per second.
const BURST_SHARE = 20;
const BURST_MIN = 20;
// Requests of one caller waiting for a place; beyond, 429 at once.
const QUEUE_MAX = 1000;
// A 429 this soon after the caller's previous one waits this long (see the onSend hook).
const REPEAT_MS = 1000;
const HOLD_MS = 500;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  const callers = new WeakMap<FastifyRequest, string>();
  const limit = app.rateLimit({
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    async keyGenerator(request) {
      if (!counted(request.url)) return 'not-counted';
      let key: string | undefined;
      for (const resolve of options.keyResolvers) {
        key = await resolve(request);
        if (key) break;
      }
      key ??= `ip:${request.ip}`;
      // The embedded database takes turns between the same callers.
      setCaller(key);
      callers.set(request, key);
      return key;
    },
    allowList: (request) => !counted(request.url),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'TOO_MANY_REQUESTS', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) } }),
  });
  if (options.concurrencyPerCaller) registerCallerGate(app, options.concurrencyPerCaller, options.keyResolvers);
  app.addHook('onRequest', limit);
  // Within the minute's budget, no more than a twentieth of it in any one second (a budget of 600: 30).
  const perSecond = Math.max(BURST_MIN, Math.ceil(options.perMinute / BURST_SHARE));
  const burst = app.createRateLimit({ max: perSecond, timeWindow: 1000, keyGenerator: (request) => `second:${callers.get(request)}` });
  app.addHook('onRequest', async (request) => {
    if (!callers.has(request)) return;
    const result = await burst(request);
    if (!result.isAllowed && result.isExceeded) throw new HttpError(429, 'TOO_MANY_REQUESTS', { headers: { 'Retry-After': '1' } });
  });
}

/**
 * Fairness between signed-in callers (by the same keys as the budget; anonymous requests, counted by
 * address, are left alone: behind a proxy many people share one). Runs before the budget, so a
 * caller's 429s take their turn too.
 */
function registerCallerGate(app: FastifyInstance, concurrency: number, keyResolvers: RateLimitKeyResolver[]): void {
  const gate = createCallerGate({ concurrency, queueMax: QUEUE_MAX });
  const keys = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request.url)) return;
    let key: string | undefined;
    for (const resolve of keyResolvers) {
      key = await resolve(request);
      if (key) break;
    }
    if (!key) return;
    const release = await gate.enter(key);
    if (!release) throw new HttpError(429, 'TOO_MANY_REQUESTS', { headers: { 'Retry-After': '1' } });
    // The client may have gone while it waited: its response closed already.
    if (request.raw.socket.destroyed) return release();
    keys.set(request, key);
    reply.raw.once('close', release);
  });
  // A caller that asks again at once after a 429 (ignoring Retry-After, e.g. a flood from many
  // connections) gets its next 429s after a pause, holding its place meanwhile: the flood then slows
  // itself down instead of taking the server's time. The first 429 comes at once.
  const refused = new Map<string, number>();
  app.addHook('onSend', async (request, reply, payload) => {
    const key = keys.get(request);
    if (!key || reply.statusCode !== 429) return payload;
    const now = performance.now();
    const previous = refused.get(key);
    refused.delete(key); // re-inserted last: Map order is the age order
    refused.set(key, now);
    if (refused.size > 10_000) refused.delete(refused.keys().next().value!);
    if (previous !== undefined && now - previous < REPEAT_MS) await sleep(HOLD_MS);
    return payload;
  });
}
