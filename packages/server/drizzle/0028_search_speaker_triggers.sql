-- Search by speaker: a segment's row of search_documents holds its speaker (column added in
-- 0027_search_speaker.sql). The three functions that write segment rows (0014_search_index_triggers.sql)
-- now keep one row per distinct (start, text, speaker) of the current segments, where they kept one per
-- (start, text): a speaker renamed, merged or found again replaces the rows of the segments it changed.
-- Plain SQL, kept apart from the generated migration so regenerating that one keeps it.
--
-- A row written for a (start, text) that already has a row takes that row's words (tsv) instead of
-- stemming the text again (the statement sees the rows as they were before it, so also the ones it
-- deletes): renaming a speaker of a long transcript stems nothing. A segment without a speaker is the
-- engine's 'Unknown Speaker', as the API shows it.

-- The segment rows of a transcript brought in line with its current segments (see 0014).
CREATE OR REPLACE FUNCTION search_index_segments(tid integer) RETURNS void
LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, user_id, search_config(language) AS config, segments FROM transcripts WHERE id = tid AND status = 'completed'
  ),
  wanted AS (
    SELECT DISTINCT (s.seg->>'start')::double precision AS start, s.seg->>'text' AS text,
      coalesce(s.seg->>'speaker', 'Unknown Speaker') AS speaker
    FROM t, jsonb_array_elements(t.segments) AS s(seg)
    WHERE coalesce(s.seg->>'text', '') ~ '\S'
  ),
  gone AS (
    -- A row from before speakers were indexed (no speaker) never matches, so it goes.
    DELETE FROM search_documents d
    WHERE d.transcript_id = tid AND d.kind = 'segment'
      AND (d.start, d.text, coalesce(d.speaker, '')) NOT IN (SELECT c.start, c.text, c.speaker FROM wanted c)
  )
  INSERT INTO search_documents (user_id, transcript_id, kind, start, text, speaker, config, tsv)
    SELECT t.user_id, t.id, 'segment', c.start, c.text, c.speaker, t.config,
      coalesce(
        (SELECT o.tsv FROM search_documents o
          WHERE o.transcript_id = tid AND o.kind = 'segment' AND o.start = c.start AND o.text = c.text AND o.config = t.config
          LIMIT 1),
        search_tsv(t.config, c.text))
    FROM wanted c CROSS JOIN t
    WHERE (c.start, c.text, c.speaker) NOT IN (
      SELECT d.start, d.text, coalesce(d.speaker, '') FROM search_documents d WHERE d.transcript_id = tid AND d.kind = 'segment')
$$;
--> statement-breakpoint
-- The segment rows after an edit, the old and new segments compared position by position (see 0014).
-- Assumes what search_index_segments keeps: one row per distinct (start, text, speaker).
CREATE OR REPLACE FUNCTION search_index_segment_edit(tid integer, old_segments jsonb, new_segments jsonb) RETURNS void
LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, user_id, search_config(language) AS config FROM transcripts WHERE id = tid AND status = 'completed'
  ),
  changed AS (
    SELECT o.seg AS old_seg, n.seg AS new_seg
    FROM jsonb_array_elements(coalesce(old_segments, '[]'::jsonb)) WITH ORDINALITY AS o(seg, i)
    FULL JOIN jsonb_array_elements(coalesce(new_segments, '[]'::jsonb)) WITH ORDINALITY AS n(seg, i) ON o.i = n.i
    WHERE o.seg IS DISTINCT FROM n.seg
  ),
  old_rows AS (
    SELECT (old_seg->>'start')::double precision AS start, old_seg->>'text' AS text,
      coalesce(old_seg->>'speaker', 'Unknown Speaker') AS speaker
    FROM changed WHERE old_seg IS NOT NULL
  ),
  new_rows AS (
    SELECT (new_seg->>'start')::double precision AS start, new_seg->>'text' AS text,
      coalesce(new_seg->>'speaker', 'Unknown Speaker') AS speaker
    FROM changed
    WHERE new_seg IS NOT NULL AND coalesce(new_seg->>'text', '') ~ '\S'
  ),
  gone AS (
    DELETE FROM search_documents d
    USING (SELECT start, text, speaker FROM old_rows EXCEPT SELECT start, text, speaker FROM new_rows) g
    WHERE d.transcript_id = tid AND d.kind = 'segment' AND d.start = g.start AND d.text = g.text
      AND d.speaker IS NOT DISTINCT FROM g.speaker
  )
  INSERT INTO search_documents (user_id, transcript_id, kind, start, text, speaker, config, tsv)
    SELECT t.user_id, t.id, 'segment', k.start, k.text, k.speaker, t.config,
      coalesce(
        (SELECT o.tsv FROM search_documents o
          WHERE o.transcript_id = tid AND o.kind = 'segment' AND o.start = k.start AND o.text = k.text AND o.config = t.config
          LIMIT 1),
        search_tsv(t.config, k.text))
    FROM (SELECT start, text, speaker FROM new_rows EXCEPT SELECT start, text, speaker FROM old_rows) k CROSS JOIN t
$$;
--> statement-breakpoint
-- The segment rows after an edit whose writer passes what went and came (see 0014), now as
-- {"removed": [{start, text, speaker}], "added": [...]} (transcripts feature, searchPairChanges).
CREATE OR REPLACE FUNCTION search_apply_segment_changes(tid integer, changes jsonb) RETURNS void
LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, user_id, search_config(language) AS config FROM transcripts WHERE id = tid AND status = 'completed'
  ),
  gone AS (
    DELETE FROM search_documents d
    USING jsonb_to_recordset(coalesce(changes->'removed', '[]'::jsonb)) AS g(start double precision, text text, speaker text)
    WHERE d.transcript_id = tid AND d.kind = 'segment' AND d.start = g.start AND d.text = g.text
      AND d.speaker IS NOT DISTINCT FROM coalesce(g.speaker, 'Unknown Speaker')
  )
  INSERT INTO search_documents (user_id, transcript_id, kind, start, text, speaker, config, tsv)
    SELECT t.user_id, t.id, 'segment', a.start, a.text, coalesce(a.speaker, 'Unknown Speaker'), t.config,
      coalesce(
        (SELECT o.tsv FROM search_documents o
          WHERE o.transcript_id = tid AND o.kind = 'segment' AND o.start = a.start AND o.text = a.text AND o.config = t.config
          LIMIT 1),
        search_tsv(t.config, a.text))
    FROM jsonb_to_recordset(coalesce(changes->'added', '[]'::jsonb)) AS a(start double precision, text text, speaker text) CROSS JOIN t
$$;
--> statement-breakpoint
-- The rows that existed before: each completed transcript's segment rows written again with their
-- speakers, their words taken over from the rows they replace (nothing is stemmed again).
SELECT search_index_segments(id) FROM transcripts WHERE status = 'completed';
