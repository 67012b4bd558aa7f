ALTER TABLE "login_failures" RENAME TO "attempt_counters";--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "is_tutorial_sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tutorial_sample_id" integer;--> statement-breakpoint
-- Sign-in counters were keyed by the login text; the limiter now keys them by account and network.
DELETE FROM "attempt_counters";--> statement-breakpoint
-- The tutorial sample was marked by the original name 'tutorial-sample'; the column replaces that mark.
UPDATE "transcripts" SET "is_tutorial_sample" = true WHERE "original_name" = 'tutorial-sample';--> statement-breakpoint
UPDATE "users" SET "tutorial_sample_id" = (
  SELECT max("id") FROM "transcripts" WHERE "transcripts"."user_id" = "users"."id" AND "transcripts"."is_tutorial_sample"
) WHERE EXISTS (SELECT 1 FROM "transcripts" WHERE "transcripts"."user_id" = "users"."id" AND "transcripts"."is_tutorial_sample");
