ALTER TABLE "uploads" ADD COLUMN "finalizing_transcript_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "finalizing_heartbeat_at" timestamp with time zone;