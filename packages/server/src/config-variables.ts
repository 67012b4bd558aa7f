// Every environment variable the server reads, declared once (schema and description); config.ts
// turns them into the Config object, scripts/readme-config.ts into the README's table.
import { z } from 'zod';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One environment variable: how the server reads it (schema, bounds, default) and what the README says of it. */
export interface Variable<S extends z.ZodType> {
  schema: S;
  description: string;
  /** The default as the README prints it, where the schema's own default does not say it (computed or generated). */
  shown: string | undefined;
}

const variable = <S extends z.ZodType>(schema: S, description: string, shown?: string): Variable<S> => ({ schema, description, shown });

/**
 * Every environment variable the server reads, each declared once. The README's configuration table is
 * generated from these descriptions (scripts/readme-config.ts), so keep them short and user-facing.
 */
export const variables = {
  PORT: variable(int(0, 65535).default(3000), 'HTTP port for the app, the API and /ws.'),
  HOST: variable(z.string().min(1).default('0.0.0.0'), 'Interface to listen on.'),
  DATA_DIR: variable(
    z.string().min(1).default('./data'),
    'Folder for all local data (embedded database, keys), relative to the working directory.',
  ),
  DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    'PostgreSQL connection string; the database must use the UTF8 encoding (usernames are compared NFKC-normalised in SQL). Unset: embedded PGlite database in DATA_DIR/db (one process only).',
  ),
  LOG_LEVEL: variable(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'fatal, error, warn, info, debug, trace or silent.',
  ),
  SESSION_TTL_DAYS: variable(int(1, 3650).default(30), 'Lifetime of a sign-in session (days).'),
  SESSION_CACHE_SECONDS: variable(
    int(0, 60).default(5),
    'How long a web process trusts a session it looked up without asking the database again (seconds; 0 turns the cache off). Sign-out, password changes and account deletion end sessions at once on every process regardless.',
  ),
  COOKIE_SECURE: variable(
    z.enum(['auto', 'true', 'false']).default('auto'),
    'auto: Secure cookie when the request is HTTPS (see TRUST_PROXY); true or false to force.',
  ),
  TRUST_PROXY: variable(
    z.string().default('false').transform(parseTrustProxy),
    'Trust X-Forwarded-* headers: true, false, a hop count, or a comma-separated list of proxy addresses.',
  ),
  CAPTCHA_PROVIDER: variable(
    z.enum(['altcha', 'recaptcha']).default('altcha'),
    'altcha (self-hosted proof of work) or recaptcha (Google reCAPTCHA).',
  ),
  ALTCHA_HMAC_KEY: variable(
    z.string().min(16, 'must be at least 16 characters').optional(),
    'Secret that signs ALTCHA challenges. Unset: generated once and kept in DATA_DIR/altcha-hmac.key. Set the same value on every web node.',
    '(generated)',
  ),
  ALTCHA_COST: variable(int(1, 1_000_000).default(1000), 'PBKDF2 iterations per ALTCHA attempt.'),
  ALTCHA_MAX_NUMBER: variable(
    int(2, 10_000_000).default(2000),
    'Upper bound of the ALTCHA search space (work is about half to all of it; defaults solve in about a second).',
  ),
  RECAPTCHA_SITE_KEY: variable(
    z.string().optional(),
    'reCAPTCHA site key (public). Missing with CAPTCHA_PROVIDER=recaptcha: the login page shows a configuration error.',
  ),
  RECAPTCHA_SECRET_KEY: variable(z.string().optional(), 'reCAPTCHA secret key used to verify tokens on the server.'),
  RECAPTCHA_VERIFY_URL: variable(z.url().default('https://www.google.com/recaptcha/api/siteverify'), 'reCAPTCHA verification endpoint.'),
  SUPPORT_EMAIL: variable(z.email().default('support@example.com'), 'Support address shown on the contact and legal pages.'),
  LOGIN_RATE_LIMIT_PER_IP: variable(
    int(1, 1_000_000).default(10),
    'Failed sign-ins allowed per client address (IPv6: per /64 network) per window; then 429.',
  ),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: variable(
    int(1, 1_000_000).default(5),
    'Failed sign-ins allowed per account per window, whether it is named by username or e-mail; then 429.',
  ),
  LOGIN_RATE_LIMIT_WINDOW_MINUTES: variable(int(1, 24 * 60).default(15), 'Length of the sign-in rate-limit window (minutes).'),
  HTTP_HEADERS_TIMEOUT_SECONDS: variable(
    int(1, 3600).default(30),
    'A client must send its complete request headers within this time, else the connection is closed.',
  ),
  HTTP_BODY_IDLE_TIMEOUT_SECONDS: variable(
    int(1, 3600).default(30),
    'A request body that stalls (no bytes arriving) this long has its connection closed. Slow but steady uploads are not affected.',
  ),
  HTTP_REQUEST_TIMEOUT_SECONDS: variable(
    int(1, 24 * 3600).default(60),
    'Longest time to receive a whole request (headers and body) on routes other than uploads; then the connection is closed.',
  ),
  HTTP_UPLOAD_TIMEOUT_SECONDS: variable(
    int(1, 24 * 3600).default(3600),
    'Longest time to receive one upload request (one file of up to 25 MB or one 25 MB chunk), for slow links.',
  ),
  API_RATE_LIMIT_PER_MINUTE: variable(
    int(1, 1_000_000).default(600),
    'API budget per minute of each account (its browser sessions and API tokens together) and of each anonymous client network (an IPv4 address, an IPv6 /64), in units: a request costs 1, a search, an edit or an upload piece 2, an export or a prompt run 4. At most a twentieth of it (at least 20) in any one second; then 429 with Retry-After. Counted per web process.',
  ),
  API_CONCURRENCY_PER_USER: variable(
    int(0, 10_000).default(8),
    'Units of one account (sessions and API tokens together; priced as for API_RATE_LIMIT_PER_MINUTE, so 8 is two exports or eight reads) handled at a time by a web process; more wait their turn. An account asking again within a second of a 429 gets the next 429 after half a second, so a flood from many connections slows itself down. 0 turns the limit off.',
  ),
  API_CONCURRENCY_PER_NETWORK: variable(
    int(0, 10_000).default(8),
    'Units of one anonymous client network (sign-in, registration, the captcha, share pages, requests without a valid session) handled at a time by a web process, apart from every account; more wait their turn. 0 turns the limit off.',
  ),
  WORK_THREADS: variable(
    int(1, 64).optional(),
    'Worker threads for each kind of heavy work: exports (PDF, DOCX, TXT, SRT, VTT and the account zip), transcript edits and the built-in AI engine run there, never in the thread that answers requests. Started on demand, ended after a minute unused.',
    '(half the cores, at least 1)',
  ),
  EXPORT_QUEUE_MAX: variable(
    int(0, 10_000).default(8),
    'Exports that may wait for an export thread; one more is refused at once with 503 and Retry-After (code SERVER_BUSY) instead of waiting.',
  ),
  EDIT_QUEUE_MAX: variable(
    int(0, 10_000).default(16),
    'Transcript edits and restores that may wait for an edit thread; one more is refused at once with 503 and Retry-After.',
  ),
  AI_QUEUE_MAX: variable(
    int(0, 10_000).default(8),
    'Prompts to the built-in AI engine that may wait for its worker thread; one more is refused at once with 503 and Retry-After (and refunded).',
  ),
  TRANSCRIPT_MAX_TEXT_CHARS: variable(
    int(1000, 100_000_000).default(2_000_000),
    "Characters a transcript's segments may hold, their texts and speaker names together (2,000,000: about 30 hours of speech). An edit past it is refused (413 TRANSCRIPT_TOO_LONG) and nothing is written; a transcript already longer may be edited as long as it does not grow.",
  ),
  METRICS_TOKEN: variable(
    z.string().min(16, 'must be at least 16 characters').optional(),
    'Bearer token for GET /metrics (Prometheus text format, on PORT). Unset: /metrics answers only loopback and private addresses (127.0.0.0/8, 10/8, 172.16/12, 192.168/16, ::1, fc00::/7), judged by the connection and every forwarded address. Set (at least 16 characters): it answers only `Authorization: Bearer <token>`, from any address.',
  ),
  WEBHOOK_ALLOW_PRIVATE: variable(
    z.enum(['true', 'false']).default('false'),
    'true: webhooks may target private, loopback and link-local addresses, and plain http (trusted networks and tests only).',
  ),
  WEBHOOK_RETRY_DELAY_SECONDS: variable(
    int(1, 3600).default(30),
    'First retry of a failed webhook delivery after about this long, then doubling; given up a day after the event.',
  ),
  SMTP_URL: variable(
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    "Mail server for the optional e-mail when a transcription finishes, as `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://…:465`. Unset: no e-mail, and Settings does not offer it. Each user turns it on in Settings; it goes to the account's address.",
  ),
  MAIL_FROM: variable(z.string().min(3).default('Audio Transcription <no-reply@localhost>'), 'Sender of those e-mails.'),
  PUBLIC_URL: variable(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+/, 'must be an http:// or https:// URL')
      .optional(),
    "The product's address as users reach it (e.g. `https://scribe.example.com`): e-mails link to the transcript there. Unset: e-mails carry no link.",
  ),
  LIVE_MAX_SOCKETS_PER_USER: variable(
    int(1, 10_000).default(20),
    'Open /ws live connections allowed per user on each web process; more are refused (close code 4429).',
  ),
  REGISTER_RATE_LIMIT_PER_IP: variable(
    int(1, 1_000_000).default(10),
    'Accounts that may be registered from one client address (IPv6: per /64 network) per window; then 429.',
  ),
  REGISTER_RATE_LIMIT_WINDOW_MINUTES: variable(int(1, 7 * 24 * 60).default(60), 'Length of the registration rate-limit window (minutes).'),
  APP_DIST_DIR: variable(z.string().min(1).optional(), 'Built web app served at /. Missing folder: API only.', 'packages/app/dist'),
  SERVER_ROLE: variable(
    z.enum(['all', 'web', 'worker']).default('all'),
    'all (HTTP, /ws and transcription worker in one process), web (HTTP and /ws only) or worker (transcription jobs only; answers /api/health and /metrics on PORT). web and worker need PostgreSQL (DATABASE_URL): live events then reach the web processes through LISTEN/NOTIFY.',
  ),
  STORAGE_DRIVER: variable(
    z.enum(['local', 's3']).default('local'),
    'Where audio files go: local (DATA_DIR/files) or s3 (any S3-compatible object storage).',
  ),
  S3_ENDPOINT: variable(z.url().optional(), 'S3 endpoint URL, e.g. http://minio:9000. Unset: AWS S3.'),
  S3_REGION: variable(z.string().min(1).default('us-east-1'), 'S3 region.'),
  S3_BUCKET: variable(z.string().min(1).optional(), 'S3 bucket for audio files. Required with STORAGE_DRIVER=s3.'),
  S3_ACCESS_KEY_ID: variable(
    z.string().min(1).optional(),
    'S3 access key. Unset: the AWS SDK default credential chain (environment, profile, instance role).',
  ),
  S3_SECRET_ACCESS_KEY: variable(z.string().min(1).optional(), 'S3 secret key (set together with S3_ACCESS_KEY_ID).'),
  S3_FORCE_PATH_STYLE: variable(
    z.enum(['true', 'false']).default('false'),
    'true for path-style bucket URLs (MinIO, most self-hosted S3 servers).',
  ),
  UPLOAD_MAX_BYTES: variable(
    int(1024, 5 * 1024 ** 3).default(104_857_600),
    'Largest audio file accepted (bytes; 100 MB). The browser reads it from /api/config and checks it before sending. Files over 25 MB arrive in 25 MB chunks.',
  ),
  UPLOAD_ABANDON_HOURS: variable(
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24),
    'Unfinished chunked uploads are deleted after this many hours without a new chunk.',
  ),
  UPLOAD_MAX_UNFINISHED: variable(
    int(1, 1000).default(3),
    'Unfinished chunked uploads one user may have at a time; one more is refused (409) until one is finalized or removed.',
  ),
  STORAGE_QUOTA_BYTES: variable(
    int(0, Number.MAX_SAFE_INTEGER).default(2 * 1024 ** 3),
    'Audio one user may store (bytes; 2 GB): transcripts plus chunks of unfinished uploads. An upload past it is refused (413) and nothing of it is kept. 0: no limit.',
  ),
  TEMP_FILE_MAX_AGE_MINUTES: variable(
    z.coerce
      .number()
      .positive()
      .max(7 * 24 * 60)
      .default(60),
    'Temporary files left by interrupted uploads are deleted once untouched this long (checked at start and every quarter of this time; at start all of them when the embedded database means this is the only process).',
  ),
  FOLDER_RESTORE_SECONDS: variable(
    int(1, 7 * 24 * 3600).default(60),
    'A deleted folder (with its sub-folders and transcripts) is gone from every read at once and can be restored this long (the Undo of the app); then its rows and stored audio are removed for good, which frees the quota. Checked every quarter of this time.',
  ),
  RECORDING_ABANDON_HOURS: variable(
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(72),
    'Unfinished streamed recordings are deleted after this many hours without a new piece; until then they are offered for recovery.',
  ),
  RECORDING_PIECE_MAX_BYTES: variable(
    int(1024, 64 * 1024 * 1024).default(1024 * 1024),
    'Largest piece of a streamed recording (bytes; 1 MiB). Browsers send a piece every second or two.',
  ),
  RECORDING_MAX_OPEN: variable(
    int(1, 1000).default(5),
    'Unfinished streamed recordings one user may have at a time; one more is refused (409) until one is finished or discarded.',
  ),
  TRANSCRIPTION_ENGINE: variable(
    z.enum(['builtin', 'openai']).default('builtin'),
    'builtin: Whisper tiny.en on this machine, no network, English only. openai: any OpenAI-compatible /v1/audio/transcriptions server (OpenAI, Speaches/faster-whisper, whisper.cpp server), needed for other languages.',
  ),
  TRANSCRIPTION_CONCURRENCY: variable(
    int(1, 64).optional(),
    'Transcription jobs one worker process runs at the same time. With the built-in engine they share its inference processes window by window, so a short recording does not wait for a long one to finish.',
    '(half the cores, at least 2)',
  ),
  TRANSCRIPTION_ENGINE_PROCESSES: variable(
    int(0, 64).optional(),
    'Inference processes of the built-in engine, each with its own copy of the model (about 150 MB); a long recording is cut at pauses and its parts transcribed side by side. 0 runs one inference at a time inside the server process, which then keeps the memory after the model is freed.',
    '(one per core, at most 4)',
  ),
  TRANSCRIPTION_ENGINE_IDLE_MINUTES: variable(
    z.coerce.number().min(0).max(10_080).default(10),
    'The built-in engine loads its model on the first transcription and frees it after this many minutes without one (0: keeps it once loaded).',
  ),
  TRANSCRIPTION_RETRIES: variable(
    int(0, 20).default(2),
    'Retries of a failed transcription job (server errors, timeouts, crashes) before the transcript shows the error. Files that cannot be decoded and refused requests (HTTP 4xx) are not retried.',
  ),
  TRANSCRIPTION_RETRY_DELAY_SECONDS: variable(
    int(0, 86_400).default(10),
    'Wait before the first retry; each further retry waits about twice as long.',
  ),
  TRANSCRIPTION_API_URL: variable(
    z.url().default('https://api.openai.com'),
    'Base URL of the OpenAI-compatible server (TRANSCRIPTION_ENGINE=openai); the server posts to {URL}/v1/audio/transcriptions.',
  ),
  TRANSCRIPTION_API_KEY: variable(
    z.string().min(1).optional(),
    'Bearer key for the transcription server. Unset: no Authorization header (self-hosted servers).',
  ),
  TRANSCRIPTION_MODEL: variable(z.string().min(1).default('whisper-1'), 'Model name sent to the transcription server.'),
  TRANSCRIPTION_RESPONSE_FORMAT: variable(
    z.enum(['auto', 'verbose_json', 'diarized_json']).default('auto'),
    "Answer format asked of the transcription server. verbose_json: segments and their words with times (a server's avg_logprob becomes confidence; a speaker per segment, as WhisperX-based servers send, is kept). diarized_json: OpenAI's diarising model, segments with speakers, no word times. auto: diarized_json when TRANSCRIPTION_MODEL contains diarize (e.g. gpt-4o-transcribe-diarize), else verbose_json.",
  ),
  TRANSCRIPTION_LANGUAGE: variable(
    z
      .string()
      .regex(/^[a-z]{2,3}$/, 'must be a language code such as en or de')
      .optional(),
    'Spoken language as an ISO 639-1 code (e.g. de), sent to the transcription server. Unset: the server detects it. The built-in engine accepts only en.',
  ),
  TRANSCRIPTION_TIMEOUT_SECONDS: variable(
    int(1, 24 * 3600).default(600),
    'How long one request to the transcription server may take before it counts as failed (and is retried).',
  ),
  LIVE_DRAFT_ENABLED: variable(
    z.enum(['true', 'false']).default('true'),
    'Live draft text while recording: the process running the transcription engine transcribes the growing recording and sends drafts over /ws. false: recordings work without live text.',
  ),
  LIVE_DRAFT_MAX_SESSIONS: variable(
    int(1, 1000).default(2),
    'Recordings one process drafts live at once; further recordings work without live text. On an idle 2-core machine with the built-in engine, pnpm bench live-latency measured a p95 latency of 1.6–1.7 s for one recording, 1.9–2.3 s for two and 3.7–3.9 s for three (target 4 s); the default of 2 keeps a margin for the final transcription of finished recordings on the same cores.',
  ),
  LIVE_DRAFT_LEASE_SECONDS: variable(
    int(1, 3600).default(30),
    'PostgreSQL with separate web and worker processes: a worker renews its claim on the recordings it drafts live every quarter of this; a claim not renewed for this long belonged to a worker that died, and the recording goes on without live text.',
  ),
  TRANSCRIPTION_RECOVERY_INTERVAL_SECONDS: variable(
    int(1, 24 * 3600).default(60),
    'PostgreSQL: how often each worker looks for jobs of a worker that died (their lease ended with its connection) and starts them again.',
  ),
  TRANSCRIPTION_ORPHAN_GRACE_SECONDS: variable(
    int(0, 24 * 3600).default(30),
    'PostgreSQL: a running job without a live lease counts as orphaned only once it started this long ago (it may just have been taken).',
  ),
  STARTING_CREDITS: variable(int(0, 1_000_000_000).default(60), 'Credits a new account starts with.'),
  CREDITS_PER_TRANSCRIPTION_MINUTE: variable(int(0, 1_000_000).default(1), 'Credits charged per started minute of transcribed audio.'),
  PROMPT_COST_LOCAL: variable(int(0, 1_000_000).default(1), 'Credits per AI prompt run by the built-in local engine.'),
  PROMPT_COST_GPT_3_5: variable(int(0, 1_000_000).default(1), 'Credits per AI prompt with the gpt-3.5 model.'),
  PROMPT_COST_GPT_4: variable(int(0, 1_000_000).default(5), 'Credits per AI prompt with the gpt-4 model.'),
  CREDIT_PACKAGES: variable(
    z
      .string()
      .default('100:999,500:3999,1200:7999')
      .transform((value, ctx) => {
        const packages = parseCreditPackages(value);
        if (!packages) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be comma-separated credits:cents pairs with distinct credits, e.g. 100:999,500:3999',
          });
          return z.NEVER;
        }
        return packages;
      }),
    'Credit packages for sale: comma-separated credits:price pairs, price in US cents.',
    '100:999,500:3999,1200:7999',
  ),
  STRIPE_SECRET_KEY: variable(
    z.string().min(1).optional(),
    'Stripe secret key. Set with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take card payments through Stripe. Unset: the built-in test-mode provider (test cards only, no money moves).',
  ),
  STRIPE_PUBLISHABLE_KEY: variable(z.string().min(1).optional(), 'Stripe publishable key, sent to the browser for the Payment Element.'),
  STRIPE_WEBHOOK_SECRET: variable(
    z.string().min(1).optional(),
    'Signing secret of the Stripe webhook endpoint {URL}/api/credits/stripe/webhook (event payment_intent.succeeded).',
  ),
  STRIPE_API_BASE: variable(z.url().default('https://api.stripe.com'), 'Base URL of the Stripe API (tests point it at a local fake).'),
  AI_BASE_URL: variable(
    z.url().optional(),
    'Base URL of an OpenAI-compatible chat API (OpenAI, Azure, Ollama, vLLM), e.g. https://api.openai.com/v1. Unset: AI prompts run on the built-in rule-based engine (English and German, no language model).',
  ),
  AI_API_KEY: variable(z.string().min(1).optional(), 'Bearer key for the chat API.'),
  AI_MODEL_GPT4: variable(z.string().min(1).default('gpt-4'), 'Model id sent to the chat API when a user picks gpt-4 (the default).'),
  AI_MODEL_GPT35: variable(z.string().min(1).default('gpt-3.5-turbo'), 'Model id sent to the chat API when a user picks gpt-3.5.'),
  AI_TIMEOUT_SECONDS: variable(
    int(1, 3600).default(120),
    'How long one chat request (a whole streamed answer) may take before the prompt fails and is refunded.',
  ),
  AI_CONTEXT_TOKENS: variable(
    int(1024, 10_000_000).default(8192),
    "The model's context window in tokens (prompt and answer). Longer transcripts are read in parts and summarised (map-reduce). Set it to the model's real size: Ollama silently drops what exceeds its num_ctx, so give both the same value.",
  ),
  AI_ANSWER_TOKENS: variable(
    int(64, 1_000_000).default(1024),
    'Tokens of the context kept for each answer (max_tokens); must be less than AI_CONTEXT_TOKENS.',
  ),
};

export type ConfigVariable = keyof typeof variables;

export const envSchema = z.object(
  Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.schema])) as {
    [K in ConfigVariable]: (typeof variables)[K]['schema'];
  },
);

/** The default a variable takes when unset, as text: the schema's own, or "(unset)". */
function defaultText(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return '(unset)';
  return Array.isArray(parsed.data) ? parsed.data.join(',') : String(parsed.data);
}

/** The README's configuration table: every variable, its default and its description. */
export const configTable = (Object.entries(variables) as Array<[ConfigVariable, Variable<z.ZodType>]>).map(([name, v]) => ({
  name,
  default: v.shown ?? defaultText(v.schema),
  description: v.description,
}));

/** '100:999,500:3999' -> packages; null when malformed, empty or with the same credits twice. */
export function parseCreditPackages(value: string): Array<{ credits: number; price: number }> | null {
  const packages: Array<{ credits: number; price: number }> = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,9})\s*:\s*(\d{1,9})$/.exec(part);
    if (!match) return null;
    const credits = Number(match[1]);
    const price = Number(match[2]);
    // Stripe's smallest USD charge is 50 cents.
    if (credits < 1 || price < 50 || packages.some((p) => p.credits === credits)) return null;
    packages.push({ credits, price });
  }
  return packages.length ? packages : null;
}

/** The configuration table as markdown, for the README. */
export function configTableMarkdown(): string {
  const rows = configTable.map((r) => `| \`${r.name}\` | \`${r.default}\` | ${r.description} |`);
  return ['| Variable | Default | Description |', '|---|---|---|', ...rows].join('\n');
}
