import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, type ApiToken, type CreateApiTokenRequest, type CreatedApiToken } from '@scribe/api-client';
import type { ApiTokenRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { BearerResult } from '../auth/guard.ts';
import { toUser, TOUCH_INTERVAL_MS } from '../auth/service.ts';
import type { TokensRepository } from './repository.ts';

/** Characters of the secret shown in the list ('scr_' and 8 more): enough to tell tokens apart. */
const SHOWN_PREFIX = API_TOKEN_PREFIX.length + 8;

export function tokenHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export function createTokensService(repo: TokensRepository) {
  return {
    async list(userId: number): Promise<ApiToken[]> {
      return (await repo.list(userId)).map(toApiToken);
    },

    /** A new token; its secret is in this answer only (stored as a sha256 hash). */
    async create(userId: number, body: CreateApiTokenRequest, now = new Date()): Promise<CreatedApiToken> {
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new HttpError(400, 'API_TOKEN_EXPIRY_INVALID', { field: 'expiresAt' });
      const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const row = await repo.insert({ userId, name: body.name, hash: tokenHash(secret), prefix: secret.slice(0, SHOWN_PREFIX), expiresAt });
      return { ...toApiToken(row), token: secret };
    },

    async revoke(userId: number, id: number): Promise<void> {
      if (!(await repo.revoke(userId, id))) throw new HttpError(404, 'API_TOKEN_NOT_FOUND');
    },

    /** The auth guard's bearer check: the owner, or why the secret is refused. */
    async authenticate(secret: string, now = new Date()): Promise<BearerResult> {
      if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return { ok: false, code: 'API_TOKEN_INVALID' };
      const found = await repo.findByHash(tokenHash(secret));
      if (!found) return { ok: false, code: 'API_TOKEN_INVALID' };
      const { token, user } = found;
      if (token.revoked) return { ok: false, code: 'API_TOKEN_REVOKED' };
      if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return { ok: false, code: 'API_TOKEN_EXPIRED' };
      // As with sessions: at most one write a minute per token for the "last used" column.
      if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await repo.touch(token.id, now);
      return { ok: true, user: toUser(user), tokenId: token.id };
    },
  };
}
export type TokensService = ReturnType<typeof createTokensService>;
