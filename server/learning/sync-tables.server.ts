import { sql, type SQL } from "drizzle-orm";
import type { LearnerGoal } from "#common/review.ts";

/**
 * The learner's synced tables (docs/decisions/012-sync.md), one entry each: how a pull reads a row as the app sees it,
 * and how it names the key of a deleted one. Syncing a new table takes a `version` column, its two triggers (migration
 * 0010 shows them) and an entry here; the pull and its document follow from this list.
 *
 * Only ids and the learner's own values leave: no phrase text or audio (the app reads those through the catalogue,
 * which withholds locked content), nothing of another learner (every read is by the caller's id).
 */

/** A timestamptz as PostgreSQL's JSON writes it in a UTC session: `2026-11-27T03:32:00.12+00:00`. */
const utcJson = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * ISO 8601 in UTC with milliseconds, from the text PostgreSQL's JSON writes for a timestamptz. A page has thousands:
 * the UTC spelling is rewritten as text (what `Date` would give, fractions cut to milliseconds as it cuts them), any
 * other offset goes through `Date`.
 */
function isoRequired(value: unknown): string {
  const text = String(value);
  const match = utcJson.exec(text);
  if (!match) return new Date(text).toISOString();
  return `${match[1]}.${(match[2] ?? "").slice(0, 3).padEnd(3, "0")}Z`;
}
const iso = (value: unknown) => (value === null || value === undefined ? null : isoRequired(value));
const text = (value: unknown) => String(value);
const num = (value: unknown) => Number(value);

type Row = Record<string, unknown>;

export interface SyncedTable<Entity extends string = string> {
  /** The name a pull's `changes` uses. */
  entity: Entity;
  /** The table's SQL name (the tombstones' table_name). */
  table: string;
  /** The row's synced values by the name `toApi` reads them with, each an SQL expression over the table's row `p`. */
  fields: Record<string, SQL>;
  /** The learner's column. */
  owner: SQL;
  /** From those values (as PostgreSQL writes them in JSON) to the app's shape. */
  toApi(row: Row): object;
  /** From a tombstone's key (the key columns, by SQL name) to the app's key. */
  keyToApi(key: Row): object;
}

function synced<Entity extends string>(table: SyncedTable<Entity>) {
  return table;
}

export const profileTable = synced({
  entity: "profile",
  table: "profiles",
  owner: sql`p.id`,
  // The name the account was made with until the learner chose one.
  fields: { username: sql`coalesce(p.username, (select u.name from users u where u.id = p.id))` },
  toApi: (row) => ({ username: text(row.username ?? "") }),
  keyToApi: () => ({}),
});

export const settingsTable = synced({
  entity: "settings",
  table: "learner_settings",
  owner: sql`p.user_id`,
  fields: {
    timeZone: sql`p.time_zone`, goalKind: sql`p.daily_goal_kind`, goalTarget: sql`p.daily_goal_target`,
    deckIncludesCompleted: sql`p.deck_includes_completed`,
  },
  toApi: (row) => ({
    timeZone: row.timeZone === null ? null : text(row.timeZone),
    goal: { kind: text(row.goalKind) as LearnerGoal["kind"], target: num(row.goalTarget) },
    deckIncludesCompleted: Boolean(row.deckIncludesCompleted),
  }),
  keyToApi: () => ({}),
});

export const progressTable = synced({
  entity: "progress",
  table: "user_progress",
  owner: sql`p.user_id`,
  fields: {
    languageId: sql`p.language_id`, levelId: sql`p.level_id`, lessonId: sql`p.lesson_id`, completed: sql`p.completed`,
    updatedAt: sql`p.updated_at`,
  },
  toApi: (row) => ({
    languageId: text(row.languageId),
    levelId: text(row.levelId),
    lessonId: text(row.lessonId),
    completed: Boolean(row.completed),
    updatedAt: isoRequired(row.updatedAt),
  }),
  keyToApi: (key) => ({ languageId: text(key.language_id), levelId: text(key.level_id), lessonId: text(key.lesson_id) }),
});

export const favoritesTable = synced({
  entity: "favorites",
  table: "user_favorites",
  owner: sql`p.user_id`,
  fields: { phraseId: sql`p.phrase_id`, createdAt: sql`p.created_at` },
  toApi: (row) => ({ phraseId: text(row.phraseId), createdAt: isoRequired(row.createdAt) }),
  keyToApi: (key) => ({ phraseId: text(key.phrase_id) }),
});

export const reviewCardsTable = synced({
  entity: "reviewCards",
  table: "review_cards",
  owner: sql`p.user_id`,
  fields: {
    phraseId: sql`p.phrase_id`, due: sql`p.due`, stability: sql`p.stability`, difficulty: sql`p.difficulty`,
    scheduledDays: sql`p.scheduled_days`, learningSteps: sql`p.learning_steps`, reps: sql`p.reps`, lapses: sql`p.lapses`,
    state: sql`p.state`, lastReview: sql`p.last_review`,
  },
  toApi: (row) => ({
    phraseId: text(row.phraseId),
    due: isoRequired(row.due),
    stability: num(row.stability),
    difficulty: num(row.difficulty),
    scheduledDays: num(row.scheduledDays),
    learningSteps: num(row.learningSteps),
    reps: num(row.reps),
    lapses: num(row.lapses),
    state: num(row.state),
    lastReview: iso(row.lastReview),
  }),
  keyToApi: (key) => ({ phraseId: text(key.phrase_id) }),
});

export const reviewLogTable = synced({
  entity: "reviewLog",
  table: "review_log",
  owner: sql`p.user_id`,
  fields: {
    id: sql`p.id`, phraseId: sql`p.phrase_id`, rating: sql`p.rating`, state: sql`p.state`, due: sql`p.due`, stability: sql`p.stability`,
    difficulty: sql`p.difficulty`, scheduledDays: sql`p.scheduled_days`, learningSteps: sql`p.learning_steps`,
    reviewedAt: sql`p.reviewed_at`, learnerDay: sql`p.learner_day`, durationMs: sql`p.duration_ms`, undoneAt: sql`p.undone_at`,
  },
  toApi: (row) => ({
    id: text(row.id),
    phraseId: text(row.phraseId),
    rating: num(row.rating),
    state: num(row.state),
    due: isoRequired(row.due),
    stability: num(row.stability),
    difficulty: num(row.difficulty),
    scheduledDays: num(row.scheduledDays),
    learningSteps: num(row.learningSteps),
    reviewedAt: isoRequired(row.reviewedAt),
    learnerDay: text(row.learnerDay),
    durationMs: row.durationMs === null ? null : num(row.durationMs),
    undoneAt: iso(row.undoneAt),
  }),
  keyToApi: (key) => ({ id: text(key.id) }),
});

export const daysTable = synced({
  entity: "days",
  table: "learner_days",
  owner: sql`p.user_id`,
  fields: { day: sql`p.day`, reviews: sql`p.reviews`, lessons: sql`p.lessons`, goalKind: sql`p.goal_kind`, goalTarget: sql`p.goal_target` },
  toApi: (row) => ({
    day: text(row.day),
    reviews: num(row.reviews),
    lessons: num(row.lessons),
    goal: { kind: text(row.goalKind) as LearnerGoal["kind"], target: num(row.goalTarget) },
  }),
  keyToApi: (key) => ({ day: text(key.day) }),
});

export const syncedTables = [profileTable, settingsTable, progressTable, favoritesTable, reviewCardsTable, reviewLogTable, daysTable] as const;

export type SyncEntity = (typeof syncedTables)[number]["entity"];
