CREATE TABLE "live_draft_claims" (
	"recording_id" text PRIMARY KEY NOT NULL,
	"worker_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_draft_claims" ADD CONSTRAINT "live_draft_claims_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;