CREATE TABLE "tree_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"transcripts_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhooks_user_id_idx";--> statement-breakpoint
ALTER TABLE "tree_versions" ADD CONSTRAINT "tree_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_user_id_id_idx" ON "webhooks" USING btree ("user_id","id");