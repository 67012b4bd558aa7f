import { authMessages, type ApiErrorCode, type LoginRequest, type RegisterRequest, type User } from '@scribe/api-client';
import { HttpError } from '../../http/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import type { CaptchaVerifier } from './captcha/types.ts';
import type { LoginLimiter, LoginTarget, RegisterLimiter } from './attempt-limiter.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { newSessionToken, sessionId } from './session.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

export { authMessages };

// Refreshing last_used_at on every request would turn each read into a write: once a minute is
// fine enough for the list of sessions in Settings.
export const TOUCH_INTERVAL_MS = 60_000;
// A User-Agent is only shown (parsed) in Settings; a longer one is not worth storing.
const USER_AGENT_MAX = 512;

export interface AuthServiceDeps {
  repo: AuthRepository;
  captcha: CaptchaVerifier;
  limiter: LoginLimiter;
  registerLimiter: RegisterLimiter;
  sessionTtlMs: number;
  /** Sessions read recently (off when absent). */
  cache?: SessionCache;
  /**
   * Whether notices of sessions ended on other processes are arriving (the live hub is listening); while
   * not, the cache is emptied and bypassed. Always true in one process.
   */
  cacheTrusted?: () => boolean;
}

/** A session ended by signing out; other features react to it (e.g. closing its live sockets). */
export interface LogoutEvent {
  sessionId: string;
}
/** Runs after the session is deleted; a listener handles its own failures (signing out still succeeds). */
export type LogoutListener = (event: LogoutEvent) => Promise<void>;

export function toUser(row: UserRow): User {
  return { id: row.id, username: row.username, fullName: row.fullName, email: row.email };
}

export function createAuthService({
  repo,
  captcha,
  limiter,
  registerLimiter,
  sessionTtlMs,
  cache = createSessionCache({ ttlMs: 0 }),
  cacheTrusted = () => true,
}: AuthServiceDeps) {
  const logoutListeners: LogoutListener[] = [];

  async function requireCaptcha(token: string, ip: string): Promise<void> {
    if (!(await captcha.verify(token, ip))) {
      throw new HttpError(400, 'CAPTCHA_REQUIRED', { field: 'captchaToken' });
    }
  }

  /** A new session; the browser's previous one (if any) ends, so old cookies stop working. */
  async function startSession(userId: number, previousToken: string | undefined, userAgent: string | undefined): Promise<string> {
    if (previousToken) {
      // The browser replaces this cookie now; other processes let it go within SESSION_CACHE_SECONDS.
      await repo.deleteSession(sessionId(previousToken));
      cache.forget([sessionId(previousToken)]);
    }
    const token = newSessionToken();
    const now = new Date();
    const agent = userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null;
    await repo.createSession(sessionId(token), userId, new Date(now.getTime() + sessionTtlMs), agent);
    await repo.deleteExpiredSessions(now);
    return token;
  }

  function conflict(field: 'username' | 'email', code: ApiErrorCode): HttpError {
    return new HttpError(409, code, { field });
  }

  const conflicts = {
    username: () => conflict('username', 'USERNAME_TAKEN'),
    email: () => conflict('email', 'EMAIL_TAKEN'),
    emailIsUsername: () => conflict('email', 'EMAIL_IS_USERNAME'),
  };

  return {
    async register(input: RegisterRequest, ip: string, previousToken?: string, userAgent?: string): Promise<{ user: User; token: string }> {
      await requireCaptcha(input.captchaToken, ip);
      const reservation = await registerLimiter.reserve(ip);
      if (!reservation.ok) {
        throw new HttpError(429, 'TOO_MANY_REGISTRATIONS', { headers: { 'Retry-After': String(reservation.retryAfterSeconds) } });
      }
      try {
        // The pre-check saves an argon2 hash for the common case; the unique indexes decide races.
        const taken = await repo.existingConflict(input.username, input.email);
        if (taken) throw conflicts[taken]();
        const inserted = await repo.insertUser({
          username: input.username,
          email: input.email,
          fullName: input.name,
          passwordHash: await hashPassword(input.password),
        });
        if (!inserted.ok) throw conflicts[inserted.conflict]();
        return { user: toUser(inserted.user), token: await startSession(inserted.user.id, previousToken, userAgent) };
      } catch (err) {
        // Only accounts actually made count against the address.
        await registerLimiter.release(ip);
        throw err;
      }
    },

    async login(input: LoginRequest, ip: string, previousToken?: string, userAgent?: string): Promise<{ user: User; token: string }> {
      // The captcha comes first: without that work nobody learns whether an account is locked.
      await requireCaptcha(input.captchaToken, ip);
      const row = await repo.findUserByLogin(input.username);
      // Username and e-mail name the same account and share its budget.
      const target: LoginTarget = row ? { accountId: row.id } : { unknownLogin: input.username };
      const reservation = await limiter.reserve(ip, target);
      if (!reservation.ok) {
        throw new HttpError(429, 'TOO_MANY_LOGIN_ATTEMPTS', { headers: { 'Retry-After': String(reservation.retryAfterSeconds) } });
      }
      // Unknown users are checked against a dummy hash: same work, same answer, same timing.
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
      // A failure keeps its reserved attempt: that is the failure count.
      if (!row || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS');
      await limiter.succeeded(ip, target);
      return { user: toUser(row), token: await startSession(row.id, previousToken, userAgent) };
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const event: LogoutEvent = { sessionId: sessionId(token) };
      await repo.deleteSession(event.sessionId);
      // After the delete: a lookup starting now reads no row, one started earlier stores nothing.
      cache.forget([event.sessionId]);
      for (const listener of logoutListeners) await listener(event);
    },

    /** Subscribes to sign-outs. */
    onLogout(listener: LogoutListener): void {
      logoutListeners.push(listener);
    },

    /** Sessions that ended elsewhere in this process or on another one: answered from the cache no more. */
    forgetSessions(ids: string[]): void {
      cache.forget(ids);
    },

    /** Notices from other processes may have been missed: the cache starts over. */
    forgetAllSessions(): void {
      cache.clear();
    },

    /** The signed-in user for a session cookie, or null; most calls are answered from the session cache. */
    async userForToken(token: string | undefined): Promise<User | null> {
      if (!token) return null;
      const id = sessionId(token);
      const now = new Date();
      const trusted = cache.enabled && cacheTrusted();
      if (cache.enabled && !trusted) cache.clear();
      const cached = trusted ? cache.get(id) : undefined;
      if (cached) {
        if (now.getTime() - cached.lastUsedAt > TOUCH_INTERVAL_MS) {
          cache.touched(id, now.getTime());
          await repo.touchSession(id, now);
        }
        return cached.user;
      }
      const generation = cache.generation();
      const found = await repo.findSessionUser(id, now);
      if (!found) return null;
      let lastUsedAt = found.lastUsedAt.getTime();
      if (now.getTime() - lastUsedAt > TOUCH_INTERVAL_MS) {
        await repo.touchSession(id, now);
        lastUsedAt = now.getTime();
      }
      const user = toUser(found.user);
      if (trusted) cache.set(id, { user, expiresAt: found.expiresAt.getTime(), lastUsedAt }, generation);
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
