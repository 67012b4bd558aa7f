import type { User } from '@scribe/api-client';

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
  /** Entries kept at most; the oldest go first. */
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
  const entries = new Map<string, CachedSession & { storedAt: number }>();
  let generation = 0;

  return {
    enabled: ttlMs > 0,

    generation: () => generation,

    get(id: string): CachedSession | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      const t = now();
      if (t - entry.storedAt >= ttlMs || t >= entry.expiresAt) {
        entries.delete(id);
        return undefined;
      }
      return entry;
    },

    /** Stores what a lookup read, unless a session ended since the lookup began. */
    set(id: string, session: CachedSession, startedAt: number): void {
      if (ttlMs <= 0 || startedAt !== generation) return;
      entries.delete(id); // re-inserted last: Map order is the eviction order
      entries.set(id, { ...session, storedAt: now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },

    /** The refresh of last use was written: the entry carries the new time. */
    touched(id: string, at: number): void {
      const entry = entries.get(id);
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
