CREATE TABLE "tree_changes" (
	"user_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"transcript_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tree_changes" ADD CONSTRAINT "tree_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tree_changes_user_id_version_idx" ON "tree_changes" USING btree ("user_id","version");