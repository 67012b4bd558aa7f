import { listenAdminSocket } from './features/backup/admin-socket.ts';
import { writeBackup } from './features/backup/archive.ts';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database, type QueryLogger } from './db/client.ts';
import { createAiEngines } from './features/ai/engines/index.ts';
import { createAiRepository } from './features/ai/repository.ts';
import { aiRoutes } from './features/ai/routes.ts';
import { createAiService } from './features/ai/service.ts';
import { exportsRoutes } from './features/exports/routes.ts';
import { createAccountErasure, type AccountErasure } from './features/account/erasure.ts';
import { createAccountRepository } from './features/account/repository.ts';
import { accountRoutes } from './features/account/routes.ts';
import { createAccountService } from './features/account/service.ts';
import { authRoutes } from './features/auth/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { pgBossQueueDepth, registerRequestMetrics } from './features/metrics/collectors.ts';
import { createServerMetrics, type ServerMetrics } from './features/metrics/registry.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { createPreferencesRepository } from './features/preferences/repository.ts';
import { preferencesRoutes } from './features/preferences/routes.ts';
import { createPreferencesService } from './features/preferences/service.ts';
import { publicConfigRoutes } from './features/public-config/routes.ts';
import { createCreditsRepository } from './features/credits/repository.ts';
import { creditsRoutes, stripeWebhookRoutes } from './features/credits/routes.ts';
import { createCreditsService, type CreditsService } from './features/credits/service.ts';
import { createStripeProvider } from './features/credits/providers/stripe.ts';
import { createTestModeProvider } from './features/credits/providers/test-mode.ts';
import { createFoldersRepository } from './features/folders/repository.ts';
import { foldersRoutes, startFolderPurge } from './features/folders/routes.ts';
import { createFoldersService } from './features/folders/service.ts';
import type { LiveHub } from './features/live/hub.ts';
import { createLiveDraftObserver, type LiveDraftObserver } from './features/live-draft/observer.ts';
import { createLiveDraftClaims } from './features/live-draft/claims.ts';
import { createRemoteLiveDraftObserver, startLiveDraftWorker } from './features/live-draft/remote.ts';
import { livePlugin } from './features/live/routes.ts';
import { configuredLanguages, createConfiguredEngine } from './features/transcription/engines/index.ts';
import type { TranscriptionEngine } from './features/transcription/engines/types.ts';
import { createMemoryLeases, createPgLeases } from './features/transcription/leases.ts';
import { createPgBossQueue, TRANSCRIPTION_QUEUE, type PgBossQueue } from './features/transcription/queue.ts';
import { createTranscriptionRepository } from './features/transcription/repository.ts';
import { createTranscriptionWorker } from './features/transcription/worker.ts';
import { createTranscriptFiles } from './features/transcripts/files.ts';
import { createTranscriptsRepository } from './features/transcripts/repository.ts';
import { transcriptsRoutes } from './features/transcripts/routes.ts';
import { bulkRoutes } from './features/bulk/routes.ts';
import { createBulkRepository } from './features/bulk/repository.ts';
import { createBulkService } from './features/bulk/service.ts';
import { createTranscriptsService } from './features/transcripts/service.ts';
import { tokensRoutes } from './features/tokens/routes.ts';
import type { HostLookup } from './features/webhooks/address.ts';
import { createWebhooksRepository } from './features/webhooks/repository.ts';
import { webhooksRoutes } from './features/webhooks/routes.ts';
import { createWebhooksService, WEBHOOK_QUEUE, type WebhooksService } from './features/webhooks/service.ts';
import { createSmtpMailer } from './features/mail/mailer.ts';
import { createMailRepository } from './features/mail/repository.ts';
import { createTranscriptionMail } from './features/mail/transcription-mail.ts';
import { createSharesRepository } from './features/shares/repository.ts';
import { publicSharesRoutes, sharesRoutes } from './features/shares/routes.ts';
import { createSharesService } from './features/shares/service.ts';
import { createSearchRepository } from './features/search/repository.ts';
import { searchRoutes } from './features/search/routes.ts';
import { createSearchService } from './features/search/service.ts';
import { createTutorialRepository } from './features/tutorial/repository.ts';
import { tutorialRoutes } from './features/tutorial/routes.ts';
import { createTutorialService } from './features/tutorial/service.ts';
import type { RecordingObserver } from './features/recordings/observer.ts';
import { createRecordingsRepository } from './features/recordings/repository.ts';
import { recordingsRoutes, startRecordingsMaintenance } from './features/recordings/routes.ts';
import { createRecordingsService } from './features/recordings/service.ts';
import { createUploadsRepository } from './features/uploads/repository.ts';
import { uploadsRoutes } from './features/uploads/routes.ts';
import { createWorkPool, type WorkPool } from './work/pool.ts';
import { pooledSpeakerFinder, type SpeakerFinder } from './features/transcription/speakers/finder.ts';
import { createSearchBacklog, type SearchBacklog } from './features/transcripts/search-backlog.ts';
import { createUploadsService } from './features/uploads/service.ts';
import { registerRequestBudget } from './http/request-budget.ts';
import { createUploadSpool } from './features/uploads/spool.ts';
import { createAudioProbe } from './features/uploads/audio-probe.ts';
import { ensurePrivateDir } from './private-files.ts';
import { loggerOptions } from './http/logging.ts';
import { httpServerTimeouts } from './http/timeouts.ts';
import { createStorage, type Storage } from './storage/index.ts';
import { answerFrameworkError, registerErrorHandler } from './http/errors.ts';
import { registerAppAndNotFound } from './http/static.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRequestPipeline } from './http/request-pipeline.ts';
import { assembleAuth, shareSessionEnds } from './auth-assembly.ts';
import { createLiveHub } from './live-hub-for-database.ts';
import { startupPhases } from './startup-phases.ts';
import { startUploadMaintenance } from './upload-maintenance.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (tests and benchmarks seed and inspect rows through it). */
    database: Database;
    /** Credits: balance, charges and refunds (the AI feature charges prompts through it). */
    credits: CreditsService;
    /** Live draft text of recordings (the recordings feature's observer; tests and benchmarks read it). */
    liveDraft: LiveDraftObserver;
    /** The worker threads of exports and edits (tests read their load). */
    work: WorkPool;
  }
}

/** A hop count means: trust that many proxies nearest to us (as proxy-addr does for numbers). */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export interface BuildOptions {
  /**
   * Run the transcription worker in this process. Default: when SERVER_ROLE is all or worker. Tests of
   * other features switch it off so uploads stay 'processing' and no model is loaded.
   */
  worker?: boolean;
  /** Replaces the engine TRANSCRIPTION_ENGINE would choose (tests inject failures through it). */
  engine?: TranscriptionEngine;
  /** Replaces the speaker detection that follows each transcription (tests inject its failure). */
  speakerFinder?: SpeakerFinder;
  /** Ping interval of the live channel; sessions are re-checked at the same pace (default 30 s). */
  liveKeepaliveMs?: number;
  /** Told every query the server sends through Drizzle (tests and the index review count them). */
  queryLogger?: QueryLogger;
  /** PGlite: listen on DATA_DIR/admin.sock for `pnpm admin backup` (default true). */
  adminSocket?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Told about streamed recordings (live text); default: none offered. */
  recordingObserver?: RecordingObserver;
  /** How webhook host names become addresses (default: the system resolver; tests answer their own). */
  webhookLookup?: HostLookup;
}

/**
 * Builds the whole server (database opened and migrated, routes registered), not listening.
 * Closing the instance closes the database and releases the data-folder lock.
 *
 * Roles: 'all' serves HTTP and /ws and runs the transcription worker; 'web' serves HTTP and /ws;
 * 'worker' runs the worker and answers only /api/health and /metrics. Events of a worker reach the web processes'
 * sockets through the live hub (LISTEN/NOTIFY on PostgreSQL; PGlite allows only 'all').
 */
export async function buildServer(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...loggerOptions, ...(options.logStream ? { stream: options.logStream } : {}) },
    ...httpServerTimeouts(config.http),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  let database: Database | undefined;
  // This server's series (several servers in one process each have their own), scraped at /metrics.
  const metrics = createServerMetrics();
  // Stopped in reverse order before the database closes (the queue and the sweep use it).
  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      await stop().catch((err: unknown) => app.log.error({ err }, 'error while stopping'));
    }
  };
  try {
    // Audio, the database and keys live here: this account only.
    ensurePrivateDir(config.dataDir);
    const phases = startupPhases();
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, queryLogger: options.queryLogger });
    phases.mark('database');
    const db = database;
    app.decorate('database', db);
    app.addHook('onClose', async () => {
      await stopAll();
      await db.close();
    });
    app.log.info({ database: db.kind, role: config.serverRole }, 'database ready');
    const runWorker = options.worker ?? config.serverRole !== 'web';
    const hub = createLiveHub(db, app.log);
    stoppers.push(() => hub.close());
    const storage: Storage = createStorage(config);
    if (storage.close) stoppers.push(storage.close);
    // Exports, large edits and speaker detection run in worker threads, each kind with a bounded queue
    // (work/pool.ts); a worker process has them too (detection follows each transcription).
    const pool = createWorkPool({ threads: config.work.threads, queueMax: config.work.queueMax });
    stoppers.push(() => pool.close());
    app.decorate('work', pool);
    const t = config.transcription;
    const queue = await createPgBossQueue(db, app.log, {
      retryLimit: t.retryLimit,
      retryDelaySeconds: t.retryDelaySeconds,
      // A remote request may take its whole timeout; leave room for fetching the file and a retry of it.
      minExpireSeconds: t.engine === 'openai' ? t.timeoutSeconds + 300 : 0,
    });
    stoppers.push(() => queue.close());
    phases.mark('queue');
    metrics.readQueueDepth(pgBossQueueDepth(db.db, [TRANSCRIPTION_QUEUE, WEBHOOK_QUEUE]), app.log);
    const webhooks = createWebhooksService({
      repo: createWebhooksRepository(db.db),
      boss: queue.boss,
      log: app.log,
      config: config.webhooks,
      metrics,
      lookup: options.webhookLookup,
    });
    await webhooks.prepare();
    // The optional e-mail when a transcription finishes (only with a mail server configured).
    const finishedMail = config.mail
      ? createTranscriptionMail({
          boss: queue.boss,
          repo: createMailRepository(db.db),
          mailer: createSmtpMailer(config.mail),
          publicUrl: config.publicUrl,
          log: app.log,
        })
      : undefined;
    await finishedMail?.prepare();
    const erasure = createAccountErasure({ database: db, boss: queue.boss, log: app.log });
    await erasure.prepare();
    const credits = createCreditsService({
      repo: createCreditsRepository(db.db),
      config: config.credits,
      provider: config.credits.stripe ? createStripeProvider(config.credits.stripe) : createTestModeProvider(),
      log: app.log,
    });
    app.decorate('credits', credits);

    // One engine per process, shared by the jobs and the live drafts (one inference queue).
    const engine = runWorker ? (options.engine ?? createConfiguredEngine(config)) : null;
    // Live drafts run where the engine is; a 'web' process hands them to the workers (below).
    const liveDraft = createLiveDraftObserver({
      ...config.liveDraft,
      engine,
      hub,
      credits,
      log: app.log,
      tmpDir: join(config.dataDir, 'tmp', 'live-draft'),
    });
    stoppers.push(() => liveDraft.close());
    app.decorate('liveDraft', liveDraft);
    // Separate web and worker processes: the web hands live drafting to a worker with a free slot.
    let recordingObserver: RecordingObserver = liveDraft;
    if (db.url && config.serverRole !== 'all') {
      const claims = createLiveDraftClaims(db.db, config.liveDraftLeaseMs);
      if (config.serverRole === 'web') {
        const remote = createRemoteLiveDraftObserver({ enabled: config.liveDraft.enabled, hub, claims, credits, log: app.log });
        stoppers.push(async () => remote.close());
        recordingObserver = remote;
      } else if (engine) {
        const stopDrafting = await startLiveDraftWorker({
          observer: liveDraft,
          maxSessions: config.liveDraft.maxSessions,
          hub,
          claims,
          pieces: createRecordingsRepository(db.db),
          storage,
          leaseMs: config.liveDraftLeaseMs,
          log: app.log,
        });
        stoppers.push(stopDrafting);
      }
    }

    // PGlite only: there the search index's work for a large edit or a long transcript's completion
    // would hold the one connection (search-backlog.ts). Stopped after the worker (stoppers run last first).
    const searchBacklog = db.kind === 'pglite' ? createSearchBacklog(db.db, app.log) : undefined;
    if (searchBacklog) {
      stoppers.push(() => searchBacklog.drain());
      void searchBacklog.recover().catch((err: unknown) => app.log.error({ err }, 'search index: could not look for unfinished batches'));
    }

    if (config.serverRole === 'worker') {
      await registerWorkerOnlyRoutes(app, db, metrics, config.metricsToken);
    } else {
      await registerRoutes(app, config, db, stoppers, {
        hub,
        storage,
        queue,
        credits,
        webhooks,
        erasure,
        keepaliveMs: options.liveKeepaliveMs ?? 30_000,
        recordingObserver: options.recordingObserver ?? recordingObserver,
        metrics,
        searchBacklog,
      });
    }
    phases.mark('routes');
    await app.ready();
    const snapshot = db.snapshot;
    if (snapshot && options.adminSocket !== false) {
      const dataDir = config.dataDir;
      const localFiles = config.storage.driver === 'local';
      stoppers.push(await listenAdminSocket(dataDir, { backup: (file) => writeBackup({ dataDir, snapshot, localFiles }, file) }, app.log));
    }
    phases.mark('ready');
    // Events published from now on reach this process's sockets (a worker only publishes).
    if (config.serverRole !== 'worker') await hub.ready();
    // Deliveries run where background work runs (a 'web' process only queues them).
    if (config.serverRole !== 'web') stoppers.push(await webhooks.startDelivering(db.kind === 'pglite'));
    if (config.serverRole !== 'web' && finishedMail) stoppers.push(await finishedMail.startSending());
    // So do the rewrites that erase deleted accounts from the database files.
    if (config.serverRole !== 'web') stoppers.push(await erasure.startWorking(db.kind === 'pglite'));
    if (engine) {
      const worker = createTranscriptionWorker({
        queue,
        repo: createTranscriptionRepository(db.db, { searchBacklog }),
        storage,
        engine,
        speakers: options.speakerFinder ?? pooledSpeakerFinder(pool, join(config.dataDir, 'tmp', 'speakers')),
        billing: credits,
        hub,
        onOutcome: async (o) => {
          if (o.status === 'completed') await finishedMail?.completed(o.userId, o.transcriptId);
          await webhooks.emit(o.userId, o.status === 'completed' ? 'transcription.completed' : 'transcription.failed', {
            transcriptId: o.transcriptId,
            status: o.status,
            ...(o.status === 'error' ? { errorCode: o.errorCode, error: o.error } : {}),
          });
        },
        leases: db.url ? createPgLeases(db.url, app.log) : createMemoryLeases(),
        log: app.log,
        concurrency: t.concurrency,
        tmpDir: join(config.dataDir, 'tmp', 'transcription'),
        soleProcess: db.kind === 'pglite',
        recoveryIntervalMs: config.transcriptionRecovery.intervalMs,
        orphanGraceMs: config.transcriptionRecovery.orphanGraceMs,
        metrics,
      });
      stoppers.push(() => worker.stop());
      await worker.start();
      phases.mark('worker');
    }
    // What start-up spends where (the start-up bench and slow starts are read from this line).
    app.log.info({ startupMs: phases.done() }, 'server built');
    return app;
  } catch (err) {
    // Release the database and the lock even when the server never became ready.
    await app.close().catch(() => undefined);
    await stopAll();
    await database?.close().catch(() => undefined);
    throw err;
  }
}

/** A worker process answers only its health check (for orchestrators) and /metrics (its jobs). */
async function registerWorkerOnlyRoutes(
  app: FastifyInstance,
  database: Database,
  metrics: ServerMetrics,
  metricsToken: string | undefined,
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestMetrics(app, metrics.httpDuration);
  registerErrorHandler(app);
  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { metrics, token: metricsToken });
}

interface SharedParts {
  hub: LiveHub;
  storage: Storage;
  queue: PgBossQueue;
  credits: CreditsService;
  webhooks: WebhooksService;
  erasure: AccountErasure;
  keepaliveMs: number;
  recordingObserver?: RecordingObserver;
  metrics: ServerMetrics;
  searchBacklog?: SearchBacklog;
}

async function registerRoutes(
  app: FastifyInstance,
  config: Config,
  database: Database,
  stoppers: Array<() => Promise<void>>,
  { hub, storage, queue, credits, webhooks, erasure, keepaliveMs, recordingObserver, metrics, searchBacklog }: SharedParts,
): Promise<void> {
  await registerRequestPipeline(app, config, metrics);

  await app.register(fastifyCookie);
  await registerOpenApi(app);

  const { auth, tokens, requireUser, caller, limiter, altcha } = await assembleAuth(config, database, hub, app.log);
  registerRequestBudget(app, {
    perMinute: config.apiRateLimitPerMinute,
    concurrencyPerAccount: config.apiConcurrencyPerUser,
    concurrencyPerNetwork: config.apiConcurrencyPerNetwork,
    // An API token draws on its owner's budget: one account, one budget, however it signs in.
    owner: async (request) => {
      const found = await caller(request);
      return found.user ? `user:${found.user.id}` : undefined;
    },
  });
  // Ended sessions leave every web process's session cache and close their live sockets there.
  const sessionEnds = shareSessionEnds(hub, auth, app.log);
  stoppers.push(sessionEnds.stop);

  const pool = app.work;

  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  await app.register(publicConfigRoutes, { config });
  await app.register(authRoutes, {
    auth,
    requestUser: async (request) => caller(request),
    altcha,
    cookieSecure: config.cookieSecure,
    sessionTtlSeconds: config.sessionTtlDays * 24 * 60 * 60,
  });
  await app.register(accountRoutes, {
    requireUser,
    cookieSecure: config.cookieSecure,
    account: createAccountService({
      repo: createAccountRepository(database.db),
      storage,
      limiter,
      log: app.log,
      sessionsEnded: sessionEnds.announceEnded,
      erasure,
      pool,
    }),
  });
  await app.register(tokensRoutes, { requireUser, tokens });
  await app.register(webhooksRoutes, { requireUser, webhooks });
  const preferences = createPreferencesService(createPreferencesRepository(database.db));
  await app.register(preferencesRoutes, { requireUser, preferences });

  await app.register(livePlugin, {
    hub,
    auth,
    db: database.db,
    keepaliveMs,
    maxSocketsPerUser: config.liveMaxSocketsPerUser,
    metrics,
  });

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
    limits: { quotaBytes: config.uploads.quotaBytes, maxUnfinished: config.uploads.maxUnfinished },
    credits,
    languages: configuredLanguages(config.transcription),
    // Beside the spool: a copy left by a process that died is swept with its files.
    probe: { check: createAudioProbe(), dir: join(config.dataDir, 'tmp', 'uploads') },
  });
  const spool = createUploadSpool(join(config.dataDir, 'tmp', 'uploads'));
  stoppers.push(
    startUploadMaintenance(app, {
      uploads,
      storage,
      spool,
      abandonMs: config.uploads.abandonMs,
      tempMaxAgeMs: config.uploads.tempMaxAgeMs,
      soleProcess: database.kind === 'pglite',
    }),
  );

  const foldersService = createFoldersService({ repo: createFoldersRepository(database.db), files });
  await app.register(foldersRoutes, { requireUser, folders: foldersService });
  stoppers.push(startFolderPurge(app, { folders: foldersService, restoreMs: config.folders.restoreMs }));
  await app.register(transcriptsRoutes, {
    requireUser,
    transcripts: createTranscriptsService({
      repo: transcriptsRepo,
      storage,
      files,
      queue,
      credits,
      hub,
      log: app.log,
      pool,
      maxTextChars: config.transcriptMaxTextChars,
      searchBacklog,
      tmpDir: join(config.dataDir, 'tmp', 'speakers'),
    }),
  });
  await app.register(bulkRoutes, {
    requireUser,
    bulk: createBulkService({ repo: createBulkRepository(database.db), storage, files, pool, preferences, queue, credits }),
  });
  const shares = createSharesService({ repo: createSharesRepository(database.db), storage });
  await app.register(sharesRoutes, { requireUser, shares });
  await app.register(publicSharesRoutes, { shares });
  await app.register(uploadsRoutes, { requireUser, uploads, maxBytes: config.uploads.maxBytes, spool });

  // Streamed recordings: finished through the upload path above.
  const recordings = createRecordingsService({
    repo: createRecordingsRepository(database.db),
    transcripts: transcriptsRepo,
    uploads,
    storage,
    log: app.log,
    credits,
    observer: recordingObserver,
    pieceMaxBytes: config.recordings.pieceMaxBytes,
    maxBytes: config.uploads.maxBytes,
    maxOpen: config.recordings.maxOpen,
    abandonMs: config.recordings.abandonMs,
  });
  stoppers.push(
    startRecordingsMaintenance(app, { recordings, abandonMs: config.recordings.abandonMs, soleProcess: database.kind === 'pglite' }),
  );
  await app.register(recordingsRoutes, { requireUser, recordings, pieceMaxBytes: config.recordings.pieceMaxBytes });
  await app.register(searchRoutes, {
    requireUser,
    search: createSearchService(createSearchRepository(database.db), { inSteps: database.kind === 'pglite' }),
  });
  await app.register(creditsRoutes, { requireUser, credits });
  if (config.credits.stripe) await app.register(stripeWebhookRoutes, { credits });

  const aiRepo = createAiRepository(database.db);
  await app.register(aiRoutes, {
    requireUser,
    ai: createAiService({
      repo: aiRepo,
      engines: createAiEngines(config.ai, pool),
      log: app.log,
      hub,
      billing: credits,
      preferences,
      metrics,
      onOutputCreated: (userId, output) =>
        webhooks.emit(userId, 'ai_output.created', {
          aiOutputId: output.id,
          transcriptId: output.transcriptId,
          prompt: output.prompt,
          output: output.output,
          createdAt: output.createdAt,
        }),
    }),
  });
  await app.register(exportsRoutes, { requireUser, repo: aiRepo, preferences, pool });
  await app.register(tutorialRoutes, {
    requireUser,
    tutorial: createTutorialService({
      repo: createTutorialRepository(database.db),
      transcripts: transcriptsRepo,
      storage,
      queue,
      log: app.log,
    }),
  });

  await registerAppAndNotFound(app, config.appDistDir);
}
