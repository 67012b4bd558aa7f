CREATE TABLE "deleted_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"transcript_ids" jsonb NOT NULL,
	"audio_bytes" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_folders_folder_id_user_id_key" UNIQUE("folder_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "deleted_folders" ADD CONSTRAINT "deleted_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_folders_deleted_at_idx" ON "deleted_folders" USING btree ("deleted_at");