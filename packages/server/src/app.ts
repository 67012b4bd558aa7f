import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createAltcha, resolveAltchaKey, type Altcha } from './features/auth/captcha/altcha.ts';
import { createRecaptcha } from './features/auth/captcha/recaptcha.ts';
import type { CaptchaVerifier } from './features/auth/captcha/types.ts';
import { createAuthGuard } from './features/auth/guard.ts';
import { createLoginLimiter } from './features/auth/login-limiter.ts';
import { createAuthRepository } from './features/auth/repository.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createAuthService } from './features/auth/service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { createPreferencesRepository } from './features/preferences/repository.ts';
import { preferencesRoutes } from './features/preferences/routes.ts';
import { createPreferencesService } from './features/preferences/service.ts';
import { publicConfigRoutes } from './features/public-config/routes.ts';
import { createFoldersRepository } from './features/folders/repository.ts';
import { foldersRoutes } from './features/folders/routes.ts';
import { createFoldersService } from './features/folders/service.ts';
import { createPgBossQueue, type TranscriptionQueue } from './features/transcription/queue.ts';
import { createTranscriptFiles } from './features/transcripts/files.ts';
import { createTranscriptsRepository } from './features/transcripts/repository.ts';
import { transcriptsRoutes } from './features/transcripts/routes.ts';
import { createTranscriptsService } from './features/transcripts/service.ts';
import { createUploadsRepository } from './features/uploads/repository.ts';
import { uploadsRoutes } from './features/uploads/routes.ts';
import { createUploadsService, type UploadsService } from './features/uploads/service.ts';
import { registerCsrfGuard } from './http/csrf.ts';
import { createStorage, type Storage } from './storage/index.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerAppAndNotFound } from './http/static.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (tests and benchmarks seed and inspect rows through it). */
    database: Database;
  }
}

/** A hop count means: trust that many proxies nearest to us (as proxy-addr does for numbers). */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * Builds the whole server (database opened and migrated, routes registered), not listening.
 * Closing the instance closes the database and releases the data-folder lock.
 */
export async function buildServer(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  if (config.serverRole !== 'all') {
    // Web/worker split arrives with the job queue; until then every process does everything.
    app.log.warn({ role: config.serverRole }, "SERVER_ROLE other than 'all' is not implemented yet: running all roles");
  }

  let database: Database | undefined;
  // Stopped in reverse order before the database closes (the queue and the sweep use it).
  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      await stop().catch((err: unknown) => app.log.error({ err }, 'error while stopping'));
    }
  };
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const db = database;
    app.decorate('database', db);
    app.addHook('onClose', async () => {
      await stopAll();
      await db.close();
    });
    app.log.info({ database: db.kind }, 'database ready');
    await registerRoutes(app, config, db, stoppers);
    await app.ready();
    return app;
  } catch (err) {
    // Release the database and the lock even when the server never became ready.
    await app.close().catch(() => undefined);
    await stopAll();
    await database?.close().catch(() => undefined);
    throw err;
  }
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

async function registerRoutes(
  app: FastifyInstance,
  config: Config,
  database: Database,
  stoppers: Array<() => Promise<void>>,
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandler(app);
  registerCsrfGuard(app);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Scribe API', version: '0.1.0', description: 'HTTP API of the transcription app.' },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const authRepo = createAuthRepository(database.db);
  let altcha: Altcha | null = null;
  let captcha: CaptchaVerifier;
  if (config.captcha.provider === 'altcha') {
    altcha = await createAltcha({
      hmacKey: resolveAltchaKey(config.captcha.altchaHmacKey, config.dataDir),
      cost: config.captcha.altchaCost,
      maxNumber: config.captcha.altchaMaxNumber,
      markUsed: (id, expiresAt) => authRepo.markCaptchaUsed(id, expiresAt, new Date()),
    });
    captcha = altcha;
  } else {
    captcha = createRecaptcha({
      secretKey: config.captcha.recaptchaSecretKey,
      verifyUrl: config.captcha.recaptchaVerifyUrl,
      log: app.log,
    });
  }

  const auth = createAuthService({
    repo: authRepo,
    captcha,
    limiter: createLoginLimiter(authRepo, config.loginRateLimit),
    sessionTtlMs: config.sessionTtlDays * DAY_MS,
  });
  const requireUser = createAuthGuard(auth);

  await app.register(healthRoutes, { database });
  await app.register(publicConfigRoutes, { config });
  await app.register(authRoutes, {
    auth,
    altcha,
    cookieSecure: config.cookieSecure,
    sessionTtlSeconds: config.sessionTtlDays * 24 * 60 * 60,
  });
  await app.register(preferencesRoutes, {
    requireUser,
    preferences: createPreferencesService(createPreferencesRepository(database.db)),
  });

  const storage: Storage = createStorage(config);
  if (storage.close) stoppers.push(storage.close);
  const queue: TranscriptionQueue = await createPgBossQueue(database, app.log);
  stoppers.push(() => queue.close());
  const files = createTranscriptFiles(storage, app.log);
  const transcriptsRepo = createTranscriptsRepository(database.db);
  const uploads = createUploadsService({
    repo: createUploadsRepository(database.db),
    transcripts: transcriptsRepo,
    storage,
    queue,
    log: app.log,
    maxBytes: config.uploads.maxBytes,
    abandonMs: config.uploads.abandonMs,
  });
  stoppers.push(startUploadSweep(app, uploads, config.uploads.abandonMs));

  await app.register(foldersRoutes, {
    requireUser,
    folders: createFoldersService({ repo: createFoldersRepository(database.db), files }),
  });
  await app.register(transcriptsRoutes, {
    requireUser,
    transcripts: createTranscriptsService({ repo: transcriptsRepo, storage, files }),
  });
  await app.register(uploadsRoutes, { requireUser, uploads, maxBytes: config.uploads.maxBytes });

  await registerAppAndNotFound(app, config.appDistDir);
}
