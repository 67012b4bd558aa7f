import { buildServer } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { StartupError } from './startup-error.ts';
import { terminalLogStream } from './http/logging.ts';
import { startIdleCollector } from './idle-memory.ts';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main(): Promise<void> {
  // Everything the server writes (audio, the embedded database, keys, temporary files) is for its own
  // account only: files 0600, folders 0700.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app: Awaited<ReturnType<typeof buildServer>>;
  try {
    app = await buildServer(config, { logStream: terminalLogStream() });
  } catch (err) {
    if (err instanceof StartupError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let closing = false;
  let stopIdleCollector = () => {};
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopIdleCollector();
    app.log.info({ signal }, 'shutting down');
    // A stuck close must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    // A quiet server gives back the heap a burst of work (a transcription) grew (idle-memory.ts).
    stopIdleCollector = startIdleCollector({
      onCollect: (c) =>
        app.log.debug(
          { heapMbBefore: mb(c.heapTotalBefore), heapMbAfter: mb(c.heapTotalAfter), ms: Math.round(c.ms) },
          'idle heap collection',
        ),
    });
    // performance.now() counts from process start: the figure includes loading the code.
    app.log.info(
      {
        dataDir: config.dataDir,
        node: process.version,
        captcha: config.captcha.provider,
        role: config.serverRole,
        sinceProcessStartMs: Math.round(performance.now()),
      },
      'server started',
    );
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
