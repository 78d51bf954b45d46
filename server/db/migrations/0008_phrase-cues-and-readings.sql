ALTER TABLE "phrases" ADD COLUMN "cue_start_ms" integer;--> statement-breakpoint
ALTER TABLE "phrases" ADD COLUMN "cue_end_ms" integer;--> statement-breakpoint
ALTER TABLE "phrases" ADD COLUMN "reading" text;--> statement-breakpoint
ALTER TABLE "phrases" ADD COLUMN "reading_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "phrases_reading_needed_idx" ON "phrases" USING btree ("language_id") WHERE "phrases"."reading" IS NULL AND NOT "phrases"."reading_edited";--> statement-breakpoint
ALTER TABLE "phrases" ADD CONSTRAINT "phrases_cue_check" CHECK (("phrases"."cue_start_ms" IS NULL AND "phrases"."cue_end_ms" IS NULL) OR ("phrases"."cue_start_ms" >= 0 AND "phrases"."cue_end_ms" > "phrases"."cue_start_ms"));