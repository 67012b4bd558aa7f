import type { User } from '@scribe/api-client';
import { LRUCache } from 'lru-cache';

/** What a request needs of its session, as read from the database. */
export interface CachedSession {
  user: User;
  /** The session's end (epoch ms): an entry never outlives it. */
  expiresAt: number;
  /** Last use as stored (epoch ms), so the once-a-minute refresh still happens. */
  lastUsedAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry is trusted; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept at most; the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Sessions looked up in the last few seconds, by stored session id, so most requests need no session
 * query. Sessions that end are forgotten at once here (`forget`) and, through the live hub, on every
 * other web process; the short lifetime bounds what a missed notice could cost.
 *
 * A lookup that started before a `forget` must not store what it read: it may have read the row just
 * before the delete. `generation()` taken before the read and passed to `set` guards against that.
 */
export function createSessionCache({ ttlMs, maxEntries = 10_000, now = Date.now }: SessionCacheOptions) {
  const entries = new LRUCache<string, CachedSession>({
    max: maxEntries,
    // Every entry gets its own lifetime (set below); expired ones are dropped when read or evicted.
    ttl: ttlMs > 0 ? ttlMs : undefined,
    // Read the clock on every check: the default reuses a reading for 1 ms through a timer.
    ttlResolution: 0,
    perf: { now },
  });
  let generation = 0;

  return {
    enabled: ttlMs > 0,

    generation: () => generation,

    get(id: string): CachedSession | undefined {
      return entries.get(id);
    },

    /** Stores what a lookup read, unless a session ended since the lookup began. */
    set(id: string, session: CachedSession, startedAt: number): void {
      if (ttlMs <= 0 || startedAt !== generation) return;
      // Trusted for ttlMs, and never up to the session's end. lru-cache counts an entry stale once
      // more than `ttl` passed (the clock is in whole ms): `ttl` one below the limit makes it stale
      // once the limit is reached. An entry trusted for under 2 ms is not worth keeping (and a
      // `ttl` of 0 would mean "forever").
      const limit = Math.min(ttlMs, session.expiresAt - now());
      if (limit < 2) {
        entries.delete(id);
        return;
      }
      entries.set(id, { ...session }, { ttl: limit - 1 });
    },

    /** The refresh of last use was written: the entry carries the new time. */
    touched(id: string, at: number): void {
      const entry = entries.peek(id);
      if (entry) entry.lastUsedAt = at;
    },

    /** These sessions ended: never answered from here again. */
    forget(ids: Iterable<string>): void {
      generation++;
      for (const id of ids) entries.delete(id);
    },

    /** Everything goes (e.g. notices from other processes may have been missed). */
    clear(): void {
      generation++;
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
