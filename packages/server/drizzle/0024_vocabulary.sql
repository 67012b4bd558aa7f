ALTER TABLE "transcripts" ADD COLUMN "vocabulary" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vocabulary" jsonb DEFAULT '[]'::jsonb NOT NULL;