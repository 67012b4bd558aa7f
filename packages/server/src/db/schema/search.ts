// The search index (features/search), kept in step with transcripts and AI outputs by triggers.
import { sql } from 'drizzle-orm';
import { check, customType, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerColumn } from './accounts.ts';
import { aiOutputs } from './ai.ts';
import { transcriptColumn, transcripts } from './library.ts';

/** PostgreSQL's full-text document type; written and read through SQL only (features/search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index's hits (features/search): one row per searchable text of a completed transcript,
 * its title, each segment of the current revision and each AI output, kept in step by triggers
 * (migration 0014_search_index_triggers.sql) whenever those change. Read per transcript, for the hits
 * and snippets of the few transcripts a search returns; only titles are looked up by word.
 * `tsv` holds the words stemmed with `config` (the transcript's language) and unstemmed ('simple'),
 * so a query matches by stem and, for the word being typed, by prefix. A segment's row also holds its
 * speaker (search by speaker; migration 0028_search_speaker_triggers.sql).
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn(),
    transcriptId: transcriptColumn(),
    kind: text('kind', { enum: ['title', 'segment', 'ai_output'] }).notNull(),
    aiOutputId: integer('ai_output_id').references(() => aiOutputs.id, { onDelete: 'cascade' }),
    start: doublePrecision('start'),
    text: text('text').notNull(),
    /** kind 'segment': the segment's speaker as stored ('Unknown Speaker' when it has none); null otherwise. */
    speaker: text('speaker'),
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
    // A speaker's segments of one transcript (search by speaker), and a user's speaker names in order
    // (GET /api/search/speakers reads one entry per name, skipping from each name to the next).
    index('search_documents_segment_speaker_idx')
      .on(t.transcriptId, t.speaker)
      .where(sql`${t.kind} = 'segment'`),
    index('search_documents_user_speaker_idx')
      .on(t.userId, t.speaker)
      .where(sql`${t.kind} = 'segment'`),
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
    userId: ownerColumn(),
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
  userId: ownerColumn(),
  /** The last edit: the document is rebuilt once the transcript has been quiet for a while. */
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});
