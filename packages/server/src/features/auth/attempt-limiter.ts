import type { AuthRepository } from './repository.ts';
import { clientNetwork } from './client-network.ts';

export interface AttemptRule {
  key: string;
  limit: number;
}

export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Attempts counted in the database in fixed windows, so limits hold across restarts and web nodes.
 * An attempt is reserved before it is made, atomically under all its keys: of many parallel
 * requests at most `limit` get through, where a check followed by a later count let them all pass.
 */
export function createAttemptLimiter(repo: AuthRepository, scope: string, windowMs: number) {
  return {
    key: (kind: string, value: string | number) => `${scope}-${kind}:${value}`,

    async reserve(rules: AttemptRule[], now = new Date()): Promise<Reservation> {
      const result = await repo.reserveAttempts(rules, now, windowMs);
      await repo.deleteExpiredAttempts(`${scope}-`, new Date(now.getTime() - windowMs));
      if (result.ok) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((result.until.getTime() - now.getTime()) / 1000)) };
    },

    /** Gives a reserved attempt back (it did not count, e.g. a sign-in that succeeded). */
    release: (key: string) => repo.releaseAttempt(key),

    clear: (key: string) => repo.clearAttempts(key),
  };
}

export interface LoginLimits {
  perIp: number;
  perAccount: number;
  windowMs: number;
}

/** Whom a sign-in names: an account (by username or e-mail alike), or a login text matching none. */
export type LoginTarget = { accountId: number } | { unknownLogin: string };

/**
 * Failed sign-ins per client network and per account. A sign-in reserves one attempt under both
 * before the password is checked; a failure keeps it, a success gives the network's back and
 * clears the account's.
 */
export function createLoginLimiter(repo: AuthRepository, limits: LoginLimits) {
  const attempts = createAttemptLimiter(repo, 'login', limits.windowMs);
  const keys = (ip: string, target: LoginTarget) => ({
    ip: attempts.key('ip', clientNetwork(ip)),
    // Unknown names get a budget too, so answers do not tell which accounts exist.
    account: 'accountId' in target ? attempts.key('account', target.accountId) : attempts.key('unknown', target.unknownLogin.toLowerCase()),
  });

  return {
    reserve(ip: string, target: LoginTarget, now = new Date()): Promise<Reservation> {
      const k = keys(ip, target);
      return attempts.reserve(
        [
          { key: k.ip, limit: limits.perIp },
          { key: k.account, limit: limits.perAccount },
        ],
        now,
      );
    },

    async succeeded(ip: string, target: LoginTarget): Promise<void> {
      const k = keys(ip, target);
      await attempts.clear(k.account);
      await attempts.release(k.ip);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

export interface RegisterLimits {
  perIp: number;
  windowMs: number;
}

/** Accounts registered per client network: reserved before the account is made, given back when it is not. */
export function createRegisterLimiter(repo: AuthRepository, limits: RegisterLimits) {
  const attempts = createAttemptLimiter(repo, 'register', limits.windowMs);
  const key = (ip: string) => attempts.key('ip', clientNetwork(ip));
  return {
    reserve: (ip: string, now = new Date()) => attempts.reserve([{ key: key(ip), limit: limits.perIp }], now),
    release: (ip: string) => attempts.release(key(ip)),
  };
}
export type RegisterLimiter = ReturnType<typeof createRegisterLimiter>;
