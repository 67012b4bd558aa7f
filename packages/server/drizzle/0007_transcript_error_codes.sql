ALTER TABLE "transcripts" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "error_params" jsonb;