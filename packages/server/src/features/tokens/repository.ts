import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens, users, type ApiTokenRow, type UserRow } from '../../db/schema.ts';

export function createTokensRepository(db: Db) {
  return {
    async insert(row: { userId: number; name: string; hash: string; prefix: string; expiresAt: Date | null }): Promise<ApiTokenRow> {
      const [inserted] = await db.insert(apiTokens).values(row).returning();
      return inserted!;
    },

    /** The owner's tokens that are not revoked, by name. */
    async list(userId: number): Promise<ApiTokenRow[]> {
      return db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.revoked, false)))
        .orderBy(asc(apiTokens.name), asc(apiTokens.id));
    },

    async findByHash(hash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ token: apiTokens, user: users })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(eq(apiTokens.hash, hash))
        .limit(1);
      return row;
    },

    async touch(id: number, now: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id));
    },

    /** True when the owner had that token, not yet revoked. */
    async revoke(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(apiTokens)
        .set({ revoked: true })
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), eq(apiTokens.revoked, false)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;
