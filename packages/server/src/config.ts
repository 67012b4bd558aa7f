import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { serverPath } from './paths.ts';
import { z } from 'zod';
import { envSchema } from './config-variables.ts';
import type { S3StorageOptions } from './storage/s3.ts';

export { configTable, configTableMarkdown, parseCreditPackages, type ConfigVariable } from './config-variables.ts';

const defaultAppDist = serverPath('..', 'app', 'dist');

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionTtlDays: number;
  sessionCacheSeconds: number;
  cookieSecure: 'auto' | boolean;
  trustProxy: boolean | number | string[];
  captcha: {
    provider: 'altcha' | 'recaptcha';
    altchaHmacKey: string | undefined;
    altchaCost: number;
    altchaMaxNumber: number;
    recaptchaSiteKey: string | undefined;
    recaptchaSecretKey: string | undefined;
    recaptchaVerifyUrl: string;
  };
  supportEmail: string;
  loginRateLimit: { perIp: number; perAccount: number; windowMs: number };
  http: HttpLimitsConfig;
  /** Units per minute of an account or an anonymous network on /api (http/request-budget.ts). */
  apiRateLimitPerMinute: number;
  apiConcurrencyPerUser: number;
  apiConcurrencyPerNetwork: number;
  /** Heavy work in worker threads (work/pool.ts): threads per kind (undefined: half the cores) and each kind's queue. */
  work: { threads: number | undefined; queueMax: { exports: number; edits: number; ai: number } };
  /** What a transcript's segments may hold, texts and speaker names together (characters). */
  transcriptMaxTextChars: number;
  /** Bearer token /metrics asks for; undefined: loopback and private addresses only. */
  metricsToken: string | undefined;
  webhooks: { allowPrivate: boolean; retryDelaySeconds: number; retryForMs: number; timeoutMs: number };
  /** E-mail when a transcription finishes; undefined: no mail server configured. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** The product's address for links in e-mails (no trailing slash); undefined: no links. */
  publicUrl: string | undefined;
  liveMaxSocketsPerUser: number;
  registerRateLimit: { perIp: number; windowMs: number };
  /** Absolute path. */
  appDistDir: string;
  serverRole: 'all' | 'web' | 'worker';
  storage: StorageConfig;
  uploads: {
    maxBytes: number;
    abandonMs: number;
    maxUnfinished: number;
    /** 0: no limit. */
    quotaBytes: number;
    tempMaxAgeMs: number;
  };
  folders: {
    /** How long a deleted folder can be restored. */
    restoreMs: number;
  };
  recordings: {
    abandonMs: number;
    pieceMaxBytes: number;
    maxOpen: number;
  };
  transcription: TranscriptionConfig;
  liveDraft: { enabled: boolean; maxSessions: number };
  /** Separate web and worker processes: how long a worker's claim on a live recording lasts unrenewed (ms). */
  liveDraftLeaseMs: number;
  /** PostgreSQL: how workers find and restart the jobs of a worker that died (milliseconds). */
  transcriptionRecovery: { intervalMs: number; orphanGraceMs: number };
  credits: CreditsConfig;
  ai: AiConfig;
}

/** Milliseconds. */
export interface HttpLimitsConfig {
  headersTimeoutMs: number;
  bodyIdleTimeoutMs: number;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
}

export interface CreditsConfig {
  startingCredits: number;
  perTranscriptionMinute: number;
  promptCosts: { local: number; 'gpt-3.5': number; 'gpt-4': number };
  packages: Array<{ credits: number; price: number }>;
  /** Null: the built-in test-mode payment provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string } | null;
}

/** baseUrl unset: the local rule-based engine only. */
export interface AiConfig {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  modelGpt4: string;
  modelGpt35: string;
  timeoutMs: number;
  /** The model's context window and the part of it kept for the answer, in tokens. */
  contextTokens: number;
  answerTokens: number;
}

export interface TranscriptionConfig {
  engine: 'builtin' | 'openai';
  concurrency: number;
  /** Minutes without a transcription before the built-in engine frees its model (0: never). */
  engineIdleMinutes: number;
  /** Inference processes of the built-in engine (unset: one per core, at most 4; 0: in the server process). */
  engineProcesses?: number;
  retryLimit: number;
  retryDelaySeconds: number;
  apiUrl: string;
  apiKey: string | undefined;
  model: string;
  /** What the OpenAI-compatible engine asks for ('auto' resolved by the model name). */
  responseFormat: 'verbose_json' | 'diarized_json';
  language: string | undefined;
  timeoutSeconds: number;
}

export type StorageConfig = { driver: 'local' } | ({ driver: 's3' } & S3StorageOptions);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration once; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable (FOO= in a .env file) means "use the default".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(present[name] ?? '')}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET="": required when STORAGE_DRIVER=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_SECRET_ACCESS_KEY: set together with S3_ACCESS_KEY_ID (or neither)');
  }
  if (e.SERVER_ROLE !== 'all' && !e.DATABASE_URL) {
    problems.push(
      `SERVER_ROLE=${JSON.stringify(e.SERVER_ROLE)}: separate web and worker processes need PostgreSQL (DATABASE_URL). ` +
        'The embedded PGlite database can be opened by one process only, which then runs every role: unset SERVER_ROLE or set DATABASE_URL.',
    );
  }
  if (e.TRANSCRIPTION_ENGINE === 'builtin' && e.TRANSCRIPTION_LANGUAGE && e.TRANSCRIPTION_LANGUAGE !== 'en') {
    problems.push(
      `TRANSCRIPTION_LANGUAGE=${JSON.stringify(e.TRANSCRIPTION_LANGUAGE)}: the built-in engine transcribes English only. ` +
        'Other languages need TRANSCRIPTION_ENGINE=openai with an OpenAI-compatible server (TRANSCRIPTION_API_URL).',
    );
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three to use Stripe (or none for the test-mode provider)',
    );
  }
  // Half the context at most: the transcript and the instructions need the rest.
  if (e.AI_ANSWER_TOKENS * 2 > e.AI_CONTEXT_TOKENS) {
    problems.push(`AI_ANSWER_TOKENS=${e.AI_ANSWER_TOKENS}: at most half of AI_CONTEXT_TOKENS (${e.AI_CONTEXT_TOKENS})`);
  }
  if (problems.length) throw new ConfigError(problems);
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: abs(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
      altchaCost: e.ALTCHA_COST,
      altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaSecretKey: e.RECAPTCHA_SECRET_KEY,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    supportEmail: e.SUPPORT_EMAIL,
    loginRateLimit: {
      perIp: e.LOGIN_RATE_LIMIT_PER_IP,
      perAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      windowMs: e.LOGIN_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      bodyIdleTimeoutMs: e.HTTP_BODY_IDLE_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      uploadTimeoutMs: e.HTTP_UPLOAD_TIMEOUT_SECONDS * 1000,
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    apiConcurrencyPerUser: e.API_CONCURRENCY_PER_USER,
    apiConcurrencyPerNetwork: e.API_CONCURRENCY_PER_NETWORK,
    work: { threads: e.WORK_THREADS, queueMax: { exports: e.EXPORT_QUEUE_MAX, edits: e.EDIT_QUEUE_MAX, ai: e.AI_QUEUE_MAX } },
    transcriptMaxTextChars: e.TRANSCRIPT_MAX_TEXT_CHARS,
    metricsToken: e.METRICS_TOKEN,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      retryForMs: 24 * 3_600_000,
      timeoutMs: 10_000,
    },
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    liveMaxSocketsPerUser: e.LIVE_MAX_SOCKETS_PER_USER,
    registerRateLimit: {
      perIp: e.REGISTER_RATE_LIMIT_PER_IP,
      windowMs: e.REGISTER_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    appDistDir: e.APP_DIST_DIR ? abs(e.APP_DIST_DIR) : defaultAppDist,
    serverRole: e.SERVER_ROLE,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { driver: 'local' },
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      abandonMs: e.UPLOAD_ABANDON_HOURS * 3_600_000,
      maxUnfinished: e.UPLOAD_MAX_UNFINISHED,
      quotaBytes: e.STORAGE_QUOTA_BYTES,
      tempMaxAgeMs: e.TEMP_FILE_MAX_AGE_MINUTES * 60_000,
    },
    folders: { restoreMs: e.FOLDER_RESTORE_SECONDS * 1000 },
    recordings: {
      abandonMs: e.RECORDING_ABANDON_HOURS * 3_600_000,
      pieceMaxBytes: e.RECORDING_PIECE_MAX_BYTES,
      maxOpen: e.RECORDING_MAX_OPEN,
    },
    transcription: {
      engine: e.TRANSCRIPTION_ENGINE,
      // Two jobs at least: they take turns on the built-in engine's processes window by window (each
      // gets about half of the cores), so neither waits for the other to finish.
      concurrency: e.TRANSCRIPTION_CONCURRENCY ?? Math.max(2, Math.floor(availableParallelism() / 2)),
      engineIdleMinutes: e.TRANSCRIPTION_ENGINE_IDLE_MINUTES,
      engineProcesses: e.TRANSCRIPTION_ENGINE_PROCESSES,
      retryLimit: e.TRANSCRIPTION_RETRIES,
      retryDelaySeconds: e.TRANSCRIPTION_RETRY_DELAY_SECONDS,
      apiUrl: e.TRANSCRIPTION_API_URL,
      apiKey: e.TRANSCRIPTION_API_KEY,
      model: e.TRANSCRIPTION_MODEL,
      responseFormat:
        e.TRANSCRIPTION_RESPONSE_FORMAT === 'auto'
          ? /diarize/i.test(e.TRANSCRIPTION_MODEL)
            ? 'diarized_json'
            : 'verbose_json'
          : e.TRANSCRIPTION_RESPONSE_FORMAT,
      language: e.TRANSCRIPTION_LANGUAGE,
      timeoutSeconds: e.TRANSCRIPTION_TIMEOUT_SECONDS,
    },
    liveDraft: { enabled: e.LIVE_DRAFT_ENABLED === 'true', maxSessions: e.LIVE_DRAFT_MAX_SESSIONS },
    liveDraftLeaseMs: e.LIVE_DRAFT_LEASE_SECONDS * 1000,
    transcriptionRecovery: {
      intervalMs: e.TRANSCRIPTION_RECOVERY_INTERVAL_SECONDS * 1000,
      orphanGraceMs: e.TRANSCRIPTION_ORPHAN_GRACE_SECONDS * 1000,
    },
    credits: {
      startingCredits: e.STARTING_CREDITS,
      perTranscriptionMinute: e.CREDITS_PER_TRANSCRIPTION_MINUTE,
      promptCosts: { local: e.PROMPT_COST_LOCAL, 'gpt-3.5': e.PROMPT_COST_GPT_3_5, 'gpt-4': e.PROMPT_COST_GPT_4 },
      packages: e.CREDIT_PACKAGES,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE,
            }
          : null,
    },
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      modelGpt4: e.AI_MODEL_GPT4,
      modelGpt35: e.AI_MODEL_GPT35,
      timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
      contextTokens: e.AI_CONTEXT_TOKENS,
      answerTokens: e.AI_ANSWER_TOKENS,
    },
  };
}
