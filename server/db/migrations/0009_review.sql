CREATE TABLE "learner_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"lessons" integer DEFAULT 0 NOT NULL,
	"goal_kind" text NOT NULL,
	"goal_target" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "learner_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text,
	"daily_goal_kind" text DEFAULT 'reviews' NOT NULL,
	"daily_goal_target" integer DEFAULT 20 NOT NULL,
	"deck_includes_completed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_settings_goal_check" CHECK ("learner_settings"."daily_goal_kind" IN ('reviews', 'lessons') AND "learner_settings"."daily_goal_target" BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" text NOT NULL,
	"phrase_id" uuid NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_id_phrase_id_pk" PRIMARY KEY("user_id","phrase_id")
);
--> statement-breakpoint
CREATE TABLE "review_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"phrase_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"state" smallint NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"learner_day" date NOT NULL,
	"duration_ms" integer,
	"card_before" text,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_log_rating_check" CHECK ("review_log"."rating" BETWEEN 1 AND 4)
);
--> statement-breakpoint
ALTER TABLE "learner_days" ADD CONSTRAINT "learner_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_settings" ADD CONSTRAINT "learner_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("user_id","due") WHERE "review_cards"."state" <> 0;--> statement-breakpoint
CREATE INDEX "review_cards_user_new_idx" ON "review_cards" USING btree ("user_id","created_at") WHERE "review_cards"."state" = 0;--> statement-breakpoint
CREATE INDEX "review_log_user_day_idx" ON "review_log" USING btree ("user_id","learner_day");--> statement-breakpoint
CREATE INDEX "review_log_user_phrase_idx" ON "review_log" USING btree ("user_id","phrase_id","reviewed_at");--> statement-breakpoint
-- Favourites saved before the review deck existed join it as new cards, in the order they were saved.
INSERT INTO "review_cards" ("user_id", "phrase_id", "due", "stability", "difficulty", "scheduled_days", "learning_steps", "reps", "lapses", "state", "created_at")
SELECT "user_id", "phrase_id", now(), 0, 0, 0, 0, 0, 0, 0, "created_at" FROM "user_favorites" ON CONFLICT DO NOTHING;
