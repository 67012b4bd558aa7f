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
  const kept = new Map<number, { version: number; json: T }>();
  const building = new Map<number, { version: number; json: Promise<T> }>();
  let chars = 0;

  const drop = (userId: number) => {
    const entry = kept.get(userId);
    if (!entry) return;
    chars -= sizeOf(entry.json);
    kept.delete(userId);
  };

  return {
    /**
     * The value for `version`, from the cache or from `build` (called at most once per user and version at
     * a time), which is handed the value kept for another version, if any, to derive the new one from.
     * Kept values are shared: `build` must return a new value rather than change the one it was handed.
     */
    async get(userId: number, version: number, build: (kept?: { version: number; value: T }) => Promise<T>): Promise<T> {
      const entry = kept.get(userId);
      if (entry && entry.version === version) {
        kept.delete(userId); // re-inserted last: Map order is the eviction order
        kept.set(userId, entry);
        return entry.json;
      }
      const running = building.get(userId);
      if (running && running.version === version) return running.json;
      const json = build(entry && { version: entry.version, value: entry.json });
      building.set(userId, { version, json });
      try {
        const text = await json;
        // A newer version may have been kept meanwhile: never replace it with an older one.
        const current = kept.get(userId);
        const size = sizeOf(text);
        if ((!current || current.version < version) && size <= maxChars) {
          drop(userId);
          kept.set(userId, { version, json: text });
          chars += size;
          for (const [id] of kept) {
            if (chars <= maxChars) break;
            drop(id);
          }
        }
        return text;
      } finally {
        if (building.get(userId)?.json === json) building.delete(userId);
      }
    },

    get size() {
      return kept.size;
    },
  };
}
export type TreeCache = ReturnType<typeof createTreeCache<string>>;
