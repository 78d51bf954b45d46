CREATE TABLE "change_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"changes" jsonb,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_log_count_positive" CHECK ("change_log"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "change_log" ADD CONSTRAINT "change_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_log_created_idx" ON "change_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "change_log_section_idx" ON "change_log" USING btree ("section","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);