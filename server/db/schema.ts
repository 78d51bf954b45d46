import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * One schema for both drivers (PGlite and a PostgreSQL server). Keep to SQL that PostgreSQL 15 understands.
 *
 * Catalogue keys are composite: a level id is unique within its language and a lesson id within its level, so URLs
 * read /spanish/a1/greetings instead of forcing admins to invent globally unique ids.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * The app's sync (docs/decisions/012-sync.md): every synced row's `version` is drawn from one sequence by a trigger
 * (migration 0011), under the learner's advisory lock, so a learner's versions grow in commit order whatever door wrote.
 */
export const syncVersionSequence = pgSequence("sync_version", { startWith: 1 });
const syncVersion = () => bigint("version", { mode: "number" }).notNull().default(0);

export const settings = pgTable("settings", {
  id: text("id").primaryKey(),
  logo: text("logo"),
  favicon: text("favicon"),
  heroImage: text("hero_image"),
  appScreenshot: text("app_screenshot"),
  appStoreLink: text("app_store_link"),
  playStoreLink: text("play_store_link"),
  facebookLink: text("facebook_link"),
  twitterLink: text("twitter_link"),
  instagramLink: text("instagram_link"),
  linkedinLink: text("linkedin_link"),
  pinterestLink: text("pinterest_link"),
  aboutTitle: text("about_title"),
  aboutContent: text("about_content"),
  whoWeAreTitle: text("who_we_are_title"),
  whoWeAreContent: text("who_we_are_content"),
  howItWorksTitle: text("how_it_works_title"),
  howItWorksContent: text("how_it_works_content"),
  bannerBgColor: text("banner_bg_color"),
  bannerTextColor: text("banner_text_color"),
  bannerCtaText: text("banner_cta_text"),
  bannerCtaColor: text("banner_cta_color"),
  bannerCtaBgColor: text("banner_cta_bg_color"),
  bannerShowLogo: boolean("banner_show_logo"),
  bannerTitle: text("banner_title"),
  bannerDescription: text("banner_description"),
  bannerSize: text("banner_size"),
  updatedAt: updatedAt(),
});

export const languages = pgTable("languages", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  flagUrl: text("flag_url").notNull().default(""),
  /** The speech engine's voice an admin chose for it; null picks one from the id or name (server/tts). */
  voice: text("voice"),
  createdAt: createdAt(),
});

export const levels = pgTable(
  "levels",
  {
    languageId: text("language_id")
      .notNull()
      .references(() => languages.id, { onDelete: "cascade", onUpdate: "cascade" }),
    id: text("id").notNull(),
    title: text("title").notNull(),
    cefrLabel: text("cefr_label").notNull(),
    iconUrl: text("icon_url").notNull().default(""),
    orderIndex: integer("order_index"),
    isLocked: boolean("is_locked").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.languageId, t.id] }),
    index("levels_language_order_idx").on(t.languageId, t.orderIndex),
  ],
);

export const lessons = pgTable(
  "lessons",
  {
    languageId: text("language_id").notNull(),
    levelId: text("level_id").notNull(),
    id: text("id").notNull(),
    title: text("title").notNull(),
    translatedTitle: text("translated_title").notNull(),
    iconUrl: text("icon_url").notNull().default(""),
    orderIndex: integer("order_index"),
    isLocked: boolean("is_locked").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.languageId, t.levelId, t.id] }),
    foreignKey({ columns: [t.languageId, t.levelId], foreignColumns: [levels.languageId, levels.id] })
      .onDelete("cascade")
      .onUpdate("cascade"),
    index("lessons_level_order_idx").on(t.languageId, t.levelId, t.orderIndex),
  ],
);

export const phrases = pgTable(
  "phrases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    languageId: text("language_id").notNull(),
    levelId: text("level_id").notNull(),
    lessonId: text("lesson_id").notNull(),
    originalText: text("original_text").notNull(),
    translatedText: text("translated_text").notNull(),
    audioUrl: text("audio_url").notNull(),
    /** Keeps the order an admin entered phrases in; the spec has no order field. */
    position: integer("position").notNull().default(0),
    /**
     * Where this phrase is spoken inside its group's audio file, in milliseconds. Null while unknown: the group then
     * plays as a whole, as it did before cues existed.
     */
    cueStartMs: integer("cue_start_ms"),
    cueEndMs: integer("cue_end_ms"),
    /** A reading aid in Latin letters (romaji, pinyin, a transliteration); null when the language needs none. */
    reading: text("reading"),
    /** An admin wrote this reading: saving the phrase again never replaces it with a computed one. */
    readingEdited: boolean("reading_edited").notNull().default(false),
    /**
     * Phrases imported without audio that are to share one generated file (issue 27: "Import phrases"). Meaningful
     * only while `audio_url` is empty: the audio backfill groups such rows by lesson and this key, and clears it when it
     * gives them their file. Null: the lesson's audio-less rows form one group, as before imports existed.
     */
    audioBatch: uuid("audio_batch"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.languageId, t.levelId, t.lessonId],
      foreignColumns: [lessons.languageId, lessons.levelId, lessons.id],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    index("phrases_lesson_idx").on(t.languageId, t.levelId, t.lessonId, t.position),
    // The admin's text search (ILIKE '%…%') at 100,000 phrases: a scan takes 70-100 ms, trigrams a few (bench/README.md).
    // A small pending list: PGlite has no autovacuum to merge GIN's list of unmerged rows, so with the default 4 MB
    // every search read up to 4 MB of them (13 ms for a word that matches nothing at 100,000 phrases); 64 kB keeps a
    // bulk import's inserts batched (fastupdate off made a 10,000-row import twice as slow). bench/README.md.
    index("phrases_original_trgm_idx").using("gin", t.originalText.op("gin_trgm_ops")).with({ gin_pending_list_limit: 64 }),
    index("phrases_translated_trgm_idx").using("gin", t.translatedText.op("gin_trgm_ops")).with({ gin_pending_list_limit: 64 }),
    // Phrases still waiting for a reading aid: every start looks for them (server/reading/reading-jobs.server.ts), so
    // at 100,000 phrases that is an index lookup of the few, not a scan of all.
    index("phrases_reading_needed_idx").on(t.languageId).where(sql`${t.reading} IS NULL AND NOT ${t.readingEdited}`),
    // Phrases without audio (an empty URL), for the admin's "without audio" page and its backfill: the few such rows
    // in catalogue order, where a scan of 100,000 phrases took 20 ms a page view (bench/README.md, issue 28 target 5).
    index("phrases_audioless_idx").on(t.languageId, t.levelId, t.lessonId, t.position).where(sql`${t.audioUrl} = ''`),
    // Both cue ends or neither, and a cue that lasts.
    check(
      "phrases_cue_check",
      sql`(${t.cueStartMs} IS NULL AND ${t.cueEndMs} IS NULL) OR (${t.cueStartMs} >= 0 AND ${t.cueEndMs} > ${t.cueStartMs})`,
    ),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    authorId: text("author_id"),
    featuredImage: text("featured_image"),
    published: boolean("published").notNull().default(false),
    /** The optional embedded audio sample: a lesson (composite key) and one of its audio groups. */
    sampleLanguageId: text("sample_language_id"),
    sampleLevelId: text("sample_level_id"),
    lessonId: text("lesson_id"),
    phraseAudioUrl: text("phrase_audio_url"),
    sampleTitle: text("sample_title"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_published_created_idx").on(t.published, t.createdAt.desc()),
    index("blog_posts_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Old addresses of published posts whose slug changed: /blog/{slug} answers a 301 to the post's current slug. The row
 * names the post, not its new slug, so a second rename still leads to the newest address.
 */
export const blogSlugRedirects = pgTable("blog_slug_redirects", {
  slug: text("slug").primaryKey(),
  postId: uuid("post_id")
    .notNull()
    .references(() => blogPosts.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  username: text("username"),
  avatarUrl: text("avatar_url"),
  updatedAt: updatedAt(),
  version: syncVersion(),
});

export const userProgress = pgTable(
  "user_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    languageId: text("language_id").notNull(),
    levelId: text("level_id").notNull(),
    lessonId: text("lesson_id").notNull(),
    completed: boolean("completed").notNull().default(false),
    updatedAt: updatedAt(),
    version: syncVersion(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.languageId, t.levelId, t.lessonId] }),
    index("user_progress_user_version_idx").on(t.userId, t.version),
    foreignKey({
      columns: [t.languageId, t.levelId, t.lessonId],
      foreignColumns: [lessons.languageId, lessons.levelId, lessons.id],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
  ],
);

export const userFavorites = pgTable(
  "user_favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phraseId: uuid("phrase_id")
      .notNull()
      .references(() => phrases.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    version: syncVersion(),
  },
  (t) => [
    uniqueIndex("user_favorites_user_phrase_idx").on(t.userId, t.phraseId),
    index("user_favorites_user_version_idx").on(t.userId, t.version),
    // The profile's Favorites tab, a page at a time, newest first (server/learning/learning.server.ts).
    index("user_favorites_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index("user_roles_role_idx").on(t.role)],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** pending until the mailer has delivered it (or stored it in the outbox); failed keeps it for a retry. */
    mailStatus: text("mail_status").notNull().default("pending"),
    /** When the last mail attempt started: failed rows and pending ones stuck for an hour are retried. */
    mailAttemptedAt: timestamp("mail_attempted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Mail attempts so far, the first included: retries stop at MAX_SUPPORT_MAIL_ATTEMPTS. */
    mailAttempts: integer("mail_attempts").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_created_idx").on(t.createdAt.desc())],
);

/** Facts about this installation, such as when it was first started (so demo content is seeded once, ever). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Mail kept instead of sent when no SMTP server is configured (SMTP_URL unset): an operator can read it here, and
 * nothing is lost while mail is not set up yet. `to` and `from` are SQL keywords, hence the `_address` columns.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    from: text("from_address").notNull(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt.desc())],
);

/**
 * Fixed-window counters shared by every app server on one database: one row per (bucket, key), such as
 * ("support", client address). A row whose window has ended counts as empty and is reset or pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/*
 * Accounts (better-auth's user, session, account and verification models; see server/auth/auth.server.ts). Property
 * names are the library's field names; the tables are plural. Passwords live in accounts.password as argon2id PHC
 * strings. Sessions are rows, so signing out or revoking takes effect on the next request on every server.
 */

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased by the library. */
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** The absolute end of the session: set at sign-in, never moved past the configured lifetime. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    token: text("token").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_idx").on(t.token), index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** One-time tokens (password reset); email confirmation tokens are signed and not stored. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Every grant and removal of a role (who, whom, when, how), written in the same transaction as the change. Emails are
 * copied in, so an entry still reads right after an account is renamed or deleted (the ids then become null).
 */
export const roleAuditLog = pgTable(
  "role_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").notNull(),
    role: text("role").notNull(),
    targetUserId: text("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetEmail: text("target_email").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** The door it came through: admin (Users tab), self (Make Myself Admin), cli, owner (OWNER_EMAIL sign-in). */
    via: text("via").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("role_audit_log_target_idx").on(t.targetUserId, t.createdAt.desc()), index("role_audit_log_created_idx").on(t.createdAt.desc())],
);

/**
 * Who changed what in the catalogue, the blog and the site settings (issue 27 point 6), written in the transaction of
 * the change itself, so a change is never without its entry nor an entry without its change. One entry per action:
 * an import of 20 phrases is one row with count 20. `changes` holds the texts before and after, field by field.
 * Rows older than CHANGE_LOG_DAYS are removed as new ones arrive.
 */
export const changeLog = pgTable(
  "change_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    section: text("section", { enum: ["catalog", "blog", "settings"] }).notNull(),
    /** What was done, in words ('Updated lesson', 'Imported phrases'). */
    action: text("action").notNull(),
    /** What it was done to, in words ('Greetings (spanish / a1 / greetings)'). */
    subject: text("subject").notNull(),
    count: integer("count").notNull().default(1),
    changes: jsonb("changes").$type<Record<string, { before: string | null; after: string | null }>>(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as it was then: the account may be renamed or deleted later. The CLI writes 'cli'. */
    actorEmail: text("actor_email").notNull(),
    /** Milliseconds, as JavaScript's dates hold them: the Overview's "older" cursor compares them exactly. */
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("change_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("change_log_section_idx").on(t.section, t.createdAt.desc(), t.id.desc()),
    check("change_log_count_positive", sql`${t.count} > 0`),
  ],
);

/**
 * A learner's review preferences and the clock their days run on (docs/decisions/011-review.md). One row per learner,
 * created on first use; `version` and `updated_at` let the app sync it.
 */
export const learnerSettings = pgTable(
  "learner_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** An IANA zone; the learner's day turns at 4 AM there. Null until the browser has told it (UTC meanwhile). */
    timeZone: text("time_zone"),
    /** "reviews" or "lessons" per day. */
    dailyGoalKind: text("daily_goal_kind").notNull().default("reviews"),
    dailyGoalTarget: integer("daily_goal_target").notNull().default(20),
    /** The deck also holds every phrase of the lessons the learner completed (favourites always). */
    deckIncludesCompleted: boolean("deck_includes_completed").notNull().default(false),
    version: syncVersion(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("learner_settings_goal_check", sql`${t.dailyGoalKind} IN ('reviews', 'lessons') AND ${t.dailyGoalTarget} BETWEEN 1 AND 500`),
  ],
);

/**
 * The scheduler's state of one phrase for one learner (ts-fsrs's Card), from the moment the phrase joins the learner's
 * deck (new: state 0) on. No foreign key to phrases: a phrase an admin deletes leaves the deck (the
 * deck is read through the catalogue) while its card and log stay as they were.
 */
export const reviewCards = pgTable(
  "review_cards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phraseId: uuid("phrase_id").notNull(),
    due: timestamp("due", { withTimezone: true, mode: "date" }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true, mode: "date" }),
    /** Drawn anew by every write (the sync trigger): the app's sync pulls rows above its cursor. */
    version: syncVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.phraseId] }),
    // Rated cards by due date; new ones (state 0) in the order they joined the deck.
    index("review_cards_user_due_idx").on(t.userId, t.due).where(sql`${t.state} <> 0`),
    index("review_cards_user_new_idx").on(t.userId, t.createdAt).where(sql`${t.state} = 0`),
    index("review_cards_user_version_idx").on(t.userId, t.version),
  ],
);

/**
 * Every rating, appended (the inputs FSRS's optimizer needs). The id is the client's: a replayed rating (a double
 * click, an offline retry, the app's sync) finds its row and is applied once. `card_before` is the card as it was,
 * so an undo restores it exactly; an undone rating keeps its row, marked.
 */
export const reviewLog = pgTable(
  "review_log",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phraseId: uuid("phrase_id").notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint("rating").notNull(),
    /** The card before the rating, as ts-fsrs's ReviewLog has it. */
    state: smallint("state").notNull(),
    due: timestamp("due", { withTimezone: true, mode: "date" }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The learner's day it counts on (their zone then, turning at 4 AM): a later move of zone does not move it. */
    learnerDay: date("learner_day", { mode: "string" }).notNull(),
    /** How long the learner took to answer, as the client measured it (optional; for the optimizer). */
    durationMs: integer("duration_ms"),
    /** The whole card before (null: the phrase was new). */
    cardBefore: text("card_before"),
    undoneAt: timestamp("undone_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    version: syncVersion(),
  },
  (t) => [
    index("review_log_user_version_idx").on(t.userId, t.version),
    check("review_log_rating_check", sql`${t.rating} BETWEEN 1 AND 4`),
    index("review_log_user_day_idx").on(t.userId, t.learnerDay),
    index("review_log_user_phrase_idx").on(t.userId, t.phraseId, t.reviewedAt),
  ],
);

/**
 * What a learner did on each of their days: reviews and lessons completed, and the goal that day had. Written with the
 * activity, on the day it fell on then, so streaks survive a change of time zone.
 */
export const learnerDays = pgTable(
  "learner_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    reviews: integer("reviews").notNull().default(0),
    lessons: integer("lessons").notNull().default(0),
    goalKind: text("goal_kind").notNull(),
    goalTarget: integer("goal_target").notNull(),
    updatedAt: updatedAt(),
    version: syncVersion(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index("learner_days_user_version_idx").on(t.userId, t.version)],
);

/**
 * A synced row that was deleted, so a device that pulls learns to drop it: one per learner, table and key (the key's
 * columns as JSON), with the version of its deletion. Written by the sync trigger on delete, removed when a row with
 * the same key comes back (the new row then carries the later version). Rows deleted with a learner's account write
 * none (the trigger checks), and the account's tombstones go with it.
 */
export const syncTombstones = pgTable(
  "sync_tombstones",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    rowKey: text("row_key").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableName, t.rowKey] }), index("sync_tombstones_user_version_idx").on(t.userId, t.version)],
);

/**
 * Pushes already applied, by the client's push id: a replay (an app retrying after a lost answer) gets the stored
 * answer and changes nothing. `changes_hash` tells a replay from a reuse of the id for other changes.
 */
export const syncPushes = pgTable(
  "sync_pushes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pushId: uuid("push_id").notNull(),
    deviceId: text("device_id").notNull(),
    changesHash: text("changes_hash").notNull(),
    /** The answer the push got (JSON), given again to a replay. */
    result: text("result").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pushId] }), index("sync_pushes_created_idx").on(t.createdAt)],
);

/**
 * The byte size and SHA-256 of stored files, by storage key, for the app API's offline download (an app checks what it
 * downloaded). A key names one file for ever (a new upload gets a new key; server/storage/storage.server.ts), so a
 * digest, once computed, never goes stale. Filled lazily on the first catalogue read that names the file.
 */
export const storedFileDigests = pgTable(
  "stored_file_digests",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** Lowercase hex. */
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
