/**
 * The text of a transcript in progress (the engine's onSegments), stored and published by the job
 * worker a few times a minute rather than after every window.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptSegment } from './engines/types.ts';

/**
 * Stores and publishes the growing beginning of a transcript at most every `intervalMs`: each write
 * takes the segments that arrived since the last one. `write` answers false to stop (the transcript
 * is gone or finished); the last value is written by `stop`'s caller only if it still matters.
 */
export function segmentsReporter(
  write: (storedCount: number, added: readonly TranscriptSegment[]) => Promise<boolean>,
  intervalMs: number,
  log: FastifyBaseLogger,
) {
  let latest: readonly TranscriptSegment[] = [];
  let stored = 0;
  let lastAt = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let chain = Promise.resolve();
  const flush = () => {
    timer = undefined;
    if (stopped || latest.length <= stored) return;
    const from = stored;
    const added = latest.slice(from);
    stored = latest.length;
    lastAt = Date.now();
    chain = chain
      .then(async () => {
        if (stopped) return;
        if (!(await write(from, added))) stopped = true;
      })
      .catch((err: unknown) => {
        // A lost write would leave a gap: later ones stop (the finished transcript brings the whole text).
        stopped = true;
        log.error({ err }, 'could not store the text of a transcript in progress');
      });
  };
  return {
    report(prefix: readonly TranscriptSegment[]) {
      if (stopped || prefix.length <= latest.length) return;
      latest = prefix;
      const wait = lastAt + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    /** No more writes; resolves once the one under way (if any) is done. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
    },
  };
}

/** Segments in groups whose JSON stays under `maxBytes` each (a segment larger alone goes alone). */
export function inGroups(segments: readonly TranscriptSegment[], maxBytes: number): { from: number; segments: TranscriptSegment[] }[] {
  const groups: { from: number; segments: TranscriptSegment[] }[] = [];
  let bytes = 0;
  segments.forEach((segment, i) => {
    const size = Buffer.byteLength(JSON.stringify(segment)) + 1;
    const last = groups.at(-1);
    if (last && bytes + size <= maxBytes) {
      last.segments.push(segment);
      bytes += size;
    } else {
      groups.push({ from: i, segments: [segment] });
      bytes = size;
    }
  });
  return groups;
}
