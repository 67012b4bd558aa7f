import { validationMessages, type LoginRequest, type RegisterRequest, type User } from '@scribe/api-client';
import { HttpError } from '../../http/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import type { CaptchaVerifier } from './captcha/types.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { newSessionToken, sessionId } from './session.ts';

export const authMessages = {
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  notAuthenticated: 'Not authenticated',
} as const;

// Refreshing last_seen on every request would turn each read into a write.
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface AuthServiceDeps {
  repo: AuthRepository;
  captcha: CaptchaVerifier;
  limiter: LoginLimiter;
  sessionTtlMs: number;
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

export function createAuthService({ repo, captcha, limiter, sessionTtlMs }: AuthServiceDeps) {
  const logoutListeners: LogoutListener[] = [];

  async function requireCaptcha(token: string, ip: string): Promise<void> {
    if (!(await captcha.verify(token, ip))) {
      throw new HttpError(400, validationMessages.captchaRequired, {}, {
        captchaToken: validationMessages.captchaRequired,
      });
    }
  }

  /** A new session; the browser's previous one (if any) ends, so old cookies stop working. */
  async function startSession(userId: number, previousToken: string | undefined): Promise<string> {
    if (previousToken) await repo.deleteSession(sessionId(previousToken));
    const token = newSessionToken();
    const now = new Date();
    await repo.createSession(sessionId(token), userId, new Date(now.getTime() + sessionTtlMs));
    await repo.deleteExpiredSessions(now);
    return token;
  }

  function conflict(field: 'username' | 'email'): HttpError {
    const message = field === 'username' ? authMessages.usernameTaken : authMessages.emailTaken;
    return new HttpError(409, message, {}, { [field]: message });
  }

  return {
    async register(input: RegisterRequest, ip: string, previousToken?: string): Promise<{ user: User; token: string }> {
      await requireCaptcha(input.captchaToken, ip);
      // The pre-check saves an argon2 hash for the common case; the unique indexes decide races.
      const taken = await repo.existingConflict(input.username, input.email);
      if (taken) throw conflict(taken);
      const inserted = await repo.insertUser({
        username: input.username,
        email: input.email,
        fullName: input.name,
        passwordHash: await hashPassword(input.password),
      });
      if (!inserted.ok) throw conflict(inserted.conflict);
      return { user: toUser(inserted.user), token: await startSession(inserted.user.id, previousToken) };
    },

    async login(input: LoginRequest, ip: string, previousToken?: string): Promise<{ user: User; token: string }> {
      const wait = await limiter.blockedFor(ip, input.username);
      if (wait !== null) {
        throw new HttpError(429, authMessages.tooManyAttempts, { 'Retry-After': String(wait) });
      }
      await requireCaptcha(input.captchaToken, ip);
      const row = await repo.findUserByLogin(input.username);
      // Unknown users are checked against a dummy hash: same work, same answer, same timing.
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!row || !valid) {
        await limiter.recordFailure(ip, input.username);
        throw new HttpError(401, authMessages.invalidCredentials);
      }
      await limiter.recordSuccess(input.username);
      return { user: toUser(row), token: await startSession(row.id, previousToken) };
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const event: LogoutEvent = { sessionId: sessionId(token) };
      await repo.deleteSession(event.sessionId);
      for (const listener of logoutListeners) await listener(event);
    },

    /** Subscribes to sign-outs. */
    onLogout(listener: LogoutListener): void {
      logoutListeners.push(listener);
    },

    /** The signed-in user for a session cookie, or null. */
    async userForToken(token: string | undefined): Promise<User | null> {
      if (!token) return null;
      const id = sessionId(token);
      const now = new Date();
      const found = await repo.findSessionUser(id, now);
      if (!found) return null;
      if (now.getTime() - found.lastSeen.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(id, now);
      return toUser(found.user);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
