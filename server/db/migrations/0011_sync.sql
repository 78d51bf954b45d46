CREATE SEQUENCE "public"."sync_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sync_pushes" (
	"user_id" text NOT NULL,
	"push_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"changes_hash" text NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_pushes_user_id_push_id_pk" PRIMARY KEY("user_id","push_id")
);
--> statement-breakpoint
CREATE TABLE "sync_tombstones" (
	"user_id" text NOT NULL,
	"table_name" text NOT NULL,
	"row_key" text NOT NULL,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_tombstones_user_id_table_name_row_key_pk" PRIMARY KEY("user_id","table_name","row_key")
);
--> statement-breakpoint
ALTER TABLE "learner_settings" ALTER COLUMN "version" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "review_cards" ALTER COLUMN "version" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "learner_days" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_log" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_progress" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_pushes" ADD CONSTRAINT "sync_pushes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_tombstones" ADD CONSTRAINT "sync_tombstones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_pushes_created_idx" ON "sync_pushes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sync_tombstones_user_version_idx" ON "sync_tombstones" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "learner_days_user_version_idx" ON "learner_days" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "review_cards_user_version_idx" ON "review_cards" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "review_log_user_version_idx" ON "review_log" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "user_favorites_user_version_idx" ON "user_favorites" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "user_progress_user_version_idx" ON "user_progress" USING btree ("user_id","version");--> statement-breakpoint
ALTER TABLE "learner_settings" ALTER COLUMN "version" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "review_cards" ALTER COLUMN "version" SET DEFAULT 0;--> statement-breakpoint
-- The app's sync (docs/decisions/012-sync.md). Every write to a learner's synced rows, through any door (website,
-- API, CLI, a cascade from the catalogue), takes the learner's advisory lock before it draws a version, so one
-- learner's versions are visible in the order they were drawn: a pull never passes a row committed late. Learners
-- share 1,024 locks (a learner's always the same one): an admin's delete that reaches 10,000 learners' rows holds at
-- most 1,024 locks, not 10,000 (past about 10,000 the lock table runs out: "out of shared memory").
CREATE FUNCTION sync_lock_learner(uid text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('learner-sync'), hashtext(uid) & 1023)
$$;--> statement-breakpoint
-- The key columns (trigger arguments after the first) of a row, as JSON text: {"phrase_id":"…"}; '{}' for a table
-- with one row per learner.
CREATE FUNCTION sync_row_key(row_data jsonb, key_columns text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT jsonb_object_agg(k, row_data -> k) FROM unnest(key_columns) AS k), '{}'::jsonb)::text
$$;--> statement-breakpoint
CREATE FUNCTION sync_write_tombstone(p_user text, p_table text, p_key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A row deleted with its learner's account (the cascade): nobody is left to tell.
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = p_user) THEN RETURN; END IF;
  PERFORM sync_lock_learner(p_user);
  INSERT INTO sync_tombstones (user_id, table_name, row_key, version)
  VALUES (p_user, p_table, p_key, nextval('sync_version'))
  ON CONFLICT (user_id, table_name, row_key) DO UPDATE SET version = excluded.version, deleted_at = now();
END
$$;--> statement-breakpoint
-- BEFORE INSERT OR UPDATE: a new version; a row back under a deleted key takes its tombstone's place; a key that
-- changed (a lesson renamed by an admin) leaves a tombstone for the old one. TG_ARGV: the learner's column, then the
-- key columns.
CREATE FUNCTION sync_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_row jsonb := to_jsonb(NEW);
  uid text := new_row ->> TG_ARGV[0];
  key_columns text[] := TG_ARGV[1:TG_NARGS - 1];
  new_key text;
  old_key text;
BEGIN
  PERFORM sync_lock_learner(uid);
  NEW.version := nextval('sync_version');
  new_key := sync_row_key(new_row, key_columns);
  IF TG_OP = 'UPDATE' THEN
    old_key := sync_row_key(to_jsonb(OLD), key_columns);
    IF old_key IS DISTINCT FROM new_key OR (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM uid THEN
      PERFORM sync_write_tombstone(to_jsonb(OLD) ->> TG_ARGV[0], TG_TABLE_NAME, old_key);
    ELSE
      RETURN NEW;
    END IF;
  END IF;
  DELETE FROM sync_tombstones WHERE user_id = uid AND table_name = TG_TABLE_NAME AND row_key = new_key;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION sync_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := to_jsonb(OLD);
BEGIN
  PERFORM sync_write_tombstone(old_row ->> TG_ARGV[0], TG_TABLE_NAME, sync_row_key(old_row, TG_ARGV[1:TG_NARGS - 1]));
  RETURN OLD;
END
$$;--> statement-breakpoint
-- Rows written before sync existed get their first versions.
UPDATE "profiles" SET "version" = nextval('sync_version');--> statement-breakpoint
UPDATE "user_progress" SET "version" = nextval('sync_version');--> statement-breakpoint
UPDATE "user_favorites" SET "version" = nextval('sync_version');--> statement-breakpoint
UPDATE "learner_settings" SET "version" = nextval('sync_version');--> statement-breakpoint
UPDATE "review_cards" SET "version" = nextval('sync_version');--> statement-breakpoint
UPDATE "review_log" SET "version" = nextval('sync_version');--> statement-breakpoint
UPDATE "learner_days" SET "version" = nextval('sync_version');--> statement-breakpoint
-- One pair of triggers per synced table (adding a table to sync: a version column, these two lines, and its entry in
-- server/learning/sync-tables.server.ts).
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "profiles" FOR EACH ROW EXECUTE FUNCTION sync_stamp('id');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION sync_delete('id');--> statement-breakpoint
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "user_progress" FOR EACH ROW EXECUTE FUNCTION sync_stamp('user_id', 'language_id', 'level_id', 'lesson_id');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "user_progress" FOR EACH ROW EXECUTE FUNCTION sync_delete('user_id', 'language_id', 'level_id', 'lesson_id');--> statement-breakpoint
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "user_favorites" FOR EACH ROW EXECUTE FUNCTION sync_stamp('user_id', 'phrase_id');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "user_favorites" FOR EACH ROW EXECUTE FUNCTION sync_delete('user_id', 'phrase_id');--> statement-breakpoint
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "learner_settings" FOR EACH ROW EXECUTE FUNCTION sync_stamp('user_id');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "learner_settings" FOR EACH ROW EXECUTE FUNCTION sync_delete('user_id');--> statement-breakpoint
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "review_cards" FOR EACH ROW EXECUTE FUNCTION sync_stamp('user_id', 'phrase_id');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "review_cards" FOR EACH ROW EXECUTE FUNCTION sync_delete('user_id', 'phrase_id');--> statement-breakpoint
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "review_log" FOR EACH ROW EXECUTE FUNCTION sync_stamp('user_id', 'id');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "review_log" FOR EACH ROW EXECUTE FUNCTION sync_delete('user_id', 'id');--> statement-breakpoint
CREATE TRIGGER sync_stamp BEFORE INSERT OR UPDATE ON "learner_days" FOR EACH ROW EXECUTE FUNCTION sync_stamp('user_id', 'day');--> statement-breakpoint
CREATE TRIGGER sync_delete AFTER DELETE ON "learner_days" FOR EACH ROW EXECUTE FUNCTION sync_delete('user_id', 'day');
