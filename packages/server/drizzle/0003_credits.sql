CREATE TABLE "credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reference" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_kind_check" CHECK ("credit_entries"."kind" in ('starting_grant', 'purchase', 'transcription', 'ai_prompt', 'refund')),
	CONSTRAINT "credit_entries_balance_after_check" CHECK ("credit_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"client_secret" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_user_id_idx" ON "credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_kind_reference_idx" ON "credit_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_client_secret_idx" ON "payments" USING btree ("client_secret");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credits_check" CHECK ("users"."credits" >= 0);--> statement-breakpoint
UPDATE "users" SET "credits" = 60;--> statement-breakpoint
INSERT INTO "credit_entries" ("user_id", "kind", "amount", "balance_after", "reference", "description")
SELECT "id", 'starting_grant', 60, 60, 'user:' || "id", 'Starting credits (accounts made before credits existed)' FROM "users";
