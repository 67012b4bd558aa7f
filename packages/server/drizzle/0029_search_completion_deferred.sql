-- A completion whose writer indexes the segments itself, in small steps after the update (the embedded
-- database, features/transcripts/search-backlog.ts). PGlite runs in the thread that answers every
-- request: stemming a long transcript's segments and its whole document inside the completing update
-- held other users' requests 70-130 ms for 30 minutes of speech (measured). The writer sets the
-- transaction-local scribe.search_completion_deferred; the trigger then writes the title row only and
-- marks the transcript for the backlog (search_stale.since = 'infinity'), which the writer fills with
-- the segment rows in batches; the document is rebuilt in steps once the transcript has been quiet.
-- Until the batches are done the transcript is searched through its rows, as after a large edit.
-- Everything else is as in 0014_search_index_triggers.sql.
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
    IF NEW.status = 'completed' AND nullif(current_setting('scribe.search_completion_deferred', true), '') IS NOT NULL THEN
      -- Used once, as above.
      PERFORM set_config('scribe.search_completion_deferred', '', true);
      PERFORM search_index_title(NEW.id);
      DELETE FROM search_transcripts WHERE transcript_id = NEW.id;
      INSERT INTO search_stale (transcript_id, user_id, since) VALUES (NEW.id, NEW.user_id, 'infinity')
        ON CONFLICT (transcript_id) DO UPDATE SET since = 'infinity';
      RETURN NULL;
    END IF;
  END IF;
  PERFORM search_index_title(NEW.id);
  PERFORM search_index_segments(NEW.id);
  PERFORM search_index_document(NEW.id);
  RETURN NULL;
END
$$;
