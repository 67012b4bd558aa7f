-- The triggers behind tree_changes (db/schema.ts treeChanges): plain SQL, kept apart from the generated
-- migration so regenerating that one keeps them. A statement that changes transcripts raises their
-- users' versions as before (0017) and logs each transcript it touched under the user's new
-- transcripts_version; a transcript given to another user is logged for both. Entries 500 versions
-- behind the user's newest go: a reader kept that far behind rebuilds.
CREATE FUNCTION "log_tree_changes"(user_ids integer[], transcript_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_tree_versions"(user_ids, true);
  INSERT INTO "tree_changes" ("user_id", "version", "transcript_id")
    SELECT DISTINCT c.u, v."transcripts_version", c.t
      FROM unnest(user_ids, transcript_ids) AS c(u, t) JOIN "tree_versions" v ON v."user_id" = c.u
      WHERE EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = c.u);
  DELETE FROM "tree_changes" c USING "tree_versions" v
    WHERE v."user_id" = ANY(user_ids) AND c."user_id" = v."user_id" AND c."version" <= v."transcripts_version" - 500;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tree_rows_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transcripts' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM "log_tree_changes"(ARRAY(SELECT "user_id" FROM new_rows ORDER BY "id"), ARRAY(SELECT "id" FROM new_rows ORDER BY "id"));
    ELSE
      PERFORM "log_tree_changes"(ARRAY(SELECT "user_id" FROM old_rows ORDER BY "id"), ARRAY(SELECT "id" FROM old_rows ORDER BY "id"));
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM "bump_tree_versions"(ARRAY(SELECT "user_id" FROM new_rows), false);
  ELSE
    PERFORM "bump_tree_versions"(ARRAY(SELECT "user_id" FROM old_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Progress and content updates leave the tree as it is: only the fields it shows count.
CREATE OR REPLACE FUNCTION "transcripts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_ids integer[];
  transcript_ids integer[];
BEGIN
  SELECT coalesce(array_agg(c.u), '{}'), coalesce(array_agg(c.t), '{}') INTO user_ids, transcript_ids FROM (
    SELECT n."user_id" AS u, n."id" AS t FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (o."title", o."folder_id", o."status", o."duration_seconds", o."created_at", o."user_id")
      IS DISTINCT FROM (n."title", n."folder_id", n."status", n."duration_seconds", n."created_at", n."user_id")
    UNION SELECT o."user_id", o."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE o."user_id" <> n."user_id") c;
  PERFORM "log_tree_changes"(user_ids, transcript_ids);
  RETURN NULL;
END $$;
