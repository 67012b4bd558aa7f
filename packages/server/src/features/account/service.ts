import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type AccountSession, type ApiErrorCode, type ChangePasswordRequest, type SignedOutResponse } from '@scribe/api-client';
import Bowser from 'bowser';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../storage/index.ts';
import type { WorkPool } from '../../work/pool.ts';
import type { LoginLimiter } from '../auth/attempt-limiter.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AccountErasure } from './erasure.ts';
import type { AccountRepository } from './repository.ts';
import { writeAccountZip } from './zip.ts';

export interface AccountServiceDeps {
  repo: AccountRepository;
  storage: Storage;
  limiter: LoginLimiter;
  log: FastifyBaseLogger;
  /** Told about sessions that ended here, so their live sockets close too. */
  sessionsEnded(ids: string[]): Promise<void>;
  /** Erases a deleted account's rows from the database files (a background job, erasure.ts). */
  erasure: Pick<AccountErasure, 'request'>;
  /** The export threads the zip's texts are made in (503 when their queue is full); absent: in this thread. */
  pool?: WorkPool;
}

/** The signed-in caller: the user and the stored id of the session the request came with. */
export interface Caller {
  userId: number;
  username: string;
  sessionId: string;
  ip: string;
}

/**
 * The id a session has in the Settings list: derived from the stored id, so the list gives away
 * neither the cookie nor the key the server looks sessions up by.
 */
export function publicSessionId(storedId: string): string {
  return createHash('sha256').update(`session-list:${storedId}`).digest('hex').slice(0, 32);
}

const deviceTypes = new Set(['desktop', 'mobile', 'tablet']);

/** 'Chrome' and 'Linux' out of a User-Agent, or nulls when it says nothing recognisable. */
export function describeUserAgent(userAgent: string | null): Pick<AccountSession, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    deviceType: deviceTypes.has(type) ? (type as AccountSession['deviceType']) : 'other',
  };
}

export function createAccountService({ repo, storage, limiter, log, sessionsEnded, erasure, pool }: AccountServiceDeps) {
  /**
   * Checks the caller's password, counting failures like sign-in does (a stolen session cannot
   * guess the password faster than the sign-in form allows).
   */
  async function requirePassword(caller: Caller, password: string, field: string, wrong: ApiErrorCode): Promise<string> {
    // Reserved before the check, like sign-in: parallel guesses cannot pass the limit.
    const target = { accountId: caller.userId };
    const reservation = await limiter.reserve(caller.ip, target);
    if (!reservation.ok) {
      throw new HttpError(429, 'TOO_MANY_LOGIN_ATTEMPTS', { headers: { 'Retry-After': String(reservation.retryAfterSeconds) } });
    }
    const user = await repo.findUser(caller.userId);
    if (!user) throw new HttpError(401, 'NOT_AUTHENTICATED');
    // A wrong password keeps its reserved attempt: that is the failure count.
    if (!(await verifyPassword(user.passwordHash, password))) throw new HttpError(400, wrong, { field });
    await limiter.succeeded(caller.ip, target);
    return user.passwordHash;
  }

  async function announce(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await sessionsEnded(ids).catch((err: unknown) => log.error({ err }, 'could not announce the end of sessions'));
  }

  return {
    /** New password; every other session of the user ends, the caller's stays. */
    async changePassword(caller: Caller, body: ChangePasswordRequest): Promise<SignedOutResponse> {
      await requirePassword(caller, body.currentPassword, 'currentPassword', 'CURRENT_PASSWORD_INCORRECT');
      if (body.currentPassword === body.newPassword) {
        throw new HttpError(400, 'NEW_PASSWORD_SAME', { field: 'newPassword' });
      }
      await repo.setPasswordHash(caller.userId, await hashPassword(body.newPassword));
      const ended = await repo.deleteSessions(caller.userId, caller.sessionId);
      await announce(ended);
      return { ok: true, signedOut: ended.length };
    },

    async sessions(caller: Caller, now = new Date()): Promise<AccountSession[]> {
      const rows = await repo.activeSessions(caller.userId, now);
      return rows.map((row) => ({
        id: publicSessionId(row.id),
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.id === caller.sessionId,
      }));
    },

    /** Ends one of the caller's sessions (404 for an id that is not one of theirs). */
    async revokeSession(caller: Caller, publicId: string): Promise<{ signedOut: number; current: boolean }> {
      const rows = await repo.activeSessions(caller.userId, new Date(0));
      const target = rows.find((row) => publicSessionId(row.id) === publicId);
      if (!target || !(await repo.deleteSession(caller.userId, target.id))) throw new HttpError(404, 'SESSION_NOT_FOUND');
      await announce([target.id]);
      return { signedOut: 1, current: target.id === caller.sessionId };
    },

    /** Ends every session of the caller, this one included. */
    async signOutEverywhere(caller: Caller): Promise<number> {
      const ended = await repo.deleteSessions(caller.userId);
      await announce(ended);
      return ended.length;
    },

    /**
     * Deletes the account after checking its password: rows go (credit entries stay, anonymised),
     * then the stored files, and a background job rewrites the tables so the deleted rows leave the
     * database files too. A failure removing files or queueing that job is logged and leaves at worst
     * orphaned files, or dead rows until the next erasure.
     */
    async deleteAccount(caller: Caller, password: string): Promise<void> {
      await requirePassword(caller, password, 'password', 'PASSWORD_INCORRECT');
      const { deleted, sessionIds } = await repo.deleteUser(caller.userId);
      if (!deleted) throw new HttpError(401, 'NOT_AUTHENTICATED');
      await announce(sessionIds);
      try {
        await storage.deletePrefix(`users/${caller.userId}/`);
      } catch (err) {
        log.error({ err, userId: caller.userId }, 'could not delete the stored files of a deleted account');
      }
      await erasure
        .request()
        .catch((err: unknown) => log.error({ err, userId: caller.userId }, 'could not queue the erasure of a deleted account'));
      log.info({ userId: caller.userId }, 'account deleted');
    },

    /** A zip of everything the user has, streamed as it is written. */
    async exportZip(caller: Caller): Promise<Readable> {
      const user = await repo.findUser(caller.userId);
      if (!user) throw new HttpError(401, 'NOT_AUTHENTICATED');
      pool?.admit('exports');
      const data = await repo.exportData(caller.userId);
      return writeAccountZip(user, data, storage, log, pool);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
