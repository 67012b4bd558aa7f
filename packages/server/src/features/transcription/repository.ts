import type { ApiErrorCode, ApiErrorParams } from '@scribe/api-client';
import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { transcripts } from '../../db/schema.ts';
import { searchPairChanges } from '../transcripts/edit.ts';
import { searchBatches } from '../transcripts/prepare-edit.ts';
import { writeOriginalRevision } from '../transcripts/repository.ts';
import { SEARCH_BATCH_CHARS, type SearchBacklog } from '../transcripts/search-backlog.ts';
import type { TranscriptionResult } from './engines/types.ts';
import { TRANSCRIPTION_QUEUE } from './queue.ts';

export interface JobTranscript {
  id: number;
  userId: number;
  status: 'processing' | 'completed' | 'error';
  audioKey: string | null;
  audioMime: string | null;
  /** The spoken language chosen at upload (null: the engine's default or detection). */
  language: string | null;
  /** The custom vocabulary sent with the upload (null: none). */
  vocabulary: string[] | null;
  /** How many speakers the upload said it has (null: estimated). */
  speakers: number | null;
  /** The account's free tutorial sample (features/tutorial): transcribed without charge. */
  isTutorialSample: boolean;
}

export interface ProcessingTranscript {
  id: number;
  userId: number;
  createdAt: Date;
  /** The newest pg-boss job for it, if any is still in the job table. */
  jobId: string | null;
  jobState: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed' | null;
  jobStartedOn: Date | null;
}

/**
 * The worker's writes. Each one is scoped to the transcript's owner and only touches a transcript that
 * is still 'processing', so a transcript deleted (or finished by a duplicate job) meanwhile is never
 * written or brought back.
 */
export function createTranscriptionRepository(db: Db, options: { searchBacklog?: SearchBacklog } = {}) {
  const { searchBacklog } = options;
  const processing = (t: Pick<JobTranscript, 'id' | 'userId'>) =>
    and(eq(transcripts.id, t.id), eq(transcripts.userId, t.userId), eq(transcripts.status, 'processing'));

  return {
    async load(id: number): Promise<JobTranscript | undefined> {
      const [row] = await db
        .select({
          id: transcripts.id,
          userId: transcripts.userId,
          status: transcripts.status,
          audioKey: transcripts.audioKey,
          audioMime: transcripts.audioMime,
          language: transcripts.language,
          vocabulary: transcripts.vocabulary,
          speakers: transcripts.speakers,
          isTutorialSample: transcripts.isTutorialSample,
        })
        .from(transcripts)
        .where(eq(transcripts.id, id));
      return row;
    },

    async stillProcessing(t: JobTranscript): Promise<boolean> {
      const rows = await db.select({ id: transcripts.id }).from(transcripts).where(processing(t));
      return rows.length === 1;
    },

    /** False when the transcript is gone or no longer processing. */
    async setProgress(t: JobTranscript, progress: number): Promise<boolean> {
      const rows = await db.update(transcripts).set({ progress }).where(processing(t)).returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /**
     * An attempt starts from zero: progress 0 and no text (an earlier attempt may have left its
     * beginning). False when the transcript is gone or no longer processing.
     */
    async restart(t: JobTranscript): Promise<boolean> {
      const rows = await db
        .update(transcripts)
        .set({
          progress: 0,
          segments: sql`case when jsonb_array_length(${transcripts.segments}) = 0 then ${transcripts.segments} else '[]'::jsonb end`,
        })
        .where(processing(t))
        .returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /**
     * Adds the next finished segments (JSON of an array) to a transcript still processing, after those
     * stored so far, which must number `storedCount` (else nothing is written: false, as when the
     * transcript is gone or finished). Only the new segments cross to the database. The search index's
     * trigger is told that nothing it indexes changed (a processing transcript has no search entries;
     * diffing the old and new lists would cost the embedded database's thread more as the text grows).
     */
    async appendSegments(t: JobTranscript, storedCount: number, json: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('scribe.search_segment_changes', '{"removed":[],"added":[]}', true)`);
        const rows = await tx
          .update(transcripts)
          .set({ segments: sql`${transcripts.segments} || ${json}::jsonb` })
          .where(and(processing(t), sql`jsonb_array_length(${transcripts.segments}) = ${storedCount}`))
          .returning({ id: transcripts.id });
        // The trigger marks an updated transcript for a search rebuild; a processing one has nothing to rebuild.
        await tx.execute(sql`delete from search_stale where transcript_id = ${t.id}`);
        return rows.length === 1;
      });
    },

    /**
     * Stores the result and completes the transcript; the search index's trigger indexes it. With a
     * search backlog (the embedded database) a text larger than one of its batches is indexed by the
     * backlog instead, in batches after the update (search-backlog.ts): indexing 30 minutes of speech
     * inside the update held every other request up to 130 ms there (migration 0029).
     */
    async complete(t: JobTranscript, result: TranscriptionResult): Promise<boolean> {
      const batches = searchBacklog ? searchBatches(searchPairChanges([], result.segments), SEARCH_BATCH_CHARS) : undefined;
      const stored = await db.transaction(async (tx) => {
        // Read by the search index's trigger on the update below (migration 0029), for this update only.
        if (batches) await tx.execute(sql`select set_config('scribe.search_completion_deferred', 'on', true)`);
        const rows = await tx
          .update(transcripts)
          .set({
            status: 'completed',
            progress: 100,
            error: null,
            errorCode: null,
            errorParams: null,
            content: result.segments
              .map((s) => s.text.trim())
              .filter(Boolean)
              .join(' '),
            segments: result.segments,
            durationSeconds: result.durationSeconds,
            language: result.language,
            updatedAt: new Date(),
          })
          .where(processing(t))
          .returning({ id: transcripts.id });
        // The engine's output is kept as revision 1 (features/transcripts), before anyone can edit it.
        if (rows.length === 1) await writeOriginalRevision(tx, t.id);
        return rows.length === 1;
      });
      if (stored && batches) searchBacklog?.apply(t.id, batches);
      return stored;
    },

    /** The audio's length, known before the transcript completes (a failed charge). */
    async noteDuration(t: JobTranscript, seconds: number): Promise<void> {
      await db.update(transcripts).set({ durationSeconds: seconds }).where(processing(t));
    },

    async fail(
      t: Pick<JobTranscript, 'id' | 'userId'>,
      message: string,
      code: ApiErrorCode,
      params: ApiErrorParams | null,
    ): Promise<boolean> {
      const rows = await db
        .update(transcripts)
        // The beginning of a transcription that failed is no transcript: its text goes with it.
        .set({ status: 'error', error: message, errorCode: code, errorParams: params, segments: [], content: '', updatedAt: new Date() })
        .where(processing(t))
        .returning({ id: transcripts.id });
      return rows.length === 1;
    },

    /** Transcripts waiting for a transcription, each with the state of its newest job. */
    async processingWithJobs(): Promise<ProcessingTranscript[]> {
      const rows = await selectRows<{
        id: number;
        user_id: number;
        created_at: Date | string;
        job_id: string | null;
        state: ProcessingTranscript['jobState'];
        started_on: Date | string | null;
      }>(
        db,
        sql`select t.id, t.user_id, t.created_at, j.id as job_id, j.state, j.started_on
            from ${transcripts} t
            left join lateral (
              select id, state::text as state, started_on from pgboss.job
              where name = ${TRANSCRIPTION_QUEUE} and data->>'transcriptId' = t.id::text
              order by created_on desc
              limit 1
            ) j on true
            where t.status = 'processing'`,
      );
      const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
      return rows.map((r) => ({
        id: Number(r.id),
        userId: Number(r.user_id),
        createdAt: date(r.created_at)!,
        jobId: r.job_id,
        jobState: r.state,
        jobStartedOn: date(r.started_on),
      }));
    },
  };
}
export type TranscriptionRepository = ReturnType<typeof createTranscriptionRepository>;
