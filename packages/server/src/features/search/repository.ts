import { searchLimits, SNIPPET_MATCH_END, SNIPPET_MATCH_START, type SearchHitKind } from '@scribe/api-client';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { folders } from '../../db/schema.ts';

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
}

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
     * an AI output; not necessarily in the same segment), ranked by their best hit (ts_rank; a title
     * counts double) with a little for each further hit, each with its best few hits (a title hit
     * first) and their snippets (ts_headline).
     */
    async search(userId: number, terms: string[], { folderId, limit }: SearchOptions): Promise<HitRow[]> {
      const scope =
        folderId === undefined
          ? sql``
          : sql`and d.transcript_id in (
              select t.id from transcripts t where t.user_id = ${userId} and t.folder_id in (
                with recursive tree as (
                  select id from folders where id = ${folderId} and user_id = ${userId}
                  union all
                  select f.id from folders f join tree on f.parent_id = tree.id where f.user_id = ${userId}
                )
                select id from tree))`;
      const queries = termQueries(terms);
      // Written out where it is used, not read from a CTE: the planner folds it to a constant and can
      // then look it up in the GIN index.
      const query = sql`(${sql.join(queries, sql` || `)})`;
      // Which words each text matches (bit i: word i), so a transcript must match them all.
      const mask =
        terms.length === 1
          ? sql`1`
          : sql.join(
              queries.map((t, i) => sql`(case when d.tsv @@ ${t} then ${sql.raw(String(1 << i))} else 0 end)`),
              sql` | `,
            );
      return selectRows<HitRow>(
        db,
        sql`
        with m as (
          select d.id, d.transcript_id, d.kind, d.ai_output_id, d.start, d.text, d.config,
                 ts_rank(d.tsv, ${query}) * (case when d.kind = 'title' then 2 else 1 end) as rank,
                 ${mask} as mask
          from search_documents d
          where d.user_id = ${userId} and d.tsv @@ ${query} ${scope}
        ),
        top as (
          select transcript_id, max(rank) + 0.01 * least(count(*), 50) as score
          from m group by transcript_id
          having bit_or(mask) = ${(1 << terms.length) - 1}
          order by score desc, transcript_id desc
          limit ${limit}
        ),
        best as (
          select m.*, top.score, row_number() over (
            partition by m.transcript_id
            order by (m.kind = 'title') desc, m.rank desc, m.start nulls last, m.id
          ) as n
          from m join top on top.transcript_id = m.transcript_id
        )
        select b.transcript_id as "transcriptId", t.title, t.folder_id as "folderId", b.kind, b.start,
               b.ai_output_id as "aiOutputId", s.snippet
        from best b
        join transcripts t on t.id = b.transcript_id and t.user_id = ${userId}
        cross join lateral (
          select ts_headline(b.config::regconfig, b.text, ${query},
            case b.kind when 'title' then ${titleHeadline} when 'segment' then ${segmentHeadline} else ${outputHeadline} end) as h
        ) h
        -- A prefix matched unstemmed: the stemmed headline may not see it, the unstemmed one does.
        cross join lateral (
          select case when strpos(h.h, ${SNIPPET_MATCH_START}) > 0 then h.h
            else ts_headline('simple'::regconfig, b.text, ${query},
              case b.kind when 'title' then ${titleHeadline} when 'segment' then ${segmentHeadline} else ${outputHeadline} end)
            end as snippet
        ) s
        where b.n <= ${searchLimits.hitsPerTranscript}
        order by b.score desc, b.transcript_id desc, b.n`,
      );
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
