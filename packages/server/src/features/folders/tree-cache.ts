/**
 * The folder tree's JSON per user, kept while the user's tree version (raised by database triggers on
 * every change to folders and transcripts, db/schema.ts treeVersions) stays the same: a library of
 * 10,000 transcripts is read and written once per change instead of once per request. Bounded by the
 * size of the kept text; the least recently used go first. Requests for a version being built wait
 * for that build instead of starting their own.
 */
export function createTreeCache({ maxChars = 16 * 1024 * 1024 }: { maxChars?: number } = {}) {
  const kept = new Map<number, { version: number; json: string }>();
  const building = new Map<number, { version: number; json: Promise<string> }>();
  let chars = 0;

  const drop = (userId: number) => {
    const entry = kept.get(userId);
    if (!entry) return;
    chars -= entry.json.length;
    kept.delete(userId);
  };

  return {
    /** The JSON for `version`, from the cache or from `build` (called at most once per user and version at a time). */
    async get(userId: number, version: number, build: () => Promise<string>): Promise<string> {
      const entry = kept.get(userId);
      if (entry && entry.version === version) {
        kept.delete(userId); // re-inserted last: Map order is the eviction order
        kept.set(userId, entry);
        return entry.json;
      }
      const running = building.get(userId);
      if (running && running.version === version) return running.json;
      const json = build();
      building.set(userId, { version, json });
      try {
        const text = await json;
        // A newer version may have been kept meanwhile: never replace it with an older one.
        const current = kept.get(userId);
        if ((!current || current.version < version) && text.length <= maxChars) {
          drop(userId);
          kept.set(userId, { version, json: text });
          chars += text.length;
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
export type TreeCache = ReturnType<typeof createTreeCache>;
