DROP INDEX "webhooks_user_id_idx";--> statement-breakpoint
CREATE INDEX "webhooks_user_id_id_idx" ON "webhooks" USING btree ("user_id","id");