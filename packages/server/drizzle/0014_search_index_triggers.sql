-- The search index follows transcripts and ai_outputs through triggers, so every path that writes
-- them (transcription, edits, restores, the tutorial sample, AI prompts) keeps it in step in the same
-- transaction. Rows go with their transcript or AI output through the foreign keys.
--   search_documents: one row per title, current segment and AI output (hits, snippets), always current.
--   search_transcripts: one weighted document per transcript (matching, ranking), built when the
--     transcript completes; an edit does not rebuild it (that re-reads the whole text) but lists the
--     transcript in search_stale, searched through its rows until the document is rebuilt.

-- The text search configuration of a transcript language: German stems for de, English otherwise.
CREATE OR REPLACE FUNCTION search_config(lang text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN lower(coalesce(lang, '')) LIKE 'de%' THEN 'german' ELSE 'english' END
$$;
--> statement-breakpoint
-- Stemmed words for matching by stem, and unstemmed ('simple') ones for matching a typed prefix.
CREATE OR REPLACE FUNCTION search_tsv(config text, body text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT to_tsvector(config::regconfig, body) || to_tsvector('simple'::regconfig, body)
$$;
--> statement-breakpoint
-- The title row of a transcript; none unless completed.
CREATE OR REPLACE FUNCTION search_index_title(tid integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE transcript_id = tid AND kind = 'title';
  INSERT INTO search_documents (user_id, transcript_id, kind, text, config, tsv)
    SELECT t.user_id, t.id, 'title', t.title, search_config(t.language), search_tsv(search_config(t.language), t.title)
    FROM transcripts t WHERE t.id = tid AND t.status = 'completed';
END
$$;
--> statement-breakpoint
-- The segment rows of a transcript brought in line with its current segments. Only the segments whose
-- start or text changed are rewritten: an edit of one segment of a long transcript stays cheap.
-- NOT IN (not NOT EXISTS) so the comparison runs against a hash of the other side, never a nested
-- loop over all segments for each segment (PGlite has no planner statistics to choose well).
CREATE OR REPLACE FUNCTION search_index_segments(tid integer) RETURNS void
LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, user_id, search_config(language) AS config, segments FROM transcripts WHERE id = tid AND status = 'completed'
  ),
  wanted AS (
    SELECT DISTINCT (s.seg->>'start')::double precision AS start, s.seg->>'text' AS text
    FROM t, jsonb_array_elements(t.segments) AS s(seg)
    WHERE coalesce(s.seg->>'text', '') ~ '\S'
  ),
  gone AS (
    DELETE FROM search_documents d
    WHERE d.transcript_id = tid AND d.kind = 'segment'
      AND (d.start, d.text) NOT IN (SELECT c.start, c.text FROM wanted c)
  )
  -- Both parts see the rows as they were before this statement: the rows kept are the ones matched here.
  INSERT INTO search_documents (user_id, transcript_id, kind, start, text, config, tsv)
    SELECT t.user_id, t.id, 'segment', c.start, c.text, t.config, search_tsv(t.config, c.text)
    FROM wanted c CROSS JOIN t
    WHERE (c.start, c.text) NOT IN (
      SELECT d.start, d.text FROM search_documents d WHERE d.transcript_id = tid AND d.kind = 'segment')
$$;
--> statement-breakpoint
-- The segment rows after an edit: the old and new segments are compared position by position and only
-- the (start, text) pairs of the positions that differ are looked at, so typing in one segment of a
-- long transcript touches one row instead of reading every segment row (a split or merge shifts the
-- positions after it; the pairs that only moved cancel out below). Assumes what search_index_segments
-- keeps: one row per distinct (start, text) of the old segments.
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
  old_pairs AS (
    SELECT (old_seg->>'start')::double precision AS start, old_seg->>'text' AS text FROM changed WHERE old_seg IS NOT NULL
  ),
  new_pairs AS (
    SELECT (new_seg->>'start')::double precision AS start, new_seg->>'text' AS text FROM changed
    WHERE new_seg IS NOT NULL AND coalesce(new_seg->>'text', '') ~ '\S'
  ),
  gone AS (
    DELETE FROM search_documents d
    USING (SELECT start, text FROM old_pairs EXCEPT SELECT start, text FROM new_pairs) g
    WHERE d.transcript_id = tid AND d.kind = 'segment' AND d.start = g.start AND d.text = g.text
  )
  INSERT INTO search_documents (user_id, transcript_id, kind, start, text, config, tsv)
    SELECT t.user_id, t.id, 'segment', k.start, k.text, t.config, search_tsv(t.config, k.text)
    FROM (SELECT start, text FROM new_pairs EXCEPT SELECT start, text FROM old_pairs) k CROSS JOIN t
$$;
--> statement-breakpoint
-- The segment rows after an edit whose writer already knows which (start, text) pairs went and came
-- (the transcripts feature, which has the revision it edited at hand): it passes them in the
-- transaction-local setting scribe.search_segment_changes as {"removed": [...], "added": [...]}, and
-- only those rows are written; no segment is expanded here at all.
CREATE OR REPLACE FUNCTION search_apply_segment_changes(tid integer, changes jsonb) RETURNS void
LANGUAGE sql AS $$
  WITH t AS (
    SELECT id, user_id, search_config(language) AS config FROM transcripts WHERE id = tid AND status = 'completed'
  ),
  gone AS (
    DELETE FROM search_documents d
    USING jsonb_to_recordset(coalesce(changes->'removed', '[]'::jsonb)) AS g(start double precision, text text)
    WHERE d.transcript_id = tid AND d.kind = 'segment' AND d.start = g.start AND d.text = g.text
  )
  INSERT INTO search_documents (user_id, transcript_id, kind, start, text, config, tsv)
    SELECT t.user_id, t.id, 'segment', a.start, a.text, t.config, search_tsv(t.config, a.text)
    FROM jsonb_to_recordset(coalesce(changes->'added', '[]'::jsonb)) AS a(start double precision, text text) CROSS JOIN t
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_index_ai_output(oid integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_documents WHERE ai_output_id = oid;
  INSERT INTO search_documents (user_id, transcript_id, kind, ai_output_id, text, config, tsv)
    SELECT t.user_id, t.id, 'ai_output', o.id, o.output, search_config(t.language), search_tsv(search_config(t.language), o.output)
    FROM ai_outputs o JOIN transcripts t ON t.id = o.transcript_id WHERE o.id = oid;
END
$$;
--> statement-breakpoint
-- The document of a transcript built anew from its title (weight A), text (B) and AI outputs (C), so
-- a title counts most in ts_rank; none unless completed. Clears the transcript's stale mark.
CREATE OR REPLACE FUNCTION search_index_document(tid integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  body text;
  outputs text;
  doc tsvector;
BEGIN
  DELETE FROM search_stale WHERE transcript_id = tid;
  SELECT id, user_id, title, search_config(language) AS config, segments INTO t
    FROM transcripts WHERE id = tid AND status = 'completed';
  IF NOT FOUND THEN
    DELETE FROM search_transcripts WHERE transcript_id = tid;
    RETURN;
  END IF;
  SELECT coalesce(string_agg(s.seg->>'text', E'\n'), '') INTO body FROM jsonb_array_elements(t.segments) AS s(seg);
  SELECT coalesce(string_agg(o.output, E'\n' ORDER BY o.id), '') INTO outputs FROM ai_outputs o WHERE o.transcript_id = tid;
  BEGIN
    doc := setweight(search_tsv(t.config, t.title), 'A') || setweight(search_tsv(t.config, body), 'B')
      || setweight(search_tsv(t.config, outputs), 'C');
  EXCEPTION WHEN program_limit_exceeded THEN
    -- Over a tsvector's 1 MB (days of speech): the document holds what fits; hits still come from the rows.
    doc := setweight(search_tsv(t.config, t.title), 'A') || setweight(search_tsv(t.config, left(body, 200000)), 'B')
      || setweight(search_tsv(t.config, left(outputs, 50000)), 'C');
  END;
  INSERT INTO search_transcripts (transcript_id, user_id, tsv) VALUES (t.id, t.user_id, doc)
    ON CONFLICT (transcript_id) DO UPDATE SET user_id = excluded.user_id, tsv = excluded.tsv;
END
$$;
--> statement-breakpoint
-- After an edit: the document keeps the words it was built from until it is rebuilt, so search reads
-- this transcript's rows instead (features/search). Only a small row is written per save.
CREATE OR REPLACE FUNCTION search_mark_stale(tid integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_stale (transcript_id, user_id)
    SELECT id, user_id FROM transcripts WHERE id = tid
  ON CONFLICT (transcript_id) DO UPDATE SET since = now()
$$;
--> statement-breakpoint
-- Rebuilds the documents of up to max_docs transcripts that have not been edited for `quiet`, oldest
-- first; the server calls it from time to time (features/search). Each transcript row is locked first
-- so an edit saved meanwhile is either read here or marks the transcript stale again afterwards.
CREATE OR REPLACE FUNCTION search_refresh_stale(max_docs integer, quiet interval) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  tid integer;
  n integer := 0;
BEGIN
  FOR tid IN
    SELECT transcript_id FROM search_stale WHERE since < now() - quiet ORDER BY since LIMIT max_docs
      FOR UPDATE SKIP LOCKED
  LOOP
    PERFORM 1 FROM transcripts WHERE id = tid FOR SHARE;
    PERFORM search_index_document(tid);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_transcripts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  given text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.language IS NOT DISTINCT FROM OLD.language THEN
      -- An edit: only what changed (the trigger fires for these columns only, not for progress or folder).
      IF NEW.title IS DISTINCT FROM OLD.title THEN
        PERFORM search_index_title(NEW.id);
        PERFORM search_mark_stale(NEW.id);
      END IF;
      -- Asked first: with the writer's list of changes the segments are not even compared (comparing
      -- reads the whole old value back from storage).
      given := nullif(current_setting('scribe.search_segment_changes', true), '');
      IF given IS NOT NULL THEN
        -- Used once: a later update in the same transaction diffs for itself.
        PERFORM set_config('scribe.search_segment_changes', '', true);
        PERFORM search_apply_segment_changes(NEW.id, given::jsonb);
        PERFORM search_mark_stale(NEW.id);
      ELSIF NEW.segments IS DISTINCT FROM OLD.segments THEN
        PERFORM search_index_segment_edit(NEW.id, OLD.segments, NEW.segments);
        PERFORM search_mark_stale(NEW.id);
      END IF;
      RETURN NULL;
    END IF;
    -- A new language stems every text anew.
    DELETE FROM search_documents WHERE transcript_id = NEW.id AND kind = 'segment';
  END IF;
  PERFORM search_index_title(NEW.id);
  PERFORM search_index_segments(NEW.id);
  PERFORM search_index_document(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_transcripts_changed AFTER INSERT OR UPDATE OF title, segments, status, language ON transcripts
  FOR EACH ROW EXECUTE FUNCTION search_transcripts_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_ai_outputs_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Its row goes through the foreign key; the document still holds its words.
    PERFORM search_mark_stale(OLD.transcript_id);
    RETURN NULL;
  END IF;
  PERFORM search_index_ai_output(NEW.id);
  PERFORM search_mark_stale(NEW.transcript_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_ai_outputs_changed AFTER INSERT OR UPDATE OF output OR DELETE ON ai_outputs
  FOR EACH ROW EXECUTE FUNCTION search_ai_outputs_changed();
--> statement-breakpoint
-- No planner statistics for the documents' words: ANALYZE (autovacuum on PostgreSQL) would sample tens
-- of KB per document for estimates the search does not need (it reaches every table through an index,
-- features/search/repository.ts), and without them a word is estimated to match few documents.
ALTER TABLE search_transcripts ALTER COLUMN tsv SET STATISTICS 0;
--> statement-breakpoint
-- What existed before the index.
SELECT search_index_title(id), search_index_segments(id) FROM transcripts WHERE status = 'completed';
--> statement-breakpoint
SELECT search_index_ai_output(id) FROM ai_outputs;
--> statement-breakpoint
SELECT search_index_document(id) FROM transcripts WHERE status = 'completed';
