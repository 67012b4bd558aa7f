// Audio arriving: chunked uploads and live recordings (with the claims of who drafts their live text).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from './accounts.ts';
import { transcripts } from './library.ts';

/**
 * A chunked upload in progress. The id is made by the browser (so it can resume); the first
 * caller owns it. Rows are removed by the abandoned-upload sweep.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: ownerColumn(),
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
    userId: ownerColumn(),
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
