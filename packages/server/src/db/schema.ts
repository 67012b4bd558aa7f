import type { ApiErrorCode, ApiErrorParams, RevisionChange, Segment } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    // Stored NFKC-normalised (accounts made before that, as typed); uniqueness and sign-in lookups
    // are case-insensitive through lower(), and compare compatibility forms alike (users_username_nfkc_idx).
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en'),
    /** Credit balance; changed only together with a credit_entries row (features/credits). */
    credits: integer('credits').notNull().default(0),
    /**
     * The account's latest tutorial sample transcript (no foreign key: it stays set after the
     * transcript is deleted). Set once the one free sample was made; later samples are charged.
     */
    tutorialSampleId: integer('tutorial_sample_id'),
    /** E-mail the account's address when a transcription finishes (Settings; only with SMTP_URL set). */
    emailWhenTranscribed: boolean('email_when_transcribed').notNull().default(false),
    /** Names and terms the transcription should expect (Settings; the upload dialog offers them). */
    vocabulary: jsonb('vocabulary').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Not unique: older accounts may hold two names that are one under NFKC (both keep signing in).
    index('users_username_nfkc_idx').on(sql`lower(normalize(${t.username}, NFKC))`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_credits_check', sql`${t.credits} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 (hex) of the cookie token: a leaked table does not give usable cookies.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Updated at most once a minute (features/auth), so a read does not become a write each time. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at sign-in (cut to 512 characters), shown in the list of sessions. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** ALTCHA challenges already redeemed, kept until they expire (replay protection). */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_at_idx').on(t.expiresAt)],
);

/**
 * Attempt counters, one fixed window per key: sign-ins ('login-ip:...', 'login-account:...') and
 * registrations ('register-ip:...'). features/auth/attempt-limiter.ts reserves an attempt before it is made.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

/**
 * Nested folders. The composite keys (id, user_id) make the database itself refuse a parent or a
 * transcript folder of another user; deleting a folder deletes its sub-folders and transcripts.
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('folders_id_user_id_key').on(t.id, t.userId),
    foreignKey({ name: 'folders_parent_fk', columns: [t.parentId, t.userId], foreignColumns: [t.id, t.userId] }).onDelete('cascade'),
    index('folders_user_id_parent_id_idx').on(t.userId, t.parentId),
  ],
);

/**
 * A deleted folder kept restorable for the undo time (FOLDER_RESTORE_SECONDS): its rows (the folder, its
 * sub-folders, their transcripts with revisions, AI outputs and shares) are taken out of their tables at
 * once, so every read leaves them out, and kept here as JSON. Restore puts them back as they were; the
 * purge removes the entry and the audio files after the undo time. The audio's bytes still count towards
 * the quota until then.
 */
export const deletedFolders = pgTable(
  'deleted_folders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id').notNull(),
    rows: jsonb('rows').notNull(),
    transcriptIds: jsonb('transcript_ids').$type<number[]>().notNull(),
    audioBytes: bigint('audio_bytes', { mode: 'number' }).notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('deleted_folders_folder_id_user_id_key').on(t.folderId, t.userId),
    index('deleted_folders_deleted_at_idx').on(t.deletedAt),
  ],
);

/**
 * A counter per user that database triggers raise whenever a change reaches the folder tree (a folder
 * added, renamed, moved or deleted; a transcript added, deleted, moved, renamed, or changing status or
 * duration): the tree route keeps its answer while the counter stays (features/folders). Triggers, so
 * every writer counts, in every process. The migration adding it holds the triggers.
 */
export const treeVersions = pgTable('tree_versions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** Raised only by changes to transcripts: a folder change reuses the transcripts' part of the tree. */
  transcriptsVersion: bigint('transcripts_version', { mode: 'number' }).notNull().default(0),
});

/**
 * Which transcripts each raise of a user's transcripts_version touched (added, changed in what the tree
 * shows, moved away or deleted), written by the same triggers: the tree route patches the transcripts'
 * part it keeps from the rows changed since, instead of reading all of them again. The triggers keep the
 * last few hundred versions per user; a kept part older than that is rebuilt.
 */
export const treeChanges = pgTable(
  'tree_changes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    transcriptId: integer('transcript_id').notNull(),
  },
  (t) => [index('tree_changes_user_id_version_idx').on(t.userId, t.version)],
);

/** The JSON shape stored in transcripts.segments: the contract's segment (api-client), so the two cannot drift. */
export type StoredSegment = Segment;

export const transcripts = pgTable(
  'transcripts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id'),
    title: text('title').notNull(),
    status: text('status', { enum: ['processing', 'completed', 'error'] })
      .notNull()
      .default('processing'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    // The cause of `error` by its api-client code and parameters, so the app can say it in the user's language.
    errorCode: text('error_code').$type<ApiErrorCode>(),
    errorParams: jsonb('error_params').$type<ApiErrorParams>(),
    durationSeconds: doublePrecision('duration_seconds'),
    language: text('language'),
    /** The custom vocabulary sent with the upload (null: none), kept so a retry transcribes with the same. */
    vocabulary: jsonb('vocabulary').$type<string[]>(),
    content: text('content').notNull().default(''),
    segments: jsonb('segments').$type<StoredSegment[]>().notNull().default([]),
    /** The current revision of title and segments (1: the engine's output; each edit adds one). */
    revision: integer('revision').notNull().default(1),
    audioKey: text('audio_key'),
    audioMime: text('audio_mime'),
    audioBytes: bigint('audio_bytes', { mode: 'number' }),
    /** 'video' when the stored file has a video track (found in its container at upload): the pages show the picture. */
    mediaKind: text('media_kind', { enum: ['audio', 'video'] })
      .notNull()
      .default('audio'),
    originalName: text('original_name'),
    /** The account's free tutorial sample: transcribed without charge. */
    isTutorialSample: boolean('is_tutorial_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'transcripts_folder_fk',
      columns: [t.folderId, t.userId],
      foreignColumns: [folders.id, folders.userId],
    }).onDelete('cascade'),
    index('transcripts_user_id_folder_id_idx').on(t.userId, t.folderId),
    check('transcripts_status_check', sql`${t.status} in ('processing', 'completed', 'error')`),
    check('transcripts_progress_check', sql`${t.progress} between 0 and 100`),
    check('transcripts_media_kind_check', sql`${t.mediaKind} in ('audio', 'video')`),
  ],
);

/**
 * Every revision of a transcript's title and segments (transcripts.title/segments hold the current one).
 * Revision 1 is the engine's output; rows are only ever added, never changed (features/transcripts).
 */
export const transcriptRevisions = pgTable(
  'transcript_revisions',
  {
    id: serial('id').primaryKey(),
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    segments: jsonb('segments').$type<StoredSegment[]>().notNull(),
    /** What this revision changed against the one before it ('original' for revision 1). */
    changes: jsonb('changes').$type<RevisionChange[]>().notNull(),
    /** The revision a restore copied. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('transcript_revisions_transcript_id_number_key').on(t.transcriptId, t.number),
    index('transcript_revisions_user_id_idx').on(t.userId),
    check('transcript_revisions_number_check', sql`${t.number} >= 1`),
  ],
);

/**
 * A chunked upload in progress. The id is made by the browser (so it can resume); the first
 * caller owns it. Rows are removed by the abandoned-upload sweep.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalName: text('original_name').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    /** Audio format sniffed from chunk 0 (features/uploads/audio-format.ts: AudioFormat), once it has arrived. */
    format: text('format'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set together with transcriptId, in the transaction that creates the transcript. */
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    transcriptId: integer('transcript_id').references(() => transcripts.id, { onDelete: 'set null' }),
    /**
     * A finalize in progress: the transcript id it reserved (its audio is written under that id) and
     * when its process last said it is still joining. A claim whose process died is released (and its
     * partial file removed) at start-up or once the heartbeat is old, so the upload can be finalized again.
     */
    finalizingTranscriptId: integer('finalizing_transcript_id'),
    finalizingHeartbeatAt: timestamp('finalizing_heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('uploads_user_id_idx').on(t.userId), index('uploads_updated_at_idx').on(t.updatedAt)],
);

/** One row per received chunk: duplicate detection and the resume status come from here. */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    bytes: integer('bytes').notNull(),
    /** Each arrival gets its own key, so a retried chunk replaces the first only once it is complete. */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.chunkIndex] })],
);

/**
 * A recording streamed in pieces while it is captured (features/recordings). Pieces are accepted in
 * order only, so `next_seq` is also the number of acknowledged pieces. A finished or discarded
 * recording keeps its row (without pieces) until the sweep, so a late piece is told it is closed.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's recorder type ('audio/webm;codecs=opus'); the container is sniffed at finish. */
    mimeType: text('mime_type').notNull(),
    language: text('language'),
    /** The client asked for live text: acknowledged pieces are passed on to the live-text side. */
    live: boolean('live').notNull().default(true),
    state: text('state', { enum: ['open', 'finished', 'discarded'] })
      .notNull()
      .default('open'),
    nextSeq: integer('next_seq').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull().default(0),
    /** A finish in progress: the transcript id it reserved and when its process last said it is joining. */
    finishingTranscriptId: integer('finishing_transcript_id'),
    finishingHeartbeatAt: timestamp('finishing_heartbeat_at', { withTimezone: true }),
    transcriptId: integer('transcript_id').references(() => transcripts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last piece (or the state change): the abandon time counts from here. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recordings_user_id_idx').on(t.userId, t.state),
    index('recordings_updated_at_idx').on(t.updatedAt),
    check('recordings_state_check', sql`${t.state} in ('open', 'finished', 'discarded')`),
  ],
);

/** One row per acknowledged piece, written only after its bytes are stored. */
export const recordingPieces = pgTable(
  'recording_pieces',
  {
    recordingId: text('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: integer('bytes').notNull(),
    /** Hex SHA-256 of the piece: a re-sent piece is acknowledged again only with the same bytes. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);

/**
 * Which worker drafts a recording's live text when web and worker processes are separate
 * (features/live-draft/remote.ts). One row per recording offered live text: the first worker to insert
 * it wins; worker_id '' means nobody drafts it (declined, or its worker stopped or died). A worker
 * renews heartbeat_at while it drafts; a row not renewed for the lease belongs to a dead worker.
 */
export const liveDraftClaims = pgTable('live_draft_claims', {
  recordingId: text('recording_id')
    .primaryKey()
    .references(() => recordings.id, { onDelete: 'cascade' }),
  workerId: text('worker_id').notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CREDIT_ENTRY_KINDS = ['starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund', 'admin_grant'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/**
 * The credit ledger: append-only. Every change of users.credits writes one row in the same
 * transaction (amount signed, balance after it). `reference` makes a change happen at most once:
 * e.g. ('transcription', 'transcript:12'), ('refund', 'transcript:12'), ('purchase', 'payment:pi_...').
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    // Null once the account is deleted: the entries stay (anonymised) so the books still add up.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reference: text('reference'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_id_idx').on(t.userId, t.id),
    uniqueIndex('credit_entries_kind_reference_idx').on(t.kind, t.reference),
    check(
      'credit_entries_kind_check',
      sql`${t.kind} in ('starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund', 'admin_grant')`,
    ),
    check('credit_entries_balance_after_check', sql`${t.balanceAfter} >= 0`),
  ],
);

/** A purchase of a credit package through a payment provider ('test' or 'stripe'). */
export const payments = pgTable(
  'payments',
  {
    /** The provider's payment id (Stripe: the PaymentIntent id). */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded'] })
      .notNull()
      .default('pending'),
    clientSecret: text('client_secret').notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_id_idx').on(t.userId),
    uniqueIndex('payments_client_secret_idx').on(t.clientSecret),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded')`),
  ],
);

/** Saved prompts of a user (docs/product-spec.md §3: name, prompt, icon). */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    icon: text('icon', { enum: ['FileText', 'Languages', 'Book', 'Wand2'] })
      .notNull()
      .default('FileText'),
    /** The user's order of their saved prompts (lowest first; ties by creation). */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prompts_user_id_idx').on(t.userId),
    check('prompts_icon_check', sql`${t.icon} in ('FileText', 'Languages', 'Book', 'Wand2')`),
  ],
);

/** Results of prompts run over a transcript; owned through the transcript, gone with it. */
export const aiOutputs = pgTable(
  'ai_outputs',
  {
    id: serial('id').primaryKey(),
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    output: text('output').notNull(),
    /** 'local' (rule-based) or 'openai' (an OpenAI-compatible chat API). */
    engine: text('engine').notNull(),
    /** The model id that produced the output ('rule-based' for the local engine). */
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_outputs_transcript_id_idx').on(t.transcriptId, t.createdAt)],
);

/** Personal API tokens (Settings): `Authorization: Bearer …` on the API, as their owner. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // sha256 (hex) of the secret: a leaked table gives no usable tokens.
    hash: text('hash').notNull(),
    /** The secret's first characters, shown in the list to tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute, like sessions. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Kept (not deleted) so a revoked token answers its own code rather than 'invalid'. */
    revoked: boolean('revoked').notNull().default(false),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.hash), index('api_tokens_user_id_idx').on(t.userId)],
);

/** HTTPS endpoints a user registered for events (features/webhooks). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event names subscribed to (api-client webhookEvents). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** Signing key of the deliveries; the receiver got it once, at creation. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list is read in id order: (user_id, id) serves it without a sort or a scan of others' rows.
  (t) => [index('webhooks_user_id_id_idx').on(t.userId, t.id)],
);

/** One event for one webhook: at most one row per event id, so an event is never delivered twice. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** The exact body sent on every attempt (the signature covers it). */
    body: text('body').notNull(),
    /** pending, retrying, delivered or failed. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_event_unique').on(t.webhookId, t.eventId),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);

/**
 * Read-only public links to one transcript. Only the SHA-256 of the token is kept; revoking deletes the
 * row, so a revoked token is as unknown as a wrong one.
 */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    /** base64url SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    includeAiOutputs: boolean('include_ai_outputs').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shares_token_hash_key').on(t.tokenHash),
    index('shares_user_id_transcript_id_idx').on(t.userId, t.transcriptId),
    index('shares_transcript_id_idx').on(t.transcriptId),
  ],
);

/** PostgreSQL's full-text document type; written and read through SQL only (features/search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index's hits (features/search): one row per searchable text of a completed transcript,
 * its title, each segment of the current revision and each AI output, kept in step by triggers
 * (migration 0014_search_index_triggers.sql) whenever those change. Read per transcript, for the hits
 * and snippets of the few transcripts a search returns; only titles are looked up by word.
 * `tsv` holds the words stemmed with `config` (the transcript's language) and unstemmed ('simple'),
 * so a query matches by stem and, for the word being typed, by prefix.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['title', 'segment', 'ai_output'] }).notNull(),
    aiOutputId: integer('ai_output_id').references(() => aiOutputs.id, { onDelete: 'cascade' }),
    start: doublePrecision('start'),
    text: text('text').notNull(),
    /** A text search configuration name ('german', 'english'). */
    config: text('config').notNull(),
    tsv: tsvector('tsv').notNull(),
  },
  (t) => [
    index('search_documents_transcript_kind_idx').on(t.transcriptId, t.kind, t.start),
    index('search_documents_title_tsv_idx')
      .using('gin', t.tsv)
      .where(sql`${t.kind} = 'title'`)
      .with({ fastupdate: false }),
    index('search_documents_ai_output_id_idx').on(t.aiOutputId),
    check('search_documents_kind_check', sql`${t.kind} in ('title', 'segment', 'ai_output')`),
  ],
);

/**
 * The search index's matching and ranking (features/search): one document per completed transcript,
 * its title, text and AI outputs weighted A, B and C (search_index_document in the migration), so
 * "every word somewhere in the transcript" is one lookup in the GIN index.
 */
export const searchTranscripts = pgTable(
  'search_transcripts',
  {
    transcriptId: integer('transcript_id')
      .primaryKey()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tsv: tsvector('tsv').notNull(),
  },
  // No index on user_id: the GIN index finds the words and the owner is checked on its rows, which
  // stays cheap while one user's library is most of the table (self-hosted); see the repository.
  // fastupdate off: new entries go straight into the index instead of a pending list that every
  // search reads through until a VACUUM merges it (PGlite never runs one; with 10,000 documents the
  // list made a common word's lookup ten times slower). Documents are written once per transcript.
  (t) => [index('search_transcripts_tsv_idx').using('gin', t.tsv).with({ fastupdate: false })],
);

/**
 * Transcripts edited since their search document was built: searched through their per-text rows
 * (search_documents, always current) until the document is rebuilt. An edit only adds a row here, so
 * saving stays proportional to what changed.
 */
export const searchStale = pgTable('search_stale', {
  transcriptId: integer('transcript_id')
    .primaryKey()
    .references(() => transcripts.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The last edit: the document is rebuilt once the transcript has been quiet for a while. */
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = {
  users,
  sessions,
  usedCaptchas,
  attemptCounters,
  folders,
  transcripts,
  transcriptRevisions,
  uploads,
  uploadChunks,
  recordings,
  recordingPieces,
  liveDraftClaims,
  creditEntries,
  payments,
  prompts,
  aiOutputs,
  apiTokens,
  webhooks,
  webhookDeliveries,
  shares,
  treeVersions,
  treeChanges,
  searchDocuments,
  searchTranscripts,
  searchStale,
};
export type Schema = typeof schema;
export type UserRow = typeof users.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;
export type TranscriptRow = typeof transcripts.$inferSelect;
export type TranscriptRevisionRow = typeof transcriptRevisions.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type RecordingRow = typeof recordings.$inferSelect;
export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PromptRow = typeof prompts.$inferSelect;
export type AiOutputRow = typeof aiOutputs.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
