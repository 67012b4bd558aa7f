import type { AuthRepository } from './repository.ts';

export interface LoginLimits {
  perIp: number;
  perAccount: number;
  windowMs: number;
}

/**
 * Counts failed sign-ins per client address and per account name in the database, so the limit
 * holds across restarts and across web nodes sharing a PostgreSQL database.
 */
export function createLoginLimiter(repo: AuthRepository, limits: LoginLimits) {
  const keys = (ip: string, account: string) => ({ ip: `ip:${ip}`, account: `account:${account.toLowerCase()}` });

  return {
    /** Seconds to wait when a limit is reached, else null. */
    async blockedFor(ip: string, account: string, now = new Date()): Promise<number | null> {
      const k = keys(ip, account);
      const rows = await repo.failureCounts([k.ip, k.account], new Date(now.getTime() - limits.windowMs));
      let until = 0;
      for (const row of rows) {
        const limit = row.key === k.ip ? limits.perIp : limits.perAccount;
        if (row.count >= limit) until = Math.max(until, row.windowStart.getTime() + limits.windowMs);
      }
      return until > 0 ? Math.max(1, Math.ceil((until - now.getTime()) / 1000)) : null;
    },

    async recordFailure(ip: string, account: string, now = new Date()): Promise<void> {
      const k = keys(ip, account);
      await repo.recordFailures([k.ip, k.account], now, limits.windowMs);
    },

    /** A successful sign-in clears the account's count (the address keeps its count). */
    async recordSuccess(account: string): Promise<void> {
      await repo.clearFailures(keys('', account).account);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
