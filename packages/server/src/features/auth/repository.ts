import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditEntries, loginFailures, sessions, usedCaptchas, users, type UserRow } from '../../db/schema.ts';

export interface NewUser {
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
}

export type InsertUserResult =
  | { ok: true; user: UserRow }
  | { ok: false; conflict: 'username' | 'email' };

/** Finds the PostgreSQL unique-violation behind Drizzle's wrapper (pg and PGlite alike). */
function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

export interface AuthRepositoryOptions {
  /** Credits a new account starts with, written with its 'starting_grant' ledger entry. */
  startingCredits?: number;
}

export function createAuthRepository(db: Db, options: AuthRepositoryOptions = {}) {
  const startingCredits = options.startingCredits ?? 0;
  const lower = (column: typeof users.username | typeof users.email) => sql`lower(${column})`;

  return {
    async existingConflict(username: string, email: string): Promise<'username' | 'email' | null> {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(eq(lower(users.username), username.toLowerCase()), eq(lower(users.email), email.toLowerCase())))
        .limit(2);
      if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) return 'username';
      return rows.length > 0 ? 'email' : null;
    },

    /**
     * Inserts a user with the starting credits and their ledger entry (one transaction); the unique
     * indexes decide races that a pre-check cannot.
     */
    async insertUser(user: NewUser): Promise<InsertUserResult> {
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(users)
            .values({ ...user, credits: startingCredits })
            .returning();
          await tx.insert(creditEntries).values({
            userId: inserted.id,
            kind: 'starting_grant',
            amount: startingCredits,
            balanceAfter: startingCredits,
            reference: `user:${inserted.id}`,
            description: 'Starting credits',
          });
          return inserted;
        });
        return { ok: true, user: row };
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === null) throw err;
        return { ok: false, conflict: constraint.includes('email') ? 'email' : 'username' };
      }
    },

    /** Sign-in by username or e-mail, case-insensitively; a username match wins over an e-mail match. */
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const key = login.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(eq(lower(users.username), key), eq(lower(users.email), key)))
        .orderBy(desc(sql`(lower(${users.username}) = ${key})`))
        .limit(1);
      return row;
    },

    async createSession(id: string, userId: number, expiresAt: Date, userAgent: string | null = null): Promise<void> {
      await db.insert(sessions).values({ id, userId, expiresAt, userAgent });
    },

    async findSessionUser(id: string, now: Date) {
      const [row] = await db
        .select({ user: users, lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },

    async touchSession(id: string, now: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    },

    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /** Records a redeemed captcha; false when it was redeemed before (atomic via the primary key). */
    async markCaptchaUsed(id: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
      const inserted = await db
        .insert(usedCaptchas)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: usedCaptchas.id });
      return inserted.length === 1;
    },

    async failureCounts(keys: string[], windowStartAfter: Date) {
      return db
        .select()
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, keys), gt(loginFailures.windowStart, windowStartAfter)));
    },

    /** Counts one failure per key in a fixed window that restarts once it has run out. */
    async recordFailures(keys: string[], now: Date, windowMs: number): Promise<void> {
      const cutoff = new Date(now.getTime() - windowMs);
      const expired = sql`${loginFailures.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
      await db.transaction(async (tx) => {
        await tx.delete(loginFailures).where(lt(loginFailures.windowStart, cutoff));
        for (const key of keys) {
          await tx
            .insert(loginFailures)
            .values({ key, count: 1, windowStart: now })
            .onConflictDoUpdate({
              target: loginFailures.key,
              set: {
                count: sql`case when ${expired} then 1 else ${loginFailures.count} + 1 end`,
                windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStart} end`,
              },
            });
        }
      });
    },

    async clearFailures(key: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
