CREATE TABLE "shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"transcript_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"include_ai_outputs" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_hash_key" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shares_user_id_transcript_id_idx" ON "shares" USING btree ("user_id","transcript_id");--> statement-breakpoint
CREATE INDEX "shares_transcript_id_idx" ON "shares" USING btree ("transcript_id");