CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"transcript_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ai_output_id" integer,
	"start" double precision,
	"text" text NOT NULL,
	"config" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_check" CHECK ("search_documents"."kind" in ('title', 'segment', 'ai_output'))
);
--> statement-breakpoint
CREATE TABLE "search_stale" (
	"transcript_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_transcripts" (
	"transcript_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tsv" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_ai_output_id_ai_outputs_id_fk" FOREIGN KEY ("ai_output_id") REFERENCES "public"."ai_outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_stale" ADD CONSTRAINT "search_stale_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_stale" ADD CONSTRAINT "search_stale_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_transcripts" ADD CONSTRAINT "search_transcripts_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_transcripts" ADD CONSTRAINT "search_transcripts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_transcript_kind_idx" ON "search_documents" USING btree ("transcript_id","kind","start");--> statement-breakpoint
CREATE INDEX "search_documents_title_tsv_idx" ON "search_documents" USING gin ("tsv") WITH (fastupdate=false) WHERE "search_documents"."kind" = 'title';--> statement-breakpoint
CREATE INDEX "search_documents_ai_output_id_idx" ON "search_documents" USING btree ("ai_output_id");--> statement-breakpoint
CREATE INDEX "search_transcripts_tsv_idx" ON "search_transcripts" USING gin ("tsv") WITH (fastupdate=false);