ALTER TABLE "sessions" RENAME COLUMN "last_seen" TO "last_used_at";--> statement-breakpoint
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_kind_check";--> statement-breakpoint
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_kind_check" CHECK ("credit_entries"."kind" in ('starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund', 'admin_grant'));