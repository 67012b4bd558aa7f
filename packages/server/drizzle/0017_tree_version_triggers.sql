-- The triggers behind tree_versions (db/schema.ts treeVersions): plain SQL, kept apart from the
-- generated migration so regenerating that one keeps them.
-- Raises the version of every user whose tree a statement changed, and their transcripts_version when
-- the statement changed transcripts. A user deleted by the same statement (its rows go by cascade) has
-- no tree left and is skipped.
CREATE FUNCTION "bump_tree_versions"(user_ids integer[], of_transcripts boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tree_versions" ("user_id", "version", "transcripts_version")
    SELECT DISTINCT u, 1, CASE WHEN of_transcripts THEN 1 ELSE 0 END
      FROM unnest(user_ids) AS u WHERE EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = u)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = "tree_versions"."version" + 1,
      "transcripts_version" = "tree_versions"."transcripts_version" + CASE WHEN of_transcripts THEN 1 ELSE 0 END;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tree_rows_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_tree_versions"(ARRAY(SELECT "user_id" FROM new_rows), TG_TABLE_NAME = 'transcripts');
  ELSE
    PERFORM "bump_tree_versions"(ARRAY(SELECT "user_id" FROM old_rows), TG_TABLE_NAME = 'transcripts');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "folders_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_tree_versions"(ARRAY(
    SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (o."name", o."parent_id", o."user_id") IS DISTINCT FROM (n."name", n."parent_id", n."user_id")
    UNION SELECT o."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE o."user_id" <> n."user_id"), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Progress and content updates leave the tree as it is: only the fields it shows count.
CREATE FUNCTION "transcripts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_tree_versions"(ARRAY(
    SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (o."title", o."folder_id", o."status", o."duration_seconds", o."created_at", o."user_id")
      IS DISTINCT FROM (n."title", n."folder_id", n."status", n."duration_seconds", n."created_at", n."user_id")
    UNION SELECT o."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE o."user_id" <> n."user_id"), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "folders_tree_inserted" AFTER INSERT ON "folders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tree_rows_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "folders_tree_deleted" AFTER DELETE ON "folders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tree_rows_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "folders_tree_updated" AFTER UPDATE ON "folders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "folders_updated"();
--> statement-breakpoint
CREATE TRIGGER "transcripts_tree_inserted" AFTER INSERT ON "transcripts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tree_rows_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "transcripts_tree_deleted" AFTER DELETE ON "transcripts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tree_rows_added_or_removed"();
--> statement-breakpoint
CREATE TRIGGER "transcripts_tree_updated" AFTER UPDATE ON "transcripts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transcripts_updated"();
