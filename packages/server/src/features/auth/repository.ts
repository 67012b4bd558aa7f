import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attemptCounters, creditEntries, sessions, usedCaptchas, users, type UserRow } from '../../db/schema.ts';

export interface NewUser {
  username: string;
  email: string;
  fullName: string;
  passwordHash: string;
}

export type InsertUserResult = { ok: true; user: UserRow } | { ok: false; conflict: 'username' | 'email' };

/** Finds the PostgreSQL unique-violation behind Drizzle's wrapper (pg and PGlite alike). */
function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return null;
}

/** Thrown inside a reservation's transaction to roll it back. */
class LimitReached extends Error {
  constructor(readonly until: Date) {
    super('attempt limit reached');
  }
}

export interface AuthRepositoryOptions {
  /** Credits a new account starts with, written with its 'starting_grant' ledger entry. */
  startingCredits?: number;
}

export function createAuthRepository(db: Db, options: AuthRepositoryOptions = {}) {
  const startingCredits = options.startingCredits ?? 0;
  const lower = (column: typeof users.username | typeof users.email) => sql`lower(${column})`;
  // A username as compared: NFKC (compatibility forms are the plain name) and case-insensitive, on both
  // sides in SQL so the stored and the given name are folded alike (users_username_nfkc_idx).
  const nameKey = sql`lower(normalize(${users.username}, NFKC))`;
  const keyOf = (text: string) => sql`lower(normalize(${text}::text, NFKC))`;

  return {
    /**
     * Which part of a new account is taken. An e-mail may not equal an existing username either
     * (older accounts could have usernames with '@'), or sign-in by that e-mail would find the other account.
     */
    async existingConflict(username: string, email: string): Promise<'username' | 'email' | 'emailIsUsername' | null> {
      const rows = await db
        .select({
          nameIsName: sql<boolean>`${nameKey} = ${keyOf(username)}`,
          nameIsEmail: sql<boolean>`${lower(users.email)} = lower(${username}::text)`,
          emailIsEmail: sql<boolean>`${lower(users.email)} = lower(${email}::text)`,
          emailIsName: sql<boolean>`${nameKey} = ${keyOf(email)}`,
        })
        .from(users)
        .where(
          or(
            sql`${nameKey} in (${keyOf(username)}, ${keyOf(email)})`,
            sql`${lower(users.email)} in (lower(${username}::text), lower(${email}::text))`,
          ),
        )
        .limit(4);
      if (rows.some((r) => r.nameIsName || r.nameIsEmail)) return 'username';
      if (rows.some((r) => r.emailIsEmail)) return 'email';
      if (rows.some((r) => r.emailIsName)) return 'emailIsUsername';
      return null;
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

    /**
     * Sign-in by username or e-mail, case-insensitively, the username compared as registration does
     * (NFKC). A username match wins over an e-mail match, and the name exactly as typed over a
     * compatibility form of it (older accounts may hold both).
     */
    async findUserByLogin(login: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`${nameKey} = ${keyOf(login)}`, sql`${lower(users.email)} = lower(${login}::text)`))
        .orderBy(desc(sql`(${lower(users.username)} = lower(${login}::text))`), desc(sql`(${nameKey} = ${keyOf(login)})`))
        .limit(1);
      return row;
    },

    async createSession(id: string, userId: number, expiresAt: Date, userAgent: string | null = null): Promise<void> {
      await db.insert(sessions).values({ id, userId, expiresAt, userAgent });
    },

    async findSessionUser(id: string, now: Date) {
      const [row] = await db
        .select({ user: users, lastUsedAt: sessions.lastUsedAt, expiresAt: sessions.expiresAt })
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
      const inserted = await db.insert(usedCaptchas).values({ id, expiresAt }).onConflictDoNothing().returning({ id: usedCaptchas.id });
      return inserted.length === 1;
    },

    /**
     * Counts one attempt under every key, all or none, in one transaction: each UPSERT locks its
     * row until the end, so parallel callers queue behind it and see its count. A key past its
     * limit rolls the whole reservation back and tells until when that key's window runs.
     * Keys are taken in one order so that two callers cannot wait for each other.
     */
    async reserveAttempts(
      rules: { key: string; limit: number }[],
      now: Date,
      windowMs: number,
    ): Promise<{ ok: true } | { ok: false; until: Date }> {
      const cutoff = new Date(now.getTime() - windowMs);
      const expired = sql`${attemptCounters.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
      const ordered = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      try {
        await db.transaction(async (tx) => {
          for (const { key, limit } of ordered) {
            const [row] = await tx
              .insert(attemptCounters)
              .values({ key, count: 1, windowStart: now })
              .onConflictDoUpdate({
                target: attemptCounters.key,
                set: {
                  count: sql`case when ${expired} then 1 else ${attemptCounters.count} + 1 end`,
                  windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${attemptCounters.windowStart} end`,
                },
              })
              .returning({ count: attemptCounters.count, windowStart: attemptCounters.windowStart });
            if (row.count > limit) throw new LimitReached(new Date(row.windowStart.getTime() + windowMs));
          }
        });
        return { ok: true };
      } catch (err) {
        if (err instanceof LimitReached) return { ok: false, until: err.until };
        throw err;
      }
    },

    async releaseAttempt(key: string): Promise<void> {
      await db
        .update(attemptCounters)
        .set({ count: sql`greatest(${attemptCounters.count} - 1, 0)` })
        .where(eq(attemptCounters.key, key));
    },

    async clearAttempts(key: string): Promise<void> {
      await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
    },

    /** Rows whose window has run out; rows another caller holds are left for the next time. */
    async deleteExpiredAttempts(prefix: string, cutoff: Date): Promise<void> {
      await db.execute(sql`delete from ${attemptCounters} where ${attemptCounters.key} in (
        select ${attemptCounters.key} from ${attemptCounters}
        where ${attemptCounters.key} like ${`${prefix}%`} and ${attemptCounters.windowStart} < ${cutoff.toISOString()}::timestamptz
        for update skip locked)`);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
