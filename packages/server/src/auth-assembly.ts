/**
 * Sign-in as the server assembles it: the captcha CAPTCHA_PROVIDER names, the attempt limiters, the auth
 * service with its session cache, API tokens and the resolvers routes find the caller with; and how the
 * end of a session reaches every web process. Apart from app.ts, which hands these parts to the routes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLoginLimiter, createRegisterLimiter } from './features/auth/attempt-limiter.ts';
import { createAltcha, resolveAltchaKey, type Altcha } from './features/auth/captcha/altcha.ts';
import { createRecaptcha } from './features/auth/captcha/recaptcha.ts';
import type { CaptchaVerifier } from './features/auth/captcha/types.ts';
import { createAuthGuard, createCallerResolver } from './features/auth/guard.ts';
import { createAuthRepository } from './features/auth/repository.ts';
import { createAuthService, type AuthService } from './features/auth/service.ts';
import { createSessionCache } from './features/auth/session-cache.ts';
import { LIVE_RESUMED, type LiveHub } from './features/live/hub.ts';
import { SESSION_ENDED } from './features/live/routes.ts';
import { createTokensRepository } from './features/tokens/repository.ts';
import { createTokensService } from './features/tokens/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// How long the end of a session waits at most for the other web processes to confirm it.
const SESSION_END_CONFIRM_MS = 5000;

/** The auth service and API tokens, the routes' guard and caller resolver, and Altcha when it is the captcha (it serves challenges). */
export async function assembleAuth(config: Config, database: Database, hub: LiveHub, log: FastifyBaseLogger) {
  const authRepo = createAuthRepository(database.db, { startingCredits: config.credits.startingCredits });
  let altcha: Altcha | null = null;
  let captcha: CaptchaVerifier;
  if (config.captcha.provider === 'altcha') {
    altcha = await createAltcha({
      hmacKey: resolveAltchaKey(config.captcha.altchaHmacKey, config.dataDir),
      cost: config.captcha.altchaCost,
      maxNumber: config.captcha.altchaMaxNumber,
      markUsed: (id, expiresAt) => authRepo.markCaptchaUsed(id, expiresAt, new Date()),
    });
    captcha = altcha;
  } else {
    captcha = createRecaptcha({
      secretKey: config.captcha.recaptchaSecretKey,
      verifyUrl: config.captcha.recaptchaVerifyUrl,
      log,
    });
  }

  const limiter = createLoginLimiter(authRepo, config.loginRateLimit);
  const auth = createAuthService({
    repo: authRepo,
    captcha,
    limiter,
    registerLimiter: createRegisterLimiter(authRepo, config.registerRateLimit),
    sessionTtlMs: config.sessionTtlDays * DAY_MS,
    // Most requests are then answered without a session query (the database's one connection on PGlite).
    cache: createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 }),
    cacheTrusted: () => hub.listening(),
  });
  const tokens = createTokensService(createTokensRepository(database.db));
  const requireUser = createAuthGuard(auth, tokens.authenticate);
  const caller = createCallerResolver(auth, tokens.authenticate);
  return { auth, tokens, requireUser, caller, limiter, altcha };
}

/**
 * Ended sessions leave every web process's session cache and close their live sockets there. Answers
 * `announceEnded` (the account feature ends sessions through it) and `stop`, which unsubscribes.
 */
export function shareSessionEnds(hub: LiveHub, auth: AuthService, log: FastifyBaseLogger) {
  const unsubscribe = hub.subscribe((event) => {
    if (event.userId !== null) return;
    if (event.type === LIVE_RESUMED) auth.forgetAllSessions();
    const ended = event.type === SESSION_ENDED ? (event.data as { sessionId?: unknown } | null)?.sessionId : undefined;
    if (typeof ended === 'string') auth.forgetSessions([ended]);
  });
  const announceEnded = async (ids: string[]) => {
    auth.forgetSessions(ids);
    // The answer waits until every other listening process confirmed it dropped these sessions, so the
    // next request, to whichever process, finds them ended (bounded: a process stuck that long is
    // logged and its cache lets them go within SESSION_CACHE_SECONDS).
    const events = ids.map((id) => ({ userId: null, type: SESSION_ENDED, data: { sessionId: id } }));
    await hub.publishConfirmed(events, SESSION_END_CONFIRM_MS);
  };
  auth.onLogout((ended) =>
    announceEnded([ended.sessionId]).catch((err: unknown) => log.error({ err }, 'could not announce the end of a session')),
  );
  return { announceEnded, stop: async () => unsubscribe() };
}
