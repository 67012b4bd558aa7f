import { searchLimits, SNIPPET_MATCH_END, SNIPPET_MATCH_START, type SearchHitKind } from '@scribe/api-client';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { folders } from '../../db/schema.ts';
import { refreshStaleInSteps } from './document-steps.ts';

/** One hit as the query returns it, best transcript first, its best hits first. */
export interface HitRow {
  transcriptId: number;
  title: string;
  folderId: number | null;
  kind: SearchHitKind;
  start: number | null;
  aiOutputId: number | null;
  snippet: string;
}

export interface SearchOptions {
  folderId?: number;
  limit: number;
  /** Only segments of this speaker (the name as stored): no title or AI output hits. */
  speaker?: string;
}

/**
 * Ranking reads a transcript's whole document (tens of KB), so it is bounded: of the transcripts that
 * match, the newest RANKED_MAX are ranked, plus every one whose title has a word of the query (the
 * newest RANKED_MAX of those). Only a word found in hundreds of transcripts reaches the bound; such a
 * word hardly tells transcripts apart by rank, and finding which ones match needs the index alone.
 */
const RANKED_MAX = 100;

const marks = `StartSel=${SNIPPET_MATCH_START}, StopSel=${SNIPPET_MATCH_END}`;
/** A title is short: all of it, every match marked. */
const titleHeadline = `HighlightAll=true, ${marks}`;
/** A segment is a sentence or two: the words around the match. */
const segmentHeadline = `MaxWords=30, MinWords=12, ShortWord=2, ${marks}`;
/** An AI output can be pages long: the two best fragments. */
const outputHeadline = `MaxWords=24, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", ${marks}`;

/**
 * The tsquery of each word: its English or German stem or the word as written; the last word also as
 * a prefix, for results while typing. The index holds each text's stems in its transcript's language
 * next to its unstemmed words (search_tsv in the migration), so one query serves transcripts in
 * either language. Words are letters and digits only (terms.ts), so none of these calls can fail on
 * syntax.
 */
function termQueries(terms: string[]): SQL[] {
  return terms.map((term, i) => {
    const exact =
      i === terms.length - 1 ? sql`to_tsquery('simple'::regconfig, ${`${term}:*`})` : sql`plainto_tsquery('simple'::regconfig, ${term})`;
    return sql`(plainto_tsquery('english'::regconfig, ${term}) || plainto_tsquery('german'::regconfig, ${term}) || ${exact})`;
  });
}

export function createSearchRepository(db: Db) {
  return {
    async folderExists(userId: number, folderId: number): Promise<boolean> {
      const rows = await db
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.id, folderId), eq(folders.userId, userId)));
      return rows.length === 1;
    },

    /**
     * Transcripts of the user in which every one of `terms` matches (in the title, the current text or
     * an AI output; not necessarily in the same segment), ranked by ts_rank over the transcript's
     * document (a title counts most), each with its best few hits (a title hit first) and their
     * snippets (ts_headline, for the returned hits only). With `speaker`, only that speaker's segments
     * count: every word must match in them (not necessarily in the same one), ranked by the best of
     * them, and they are the only hits.
     */
    async search(userId: number, terms: string[], { folderId, limit, speaker }: SearchOptions): Promise<HitRow[]> {
      const scope = (column: SQL) =>
        folderId === undefined
          ? sql``
          : sql`and ${column} in (
              select t.id from transcripts t where t.user_id = ${userId} and t.folder_id in (
                with recursive tree as (
                  select id from folders where id = ${folderId} and user_id = ${userId}
                  union all
                  select f.id from folders f join tree on f.parent_id = tree.id where f.user_id = ${userId}
                )
                select id from tree))`;
      const queries = termQueries(terms);
      // Written out where they are used, not read from a CTE: the planner folds them to constants and
      // can then look them up in the GIN indexes.
      const any = sql`(${sql.join(queries, sql` || `)})`;
      const every = sql`(${sql.join(queries, sql` && `)})`;
      // Which words each row matches (bit i: word i), for transcripts searched through their rows.
      const mask =
        terms.length === 1
          ? sql`1`
          : sql.join(
              queries.map((t, i) => sql`(case when d.tsv @@ ${t} then ${sql.raw(String(1 << i))} else 0 end)`),
              sql` | `,
            );
      // Which transcripts match and their scores: by their documents (and the rows of edited ones), or
      // with a speaker by that speaker's segment rows.
      const rankedAll = sql`
        -- The newest first by "transcript_id + 0", not by the key itself: ordered by the primary key,
        -- the planner may walk it and test each transcript's whole document until enough match, where
        -- the GIN index answers from its posting lists without reading any document.
        by_doc as (
          select s.transcript_id from search_transcripts s
          where s.tsv @@ ${every} and s.user_id = ${userId} ${scope(sql`s.transcript_id`)}
            and s.transcript_id not in (select transcript_id from stale)
          order by s.transcript_id + 0 desc limit ${RANKED_MAX}
        ),
        by_title as (
          select d.transcript_id from search_documents d
          where d.kind = 'title' and d.tsv @@ ${any} and d.user_id = ${userId} ${scope(sql`d.transcript_id`)}
            and d.transcript_id not in (select transcript_id from stale)
          order by d.transcript_id + 0 desc limit ${RANKED_MAX}
        ),
        candidates as (
          select transcript_id, true as matched from by_doc
          union
          select transcript_id, false as matched from by_title where transcript_id not in (select transcript_id from by_doc)
        ),
        ranked as (
          select c.transcript_id, r.score from candidates c
          -- One document at a time through its key ("offset 0" keeps this a loop the planner cannot
          -- turn into a scan of every document).
          cross join lateral (
            select ts_rank(s.tsv, ${any}) as score, c.matched or s.tsv @@ ${every} as ok
            from search_transcripts s where s.transcript_id = c.transcript_id offset 0
          ) r
          where r.ok
          union all
          -- Edited since their document was built: matched in their current rows, every word in one of
          -- them, and ranked by their best row weighted as in the document.
          select x.transcript_id, r.score from stale x
          cross join lateral (
            select max(ts_rank(setweight(d.tsv, (case d.kind when 'title' then 'A' when 'segment' then 'B' else 'C' end)::"char"),
                       ${any})) as score,
                   bit_or(${mask}) as mask
            from search_documents d where d.transcript_id = x.transcript_id and d.tsv @@ ${any}
          ) r
          where r.mask = ${(1 << terms.length) - 1}
        )`;
      const rankedBySpeaker = sql`
        -- A speaker's segments only: of the transcripts whose document has every word and that have a
        -- segment of the speaker (one probe of the speaker index each), the newest RANKED_MAX, plus the
        -- edited ones; each is then matched and ranked by that speaker's rows alone (every word in one of
        -- them), through the same index.
        by_doc as (
          select s.transcript_id from search_transcripts s
          where s.tsv @@ ${every} and s.user_id = ${userId} ${scope(sql`s.transcript_id`)}
            and s.transcript_id not in (select transcript_id from stale)
            and exists (
              select 1 from search_documents d
              where d.transcript_id = s.transcript_id and d.kind = 'segment' and d.speaker = ${speaker}
            )
          order by s.transcript_id + 0 desc limit ${RANKED_MAX}
        ),
        ranked as (
          select c.transcript_id, r.score
          from (select transcript_id from by_doc union all select transcript_id from stale) c
          cross join lateral (
            select max(ts_rank(d.tsv, ${any})) as score, bit_or(${mask}) as mask
            from search_documents d
            where d.transcript_id = c.transcript_id and d.kind = 'segment' and d.speaker = ${speaker} and d.tsv @@ ${any}
          ) r
          where r.mask = ${(1 << terms.length) - 1}
        )`;
      // Hits: every kind, or with a speaker only that speaker's segments.
      const hitFilter = speaker === undefined ? sql`` : sql`and d.kind = 'segment' and d.speaker = ${speaker}`;
      // Every table here is meant to be reached through an index, and the planner would not always
      // see it: its costs leave out reading a transcript's document (TOAST, tens of KB) to test it, so
      // a sequential scan of the narrow search_transcripts looks cheap for a common word, and PGlite
      // has no statistics at all (no autovacuum), so it guesses thousands of rows per transcript.
      // Switching sequential scans off for this one statement gives the same plans on both. That makes
      // the plan's cost look huge, so JIT is switched off too: PostgreSQL would otherwise spend seconds
      // compiling a query that runs in milliseconds.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
        return selectRows<HitRow>(
          tx,
          sql`
        with stale as materialized (
          select x.transcript_id from search_stale x where x.user_id = ${userId} ${scope(sql`x.transcript_id`)}
        ),
        ${speaker === undefined ? rankedAll : rankedBySpeaker},
        top as (
          select r.transcript_id, r.score, t.title, t.folder_id
          from (select transcript_id, score from ranked order by score desc, transcript_id desc limit ${limit}) r
          -- Each by its key, not by a join over all of the user's transcripts.
          cross join lateral (
            select t.title, t.folder_id from transcripts t where t.id = r.transcript_id and t.user_id = ${userId} offset 0
          ) t
        ),
        m as (
          select d.id, d.transcript_id, d.kind, d.ai_output_id, d.start, d.text, d.config, ts_rank(d.tsv, ${any}) as rank
          from search_documents d
          where d.transcript_id in (select transcript_id from top) and d.tsv @@ ${any} ${hitFilter}
        ),
        best as (
          select m.*, top.score, top.title, top.folder_id, row_number() over (
            partition by m.transcript_id
            order by (m.kind = 'title') desc, m.rank desc, m.start nulls last, m.id
          ) as n
          from m join top on top.transcript_id = m.transcript_id
        )
        select b.transcript_id as "transcriptId", b.title, b.folder_id as "folderId", b.kind, b.start,
               b.ai_output_id as "aiOutputId", s.snippet
        from best b
        cross join lateral (
          select ts_headline(b.config::regconfig, b.text, ${any},
            case b.kind when 'title' then ${titleHeadline} when 'segment' then ${segmentHeadline} else ${outputHeadline} end) as h
        ) h
        -- A prefix matched unstemmed: the stemmed headline may not see it, the unstemmed one does.
        cross join lateral (
          select case when strpos(h.h, ${SNIPPET_MATCH_START}) > 0 then h.h
            else ts_headline('simple'::regconfig, b.text, ${any},
              case b.kind when 'title' then ${titleHeadline} when 'segment' then ${segmentHeadline} else ${outputHeadline} end)
            end as snippet
        ) s
        where b.n <= ${searchLimits.hitsPerTranscript}
        order by b.score desc, b.transcript_id desc, b.n`,
        );
      });
    },

    /**
     * The distinct speaker names of the user's segment rows in order, `max` at most, neither `leftOut`
     * nor a blank one among them. Read as a skip scan of the (user_id, speaker) index: one index probe per name, from
     * each name to the next, so a library of thousands of transcripts by a few speakers reads a few
     * entries, not every segment.
     */
    async speakers(userId: number, max: number, leftOut: string): Promise<string[]> {
      const rows = await selectRows<{ speaker: string }>(
        db,
        sql`with recursive names as (
              (select d.speaker from search_documents d
               where d.kind = 'segment' and d.user_id = ${userId} and d.speaker is not null
               order by d.speaker limit 1)
              union all
              select (select d.speaker from search_documents d
                      where d.kind = 'segment' and d.user_id = ${userId} and d.speaker > n.speaker
                      order by d.speaker limit 1)
              from names n where n.speaker is not null
            )
            select speaker from names where speaker is not null and speaker <> ${leftOut} and btrim(speaker) <> '' limit ${max}`,
      );
      return rows.map((r) => r.speaker);
    },

    /**
     * Rebuilds the documents of up to `max` transcripts edited but quiet for `quietSeconds`; the number
     * rebuilt. Until then they are searched through their rows, correct but slower per transcript.
     */
    /** The same, each document rebuilt in small statements (embedded database: see document-steps.ts). */
    refreshStaleInSteps: (max: number, quietSeconds: number) => refreshStaleInSteps(db, max, quietSeconds),

    async refreshStale(max: number, quietSeconds: number): Promise<number> {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`select search_refresh_stale(${max}, make_interval(secs => ${quietSeconds})) as n`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
