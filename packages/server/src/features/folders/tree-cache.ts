import { LRUCache } from 'lru-cache';

/**
 * The folder tree's JSON per user, kept while the user's tree version (raised by database triggers on
 * every change to folders and transcripts, db/schema.ts treeVersions) stays the same: a library of
 * 10,000 transcripts is read and written once per change instead of once per request. Bounded by the
 * size of the kept text; the least recently used go first. Requests for a version being built wait
 * for that build instead of starting their own.
 */
export function createTreeCache<T = string>({
  maxChars = 16 * 1024 * 1024,
  sizeOf = (value: T) => (value as unknown as string).length,
}: { maxChars?: number; sizeOf?: (value: T) => number } = {}) {
  // lru-cache counts sizes as positive integers: an empty value counts as 1.
  const weigh = (value: T) => Math.max(1, Math.ceil(sizeOf(value)));
  const kept = new LRUCache<number, { version: number; value: T }>({
    maxSize: maxChars,
    sizeCalculation: (entry) => weigh(entry.value),
  });
  // Not lru-cache's fetchMethod: an entry is current by its version, not by age, and a build is
  // handed the value kept for another version.
  const building = new Map<number, { version: number; value: Promise<T> }>();

  return {
    /**
     * The value for `version`, from the cache or from `build` (called at most once per user and version at
     * a time), which is handed the value kept for another version, if any, to derive the new one from.
     * Kept values are shared: `build` must return a new value rather than change the one it was handed.
     */
    async get(userId: number, version: number, build: (kept?: { version: number; value: T }) => Promise<T>): Promise<T> {
      const entry = kept.peek(userId);
      if (entry && entry.version === version) return kept.get(userId)!.value; // get: marks it used
      const running = building.get(userId);
      if (running && running.version === version) return running.value;
      const value = build(entry && { version: entry.version, value: entry.value });
      building.set(userId, { version, value });
      try {
        const built = await value;
        // A newer version may have been kept meanwhile: never replace it with an older one. A value
        // larger than the whole cache is not kept (and does not push out the one kept before it).
        const current = kept.peek(userId);
        if ((!current || current.version < version) && weigh(built) <= maxChars) kept.set(userId, { version, value: built });
        return built;
      } finally {
        if (building.get(userId)?.value === value) building.delete(userId);
      }
    },

    get size() {
      return kept.size;
    },
  };
}
export type TreeCache = ReturnType<typeof createTreeCache<string>>;
