// The library: folders (with their deleted-and-restorable copies and the tree's change counters),
// transcripts with their revisions, and the public links to them.
import type { ApiErrorCode, ApiErrorParams, RevisionChange, Segment } from '@scribe/api-client';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerColumn, users } from './accounts.ts';

/**
 * Nested folders. The composite keys (id, user_id) make the database itself refuse a parent or a
 * transcript folder of another user; deleting a folder deletes its sub-folders and transcripts.
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn(),
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
    userId: ownerColumn(),
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
    userId: ownerColumn(),
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
    userId: ownerColumn(),
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
    /** How many speakers the upload said it has (null: estimated), kept so a retry finds the same. */
    speakers: integer('speakers'),
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
    check('transcripts_speakers_check', sql`${t.speakers} between 1 and 10`),
  ],
);

/** The transcript a row belongs to; deleting the transcript deletes the row. */
export function transcriptColumn() {
  return integer('transcript_id')
    .notNull()
    .references(() => transcripts.id, { onDelete: 'cascade' });
}

/**
 * Every revision of a transcript's title and segments (transcripts.title/segments hold the current one).
 * Revision 1 is the engine's output; rows are only ever added, never changed (features/transcripts).
 */
export const transcriptRevisions = pgTable(
  'transcript_revisions',
  {
    id: serial('id').primaryKey(),
    transcriptId: transcriptColumn(),
    userId: ownerColumn(),
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
 * Read-only public links to one transcript. Only the SHA-256 of the token is kept; revoking deletes the
 * row, so a revoked token is as unknown as a wrong one.
 */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn(),
    transcriptId: transcriptColumn(),
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
