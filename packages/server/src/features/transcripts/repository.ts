import type { RevisionChange } from '@scribe/api-client';
import { and, desc, eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { markSearchBacklog } from './search-backlog.ts';
import { folders, transcriptRevisions, transcripts, type TranscriptRow } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Keeps the engine's output as revision 1, once: when the transcription completes, and lazily (first
 * edit or read of the revisions) for transcripts that completed before revisions were kept. Only an
 * unedited completed transcript (revision 1) is copied, and an existing revision 1 is never touched.
 */
export async function writeOriginalRevision(db: Db | Tx, transcriptId: number): Promise<void> {
  await db.execute(sql`
    insert into ${transcriptRevisions} (transcript_id, user_id, number, title, segments, changes, created_at)
    select id, user_id, 1, title, segments, '["original"]'::jsonb, updated_at from ${transcripts}
    where id = ${transcriptId} and revision = 1 and status = 'completed'
    on conflict (transcript_id, number) do nothing`);
}

/** The state an edit is decided on, read under the row lock. */
export interface LockedTranscript {
  revision: number;
  title: string;
}

/** What a new revision holds; segments left out keep the current ones. */
export interface NextRevision {
  title: string;
  /** The segments as stored, JSON (made in a worker thread: see prepare-edit.ts). */
  segments?: string;
  content?: string;
  changes: RevisionChange[];
  restoredFrom?: number;
  /** With segments: the (start, text, speaker) triples that went and came (JSON of { removed, added }), so the search index need not diff. */
  searchChanges?: string;
  /** The search changes are applied after the edit, in batches (search-backlog.ts): mark the transcript. */
  searchDeferred?: boolean;
}

export type CommitResult =
  | { kind: 'saved'; revision: number }
  | { kind: 'unchanged'; revision: number }
  | { kind: 'missing' }
  | { kind: 'not_editable' }
  | { kind: 'conflict'; current: number };

export interface NewTranscript {
  id: number;
  userId: number;
  title: string;
  audioKey: string;
  audioMime: string;
  audioBytes: number;
  /** 'video' when the file has a video track (unset: sound only). */
  mediaKind?: 'audio' | 'video';
  originalName: string;
  /** The spoken language chosen at upload; null: the engine's default or detection. */
  language?: string | null;
  /** The account's free tutorial sample (transcribed without charge). */
  isTutorialSample?: boolean;
  /** The folder it is created in (null or unset: the top level). */
  folderId?: number | null;
}

/** Every query is filtered by the owner: another user's ids behave as missing ones. */
export function createTranscriptsRepository(db: Db) {
  return {
    async get(userId: number, id: number): Promise<TranscriptRow | undefined> {
      const [row] = await db
        .select()
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    /** The transcript's answer fields, its segments as the stored JSON text (sent as they are, never parsed here). */
    async getWithSegmentsText(userId: number, id: number) {
      const [row] = await db
        .select({
          id: transcripts.id,
          title: transcripts.title,
          content: transcripts.content,
          audioKey: transcripts.audioKey,
          folderId: transcripts.folderId,
          createdAt: transcripts.createdAt,
          revision: transcripts.revision,
          durationSeconds: transcripts.durationSeconds,
          status: transcripts.status,
          progress: transcripts.progress,
          error: transcripts.error,
          errorCode: transcripts.errorCode,
          errorParams: transcripts.errorParams,
          language: transcripts.language,
          mediaKind: transcripts.mediaKind,
          segments: sql<string>`${transcripts.segments}::text`,
        })
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    async audio(userId: number, id: number) {
      const [row] = await db
        .select({ key: transcripts.audioKey, mime: transcripts.audioMime })
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    /** 'folder' when the target folder is not the user's, 'transcript' when the transcript is not. */
    async move(userId: number, id: number, folderId: number | null): Promise<'ok' | 'folder' | 'transcript'> {
      return db.transaction(async (tx) => {
        if (folderId !== null) {
          const folder = await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.id, folderId), eq(folders.userId, userId)))
            .for('share');
          if (folder.length === 0) return 'folder';
        }
        const moved = await tx
          .update(transcripts)
          .set({ folderId, updatedAt: new Date() })
          .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)))
          .returning({ id: transcripts.id });
        return moved.length === 1 ? 'ok' : 'transcript';
      });
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)))
        .returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /** A failed transcript with its audio back to 'processing' from 0 %; false when it is not such a transcript. */
    async restart(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(transcripts)
        .set({ status: 'processing', progress: 0, error: null, errorCode: null, errorParams: null, updatedAt: new Date() })
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId), eq(transcripts.status, 'error')))
        .returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /**
     * Adds a revision in one transaction: the transcript row is locked, its revision checked against
     * `base` (null: on top of whatever is current, for a title or a restore), revision 1 kept if it
     * was not yet, then the transcript row and the new revision row written together.
     */
    async commitRevision(
      userId: number,
      id: number,
      base: number | null,
      build: (locked: LockedTranscript) => NextRevision | null,
    ): Promise<CommitResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ revision: transcripts.revision, title: transcripts.title, status: transcripts.status })
          .from(transcripts)
          .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)))
          .for('update');
        if (!row) return { kind: 'missing' };
        if (row.status !== 'completed') return { kind: 'not_editable' };
        if (base !== null && base !== row.revision) return { kind: 'conflict', current: row.revision };
        const next = build(row);
        if (!next) return { kind: 'unchanged', revision: row.revision };
        if (row.revision === 1) await writeOriginalRevision(tx, id);
        const number = row.revision + 1;
        if (next.segments && next.searchChanges) {
          // Read by the search index's trigger on the update below (search migration), for this update only.
          await tx.execute(sql`select set_config('scribe.search_segment_changes', ${next.searchChanges}, true)`);
        }
        await tx
          .update(transcripts)
          .set({
            title: next.title,
            ...(next.segments !== undefined ? { segments: sql`${next.segments}::jsonb`, content: next.content ?? '' } : {}),
            revision: number,
            updatedAt: new Date(),
          })
          .where(eq(transcripts.id, id));
        if (next.searchDeferred) await tx.execute(markSearchBacklog(id));
        // Copied from the row just written, so the segments cross to the database once.
        await tx.execute(sql`
          insert into ${transcriptRevisions} (transcript_id, user_id, number, title, segments, changes, restored_from)
          select id, user_id, ${number}, title, segments, ${JSON.stringify(next.changes)}::jsonb, ${next.restoredFrom ?? null}
          from ${transcripts} where id = ${id}`);
        return { kind: 'saved', revision: number };
      });
    },

    /** What an edit is checked against, without the segments (they may be large). */
    async editState(userId: number, id: number) {
      const [row] = await db
        .select({
          status: transcripts.status,
          revision: transcripts.revision,
          title: transcripts.title,
          durationSeconds: transcripts.durationSeconds,
        })
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
      return row;
    },

    /** The current segments as stored (JSON text, parsed where they are used), when `revision` is still the current one. */
    async segmentsAt(userId: number, id: number, revision: number): Promise<string | undefined> {
      const [row] = await db
        .select({ segments: sql<string>`${transcripts.segments}::text` })
        .from(transcripts)
        .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId), eq(transcripts.revision, revision)));
      return row?.segments;
    },

    /** Revision summaries, newest first (the transcript's ownership is checked by the caller). */
    async revisions(userId: number, id: number) {
      return db
        .select({
          number: transcriptRevisions.number,
          createdAt: transcriptRevisions.createdAt,
          changes: transcriptRevisions.changes,
          restoredFrom: transcriptRevisions.restoredFrom,
        })
        .from(transcriptRevisions)
        .where(and(eq(transcriptRevisions.transcriptId, id), eq(transcriptRevisions.userId, userId)))
        .orderBy(desc(transcriptRevisions.number));
    },

    /** A revision's title and segments as stored (JSON text), for a restore. */
    async revisionText(userId: number, id: number, number: number) {
      const [row] = await db
        .select({ title: transcriptRevisions.title, segments: sql<string>`${transcriptRevisions.segments}::text` })
        .from(transcriptRevisions)
        .where(
          and(eq(transcriptRevisions.transcriptId, id), eq(transcriptRevisions.userId, userId), eq(transcriptRevisions.number, number)),
        );
      return row;
    },

    async revision(userId: number, id: number, number: number) {
      const [row] = await db
        .select()
        .from(transcriptRevisions)
        .where(
          and(eq(transcriptRevisions.transcriptId, id), eq(transcriptRevisions.userId, userId), eq(transcriptRevisions.number, number)),
        );
      return row;
    },

    writeOriginalRevision: (id: number) => writeOriginalRevision(db, id),

    /** Takes the next id first, so the audio can be stored under it before the row exists. */
    async reserveId(): Promise<number> {
      const [row] = await selectRows<{ id: number | string }>(db, sql`select nextval(pg_get_serial_sequence('transcripts', 'id')) as id`);
      return Number(row.id);
    },
  };
}
export type TranscriptsRepository = ReturnType<typeof createTranscriptsRepository>;
