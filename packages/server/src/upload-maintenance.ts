/**
 * The upload feature's housekeeping loop: dead finalizes released, abandoned uploads and stale temporary
 * files removed, at start-up and then on timers. Apart from app.ts, which only starts it and stops it
 * with the server.
 */
import type { FastifyInstance } from 'fastify';
import type { UploadsService } from './features/uploads/service.ts';
import type { UploadSpool } from './features/uploads/spool.ts';
import type { Storage } from './storage/index.ts';

export interface UploadMaintenance {
  uploads: UploadsService;
  storage: Storage;
  spool: UploadSpool;
  abandonMs: number;
  tempMaxAgeMs: number;
  /** The embedded database: no other process can be writing, so at start-up nothing in flight is someone else's. */
  soleProcess: boolean;
}

/**
 * At start-up (before requests are served): releases finalizes a dead process left half-done and
 * removes temporary files of interrupted writes. Then, periodically: abandoned uploads (every quarter
 * of the abandon time, 1 s to 1 h, with finalizes whose process died) and temporary files untouched
 * for TEMP_FILE_MAX_AGE_MINUTES (every quarter of that).
 */
export function startUploadMaintenance(app: FastifyInstance, m: UploadMaintenance): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const guarded = (what: string, task: () => Promise<number>) => {
    let current: Promise<void> | undefined;
    return () => {
      if (current) return current;
      current = task()
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, what);
        })
        .catch((err: unknown) => app.log.error({ err }, `${what}: failed`))
        .finally(() => {
          running.delete(current!);
          current = undefined;
        });
      running.add(current);
      return current;
    };
  };
  const sweepUploads = guarded('removed abandoned uploads and released dead finalizes', async () => {
    const released = await m.uploads.recoverFinalizations(false);
    return released + (await m.uploads.sweep());
  });
  const sweepTemp = guarded('removed temporary files of interrupted uploads', async () => {
    const stored = (await m.storage.sweepTemporary?.(m.tempMaxAgeMs)) ?? 0;
    return stored + (await m.spool.sweep(m.tempMaxAgeMs));
  });
  const startAge = m.soleProcess ? 0 : m.tempMaxAgeMs;
  const tighten = guarded('removed temporary files at start-up', async () => (await m.storage.tighten?.(startAge)) ?? 0);

  const timers = [
    setInterval(sweepUploads, Math.min(3_600_000, Math.max(1000, m.abandonMs / 4))),
    setInterval(sweepTemp, Math.min(3_600_000, Math.max(1000, m.tempMaxAgeMs / 4))),
  ];
  for (const timer of timers) timer.unref();
  app.addHook('onReady', async () => {
    const released = await m.uploads.recoverFinalizations(m.soleProcess);
    if (released > 0) app.log.warn({ released }, 'released finalizes interrupted by a crash; those uploads can be finalized again');
    await m.storage.sweepTemporary?.(startAge);
    await m.spool.sweep(startAge);
    // The walk of the whole store (modes, temporary files of older versions) may take a while.
    void tighten();
    void sweepUploads();
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all([...running]);
  };
}
