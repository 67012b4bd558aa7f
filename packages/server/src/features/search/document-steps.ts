/**
 * An edited transcript's search document rebuilt in small steps (embedded database only). The database's
 * own rebuild (search_index_document, migration 0014) stems the whole text in one statement: on PGlite,
 * which runs in the request thread with one connection, that held every request 180 ms for an hour of
 * speech, 0.5 s for three hours and 2 s for a transcript at the text cap (measured, load average 9).
 * Here the text is stemmed in parts of about PART_CHARS characters, a statement each, and the parts are
 * joined in a last statement: the same words as one stemmed whole, so the same transcripts match. (`||`
 * moves the right part's positions past the left one's last word. A tsvector keeps at most 256 positions
 * of a word and none past 16,383, and the whole text's unstemmed half starts past that in a long
 * transcript: a word at those limits can count a few times more or less, or miss a weight it has
 * elsewhere, which nudges ts_rank, never what matches.) The last statement writes only when the transcript is still
 * at the revision the parts were read from and was not marked again meanwhile; otherwise it stays
 * marked (searched through its rows, always current) for the next round.
 */
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { nextTurn } from '../transcripts/search-backlog.ts';

/** Characters of text stemmed per statement: about 10-20 ms on PGlite here. */
const PART_CHARS = 8_000;
/** What a document keeps of a text past a tsvector's 1 MB, as search_index_document does. */
const BODY_FALLBACK_CHARS = 200_000;

interface Candidate {
  id: number;
  since: string;
}

/** `parts` joined by `||` two by two (a balanced tree, so no part is copied more than log2(n) times). */
function joined(parts: SQL[]): SQL {
  if (parts.length === 0) return sql`''::tsvector`;
  if (parts.length === 1) return parts[0]!;
  const half = Math.ceil(parts.length / 2);
  return sql`(${joined(parts.slice(0, half))} || ${joined(parts.slice(half))})`;
}

/** Rebuilds the documents of up to `max` transcripts marked for `quietSeconds`, in steps; the number rebuilt. */
export async function refreshStaleInSteps(db: Db, max: number, quietSeconds: number): Promise<number> {
  const candidates = await selectRows<Candidate>(
    db,
    sql`select transcript_id as id, since::text as since from search_stale
        where since < now() - make_interval(secs => ${quietSeconds}) order by since limit ${max}`,
  );
  let rebuilt = 0;
  for (const c of candidates) {
    await nextTurn();
    if (await rebuildInSteps(db, c)) rebuilt++;
  }
  return rebuilt;
}

async function rebuildInSteps(db: Db, { id, since }: Candidate): Promise<boolean> {
  const [t] = await selectRows<{ revision: number; status: string; count: number; chars: number }>(
    db,
    sql`select revision, status, jsonb_array_length(segments) as count, length(content) as chars from transcripts where id = ${id}`,
  );
  if (!t || t.status !== 'completed') {
    // Gone or not completed: the database's own function only removes its document (cheap).
    await db.execute(sql`select search_index_document(${id})`);
    return true;
  }
  const count = Number(t.count);
  const perPart = Math.max(1, Math.floor((PART_CHARS * count) / Math.max(1, Number(t.chars))));
  // Each part stemmed twice, as search_tsv does the whole text: in the transcript's language and unstemmed.
  const stemmed: string[] = [];
  const plain: string[] = [];
  for (let first = 0; first < count; first += perPart) {
    await nextTurn();
    const slice = `$[${first} to ${Math.min(count, first + perPart) - 1}]`;
    const [part] = await selectRows<{ stemmed: string | null; plain: string | null }>(
      db,
      sql`select to_tsvector(search_config(p.language)::regconfig, p.body)::text as stemmed, to_tsvector('simple'::regconfig, p.body)::text as plain
          from (
            select t.language, coalesce(string_agg(e.s ->> 'text', E'\n' order by e.n), '') as body
            -- The part's segments only (a slice: the others are not expanded).
            from transcripts t cross join lateral jsonb_array_elements(jsonb_path_query_array(t.segments, ${slice}::jsonpath)) with ordinality as e(s, n)
            where t.id = ${id} and t.revision = ${t.revision}
            group by t.language
          ) p`,
    );
    // No row: edited meanwhile (another revision), left marked for the next round.
    if (!part) return false;
    stemmed.push(part.stemmed ?? '');
    plain.push(part.plain ?? '');
  }
  await nextTurn();
  const store = (parts: number, outputsChars: number | null) => {
    const body = (list: string[]) => joined(list.slice(0, parts).map((p) => sql`${p}::tsvector`));
    const outputs = sql`(select coalesce(string_agg(o.output, E'\\n' order by o.id), '') from ai_outputs o where o.transcript_id = ${id})`;
    return selectRows<{ stored: number }>(
      db,
      sql`with t as (
            select id, user_id, title, search_config(language) as config from transcripts
            where id = ${id} and revision = ${t.revision} and status = 'completed'
          ),
          marked as (
            delete from search_stale where transcript_id = ${id} and since = ${since}::timestamptz and exists (select 1 from t)
            returning transcript_id
          ),
          stored as (
            insert into search_transcripts (transcript_id, user_id, tsv)
            select t.id, t.user_id, setweight(search_tsv(t.config, t.title), 'A')
              || setweight(${body(stemmed)} || ${body(plain)}, 'B')
              || setweight(search_tsv(t.config, ${outputsChars === null ? outputs : sql`left(${outputs}, ${outputsChars})`}), 'C')
            from t where exists (select 1 from marked)
            on conflict (transcript_id) do update set user_id = excluded.user_id, tsv = excluded.tsv
            returning 1
          )
          select count(*)::int as stored from stored`,
    );
  };
  try {
    const [result] = await store(stemmed.length, null);
    return (result?.stored ?? 0) > 0;
  } catch (err) {
    // Over a tsvector's 1 MB (days of speech): the document holds what fits; hits still come from the rows.
    if ((err as { cause?: { code?: string }; code?: string }).cause?.code !== '54000' && (err as { code?: string }).code !== '54000')
      throw err;
    const [result] = await store(Math.ceil(BODY_FALLBACK_CHARS / PART_CHARS), 50_000);
    return (result?.stored ?? 0) > 0;
  }
}
