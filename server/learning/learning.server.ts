import { and, desc, eq, inArray } from "drizzle-orm";
import { displayName } from "#common/account-display.ts";
import { learnerDay } from "#common/learner-day.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { Executor } from "#server/db/client.server.ts";
import { openLesson } from "#server/catalog/public-catalog.server.ts";
import { courseProgress, type Completion, type CourseProgress } from "#server/learning/lesson-flow.server.ts";
import { languages, lessons, phrases, profiles, userFavorites, userProgress, users } from "#server/db/schema.ts";
import { recordActivity, retractActivity } from "#server/review/activity.server.ts";
import { enrollCompletedLessons, enrollPhrases } from "#server/review/deck.server.ts";
import { getLearnerSettings } from "#server/review/learner-settings.server.ts";

/**
 * A learner's own data: profile, lesson progress and favourite phrases. Every function takes the signed-in user's id
 * and touches only that user's rows; there is no way to name another user's row.
 */

export interface LessonRef {
  languageId: string;
  levelId: string;
  lessonId: string;
}

export interface Profile {
  username: string;
  avatarUrl: string | null;
}

export async function getProfile(db: Executor, user: { id: string; email: string; name: string }): Promise<Profile> {
  const [row] = await db
    .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, user.id))
    .limit(1);
  return { username: displayName(row?.username ?? user.name, user.email), avatarUrl: row?.avatarUrl ?? null };
}

/** Sets the username on the profile (created on first save) and as the account's display name. */
export async function updateUsername(db: Executor, userId: string, username: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, username })
      .onConflictDoUpdate({ target: profiles.id, set: { username, updatedAt: new Date() } });
    await tx.update(users).set({ name: username, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/**
 * Marks a lesson complete (true) or takes that back (false: the progress row goes). A lesson newly completed counts
 * towards the learner's day (their daily goal and streak); taking it back on the same day takes it off again.
 */
export async function setLessonCompleted(db: Executor, userId: string, lesson: LessonRef, completed: boolean, now = new Date()) {
  await db.transaction(async (tx) => {
    const match = and(
      eq(userProgress.userId, userId),
      eq(userProgress.languageId, lesson.languageId),
      eq(userProgress.levelId, lesson.levelId),
      eq(userProgress.lessonId, lesson.lessonId),
    );
    const [existing] = await tx.select({ completed: userProgress.completed, updatedAt: userProgress.updatedAt }).from(userProgress).where(match).for("update");
    const settings = await getLearnerSettings(tx, userId);
    const today = learnerDay(now, settings.timeZone);
    if (completed) {
      if (existing?.completed) return;
      await tx
        .insert(userProgress)
        .values({ userId, ...lesson, completed: true, updatedAt: now })
        .onConflictDoUpdate({
          target: [userProgress.userId, userProgress.languageId, userProgress.levelId, userProgress.lessonId],
          set: { completed: true, updatedAt: now },
        });
      await recordActivity(tx, userId, today, settings.goal, { lessons: 1 });
      if (settings.deckIncludesCompleted) await enrollCompletedLessons(tx, userId, lesson, now);
    } else {
      if (!existing) return;
      await tx.delete(userProgress).where(match);
      if (existing.completed && learnerDay(existing.updatedAt, settings.timeZone) === today) {
        await retractActivity(tx, userId, today, { lessons: 1 });
      }
    }
  });
}

/** Ids of the completed lessons of one level. */
export async function completedLessonIds(db: Executor, userId: string, languageId: string, levelId: string): Promise<string[]> {
  const rows = await db
    .select({ lessonId: userProgress.lessonId })
    .from(userProgress)
    .where(
      and(
        eq(userProgress.userId, userId),
        eq(userProgress.languageId, languageId),
        eq(userProgress.levelId, levelId),
        eq(userProgress.completed, true),
      ),
    );
  return rows.map((r) => r.lessonId);
}

export interface LanguageProgress extends CourseProgress {
  languageId: string;
  languageName: string;
}

/**
 * Per language with at least one progress row (SPEC §2): completed lessons out of the lessons the website opens, the
 * locked ones counted apart, and where the learner left off (lesson-flow.server.ts).
 */
export async function progressByLanguage(db: Executor, userId: string, catalog: CatalogSnapshot): Promise<LanguageProgress[]> {
  const rows = await db
    .select({
      languageId: userProgress.languageId,
      levelId: userProgress.levelId,
      lessonId: userProgress.lessonId,
      completed: userProgress.completed,
      updatedAt: userProgress.updatedAt,
    })
    .from(userProgress)
    .where(eq(userProgress.userId, userId));
  const completionsByLanguage = new Map<string, Completion[]>();
  for (const row of rows) {
    const completions = completionsByLanguage.get(row.languageId) ?? [];
    if (row.completed) completions.push({ levelId: row.levelId, lessonId: row.lessonId, at: row.updatedAt });
    completionsByLanguage.set(row.languageId, completions);
  }
  return [...completionsByLanguage.entries()]
    .map(([languageId, completions]) => ({
      languageId,
      languageName: catalog.languageById.get(languageId)?.name ?? "Unknown",
      ...courseProgress(catalog, languageId, completions),
    }))
    .sort((a, b) => a.languageName.localeCompare(b.languageName));
}

/**
 * Whether a learner may save this phrase: it exists and its lesson and level are open, as the lesson page checks (a
 * phrase of the open lesson it shows). The app's sync asks it before `addFavorite`.
 */
export async function phraseIsOpen(db: Executor, catalog: CatalogSnapshot, phraseId: string): Promise<boolean> {
  const [row] = await db
    .select({ languageId: phrases.languageId, levelId: phrases.levelId, lessonId: phrases.lessonId })
    .from(phrases)
    .where(eq(phrases.id, phraseId))
    .limit(1);
  if (!row) return false;
  const access = openLesson(catalog, row.languageId, row.levelId, row.lessonId);
  return access.kind === "open" && access.groups.some((g) => g.phrases.some((p) => p.id === phraseId));
}

/** Saves a phrase as a favourite (again is a no-op); it joins the learner's review deck. */
export async function addFavorite(db: Executor, userId: string, phraseId: string) {
  await db.transaction(async (tx) => {
    await tx.insert(userFavorites).values({ userId, phraseId }).onConflictDoNothing();
    await enrollPhrases(tx, userId, [phraseId]);
  });
}

/** Removes the user's favourite of a phrase; false when there was none. */
export async function removeFavoriteByPhrase(db: Executor, userId: string, phraseId: string): Promise<boolean> {
  const deleted = await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.phraseId, phraseId)))
    .returning({ id: userFavorites.id });
  return deleted.length > 0;
}

/** Removes one of the user's favourites by its id; false when the user has no favourite with that id. */
export async function removeFavorite(db: Executor, userId: string, favoriteId: string): Promise<boolean> {
  const deleted = await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.id, favoriteId)))
    .returning({ id: userFavorites.id });
  return deleted.length > 0;
}

/** Which of these phrases the user has saved. */
export async function favoritePhraseIds(db: Executor, userId: string, phraseIds: string[]): Promise<string[]> {
  if (phraseIds.length === 0) return [];
  const rows = await db
    .select({ phraseId: userFavorites.phraseId })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), inArray(userFavorites.phraseId, phraseIds)));
  return rows.map((r) => r.phraseId);
}

export interface FavoriteView {
  id: string;
  phraseId: string;
  originalText: string;
  translatedText: string;
  audioUrl: string;
  /** The phrase's lesson, with its language's name: a favourite links back to where it was saved. */
  lesson: LessonRef & { title: string; languageName: string };
}

/**
 * The profile's Favorites tab shows this many a page: a learner's favourites can run to thousands (each is a card of
 * their review deck), and one page of all of them made the server render and hold them all (10,000 in bench:review).
 */
export const FAVORITES_PAGE_SIZE = 50;

export interface FavoritesPage {
  favorites: FavoriteView[];
  /** The page shown (the one asked for, kept in range) and how many there are (at least one). */
  page: number;
  pages: number;
}

/** One page of the user's favourites with their phrase (SPEC §3), newest first. */
export async function listFavorites(db: Executor, userId: string, requestedPage = 1): Promise<FavoritesPage> {
  const total = await db.$count(userFavorites, eq(userFavorites.userId, userId));
  const pages = Math.max(1, Math.ceil(total / FAVORITES_PAGE_SIZE));
  const page = Math.min(Math.max(Number.isSafeInteger(requestedPage) ? requestedPage : 1, 1), pages);
  if (total === 0) return { favorites: [], page, pages };
  // The page's favourites first, from the learner's own rows in order (an index walk), then their phrases and places.
  const shown = db
    .select({ id: userFavorites.id, phraseId: userFavorites.phraseId, createdAt: userFavorites.createdAt })
    .from(userFavorites)
    .where(eq(userFavorites.userId, userId))
    .orderBy(desc(userFavorites.createdAt), desc(userFavorites.id))
    .limit(FAVORITES_PAGE_SIZE)
    .offset((page - 1) * FAVORITES_PAGE_SIZE)
    .as("shown");
  const rows = await db
    .select({
      id: shown.id,
      phraseId: phrases.id,
      originalText: phrases.originalText,
      translatedText: phrases.translatedText,
      audioUrl: phrases.audioUrl,
      languageId: phrases.languageId,
      levelId: phrases.levelId,
      lessonId: phrases.lessonId,
      lessonTitle: lessons.title,
      languageName: languages.name,
    })
    .from(shown)
    .innerJoin(phrases, eq(phrases.id, shown.phraseId))
    .innerJoin(
      lessons,
      and(eq(lessons.languageId, phrases.languageId), eq(lessons.levelId, phrases.levelId), eq(lessons.id, phrases.lessonId)),
    )
    .innerJoin(languages, eq(languages.id, phrases.languageId))
    .orderBy(desc(shown.createdAt), desc(shown.id));
  const favorites = rows.map(({ languageId, levelId, lessonId, lessonTitle, languageName, ...row }) => ({
    ...row,
    lesson: { languageId, levelId, lessonId, title: lessonTitle, languageName },
  }));
  return { favorites, page, pages };
}
