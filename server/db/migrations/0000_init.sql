CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"author_id" text,
	"featured_image" text,
	"published" boolean DEFAULT false NOT NULL,
	"sample_language_id" text,
	"sample_level_id" text,
	"lesson_id" text,
	"phrase_audio_url" text,
	"sample_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"flag_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"language_id" text NOT NULL,
	"level_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"translated_title" text NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"order_index" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_language_id_level_id_id_pk" PRIMARY KEY("language_id","level_id","id")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"language_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"cefr_label" text NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"order_index" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "levels_language_id_id_pk" PRIMARY KEY("language_id","id")
);
--> statement-breakpoint
CREATE TABLE "phrases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language_id" text NOT NULL,
	"level_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"original_text" text NOT NULL,
	"translated_text" text NOT NULL,
	"audio_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"avatar_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" text PRIMARY KEY NOT NULL,
	"logo" text,
	"favicon" text,
	"hero_image" text,
	"app_screenshot" text,
	"app_store_link" text,
	"play_store_link" text,
	"facebook_link" text,
	"twitter_link" text,
	"instagram_link" text,
	"linkedin_link" text,
	"pinterest_link" text,
	"about_title" text,
	"about_content" text,
	"who_we_are_title" text,
	"who_we_are_content" text,
	"how_it_works_title" text,
	"how_it_works_content" text,
	"banner_bg_color" text,
	"banner_text_color" text,
	"banner_cta_text" text,
	"banner_cta_color" text,
	"banner_cta_bg_color" text,
	"banner_show_logo" boolean,
	"banner_title" text,
	"banner_description" text,
	"banner_size" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phrase_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_progress" (
	"user_id" text NOT NULL,
	"language_id" text NOT NULL,
	"level_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_progress_user_id_language_id_level_id_lesson_id_pk" PRIMARY KEY("user_id","language_id","level_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_language_id_level_id_levels_language_id_id_fk" FOREIGN KEY ("language_id","level_id") REFERENCES "public"."levels"("language_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "phrases" ADD CONSTRAINT "phrases_language_id_level_id_lesson_id_lessons_language_id_level_id_id_fk" FOREIGN KEY ("language_id","level_id","lesson_id") REFERENCES "public"."lessons"("language_id","level_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_phrase_id_phrases_id_fk" FOREIGN KEY ("phrase_id") REFERENCES "public"."phrases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_language_id_level_id_lesson_id_lessons_language_id_level_id_id_fk" FOREIGN KEY ("language_id","level_id","lesson_id") REFERENCES "public"."lessons"("language_id","level_id","id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_created_idx" ON "blog_posts" USING btree ("published","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_created_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lessons_level_order_idx" ON "lessons" USING btree ("language_id","level_id","order_index");--> statement-breakpoint
CREATE INDEX "levels_language_order_idx" ON "levels" USING btree ("language_id","order_index");--> statement-breakpoint
CREATE INDEX "phrases_lesson_idx" ON "phrases" USING btree ("language_id","level_id","lesson_id","position");--> statement-breakpoint
CREATE INDEX "support_messages_created_idx" ON "support_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_favorites_user_phrase_idx" ON "user_favorites" USING btree ("user_id","phrase_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role");