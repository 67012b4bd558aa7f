import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { uploadsRoutes, type UploadsRoutesOptions } from './routes.ts';
import type { UploadsService } from './service.ts';

export interface UploadsPluginOptions extends UploadsRoutesOptions {
  /** An unfinished chunked upload untouched this long is removed. */
  abandonMs: number;
}

/** Removes abandoned chunked uploads now and then periodically (a quarter of the abandon time, 1 s to 1 h). */
function startUploadSweep(app: FastifyInstance, uploads: UploadsService, abandonMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= uploads
      .sweep()
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed abandoned uploads');
      })
      .catch((err: unknown) => app.log.error({ err }, 'abandoned-upload sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, Math.min(3_600_000, Math.max(1000, abandonMs / 4)));
  timer.unref();
  app.addHook('onReady', async () => sweep());
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Uploads as a feature plugin: its routes and the sweep of abandoned uploads (stopped before the database closes). */
export const uploadsPlugin: FastifyPluginAsync<UploadsPluginOptions> = async (app, { abandonMs, ...routes }) => {
  const stopSweep = startUploadSweep(app, routes.uploads, abandonMs);
  // A child's onClose runs before the root's, which closes the database.
  app.addHook('onClose', stopSweep);
  await app.register(uploadsRoutes, routes);
};
