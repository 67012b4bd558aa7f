import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { createCallerGate } from './caller-gate.ts';
import { HttpError } from './errors.ts';
import { requestPrice } from './request-price.ts';
import { setCaller } from '../caller-scope.ts';
import { clientNetwork } from '../features/auth/client-network.ts';

/**
 * Whose budget a request draws on: an account (`user:ID`, whether it comes with a browser session or
 * one of the account's API tokens), or undefined when it is anonymous (then its client's network).
 */
export type BudgetOwnerResolver = (request: FastifyRequest) => Promise<string | undefined>;

export interface RequestBudgetOptions {
  /** Units per minute for one account or one anonymous network (a cheap request costs 1). */
  perMinute: number;
  /** Units of one account handled at a time (the rest wait their turn); 0: no limit. */
  concurrencyPerAccount: number;
  /** Units of one anonymous network handled at a time; 0: no limit. */
  concurrencyPerNetwork: number;
  owner: BudgetOwnerResolver;
}

// A minute's budget spent within one second took the whole server for that second (a flood from many
// connections did that, and everyone else's requests waited): at most this share of it per second.
const BURST_SHARE = 20;
const BURST_MIN = 20;
// Requests of one owner waiting for a place; beyond, 429 at once.
const QUEUE_MAX = 1000;
// A 429 this soon after the owner's previous one waits this long (see the onSend hook).
const REPEAT_MS = 1000;
const HOLD_MS = 500;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Counted: everything under /api except the health check (orchestrators poll it). */
function counted(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/health');
}

const tooMany = (seconds: number) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } });

/**
 * One budget per account, priced by cost: an account's browser sessions and its API tokens draw on the
 * same units per minute and the same places at a time, and an export or a prompt takes more of both
 * than a tree read (http/request-price.ts). Anonymous requests (sign-in, the captcha, share pages, bad
 * cookies) draw on a budget of their client's network, apart from every account's: a flood of them
 * cannot take the server from signed-in users, nor the reverse. Over the minute's budget: 429 with
 * Retry-After; more at a time than the places: the request waits its turn. Runs first on every
 * request, before the session guard, so requests with a bad cookie are counted too.
 */
export function registerRequestBudget(app: FastifyInstance, options: RequestBudgetOptions): void {
  const minute = new RateLimiterMemory({ points: options.perMinute, duration: 60 });
  // Within the minute's budget, no more than a twentieth of it in any one second (600 a minute: 30).
  const second = new RateLimiterMemory({ points: Math.max(BURST_MIN, Math.ceil(options.perMinute / BURST_SHARE)), duration: 1 });
  const accountGate = createCallerGate({ capacity: options.concurrencyPerAccount, queueMax: QUEUE_MAX });
  const networkGate = createCallerGate({ capacity: options.concurrencyPerNetwork, queueMax: QUEUE_MAX });
  const gated = new WeakMap<FastifyRequest, string>();

  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request.url)) return;
    const account = await options.owner(request);
    const key = account ?? `net:${clientNetwork(request.ip)}`;
    // The embedded database takes turns between the same owners.
    setCaller(key);
    const cost = requestPrice(request.method, request.routeOptions.url);

    // The places first, so an owner's 429s take their turn too.
    const gate = account
      ? options.concurrencyPerAccount > 0
        ? accountGate
        : undefined
      : options.concurrencyPerNetwork > 0
        ? networkGate
        : undefined;
    if (gate) {
      const release = await gate.enter(key, cost);
      if (!release) throw tooMany(1);
      // The client may have gone while it waited: its response closed already.
      if (request.raw.socket.destroyed) return release();
      gated.set(request, key);
      reply.raw.once('close', release);
    }

    for (const [limiter, burst] of [
      [minute, false],
      [second, true],
    ] as const) {
      try {
        await limiter.consume(key, cost);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        throw tooMany(burst ? 1 : refusal.msBeforeNext / 1000);
      }
    }
  });

  // An owner that asks again at once after a 429 (ignoring Retry-After, e.g. a flood from many
  // connections) gets its next 429s after a pause, holding its places meanwhile: the flood then slows
  // itself down instead of taking the server's time. The first 429 comes at once.
  const refused = new Map<string, number>();
  app.addHook('onSend', async (request, reply, payload) => {
    const key = gated.get(request);
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
