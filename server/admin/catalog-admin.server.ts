import { and, asc, eq, max, sql } from "drizzle-orm";
import {
  catalogMessages,
  RESERVED_LANGUAGE_IDS,
  type AdminLanguage,
  type AdminLesson,
  type AdminLevel,
  type LanguageInput,
  type LessonInput,
  type LevelInput,
} from "#common/catalog-admin.ts";
import { compareByOrder } from "#common/catalog.ts";
import type { Database, Executor } from "#server/db/client.server.ts";
import { isForeignKeyViolation, isUniqueViolation } from "#server/db/sql-errors.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import { recordChange, textChanges, type ChangeInput, type ChangeRecorder } from "#server/admin/change-log.server.ts";

/**
 * The admin side of the catalogue (SPEC §2 Manage Languages/Levels/Lessons, §4, §5): plain functions over the
 * database. Every write announces "catalog" on the event bus afterwards, so the cached public pages change at once,
 * in every process. Writes that touch several rows (moves, reorders, cascade deletes) run in one transaction and lock
 * the rows they read first, so two admins working at once cannot interleave into a corrupt order.
 */

export interface CatalogAdminDeps {
  db: Database;
  events: EventBus;
  /** Who is changing the catalogue, for the change log (written in each write's transaction). */
  changes: ChangeRecorder;
}

const log = (tx: Executor, deps: CatalogAdminDeps, change: Omit<ChangeInput, "section">) =>
  recordChange(tx, deps.changes, { section: "catalog", ...change });

const languageSubject = (row: { id: string; name: string }) => `${row.name} (${row.id})`;
const levelSubject = (row: { languageId: string; id: string; title: string }) => `${row.title} (${row.languageId} / ${row.id})`;
const lessonSubject = (row: { languageId: string; levelId: string; id: string; title: string }) =>
  `${row.title} (${row.languageId} / ${row.levelId} / ${row.id})`;
const cascadeCounts = (parts: [number, string][]) =>
  parts
    .filter(([n]) => n > 0)
    .map(([n, noun]) => `${n} ${noun}${n === 1 ? "" : "s"}`)
    .join(", ");
const withCascade = (subject: string, parts: [number, string][]) => {
  const counts = cascadeCounts(parts);
  return counts ? `${subject}, with ${counts}` : subject;
};

/** A refusal the form shows against a field (or as a toast when field is absent). */
export class CatalogAdminError extends Error {
  readonly field: string | undefined;
  readonly status: number;
  constructor(message: string, field?: string, status = 400) {
    super(message);
    this.name = "CatalogAdminError";
    this.field = field;
    this.status = status;
  }
}

const languageColumns = { id: languages.id, name: languages.name, flagUrl: languages.flagUrl, voice: languages.voice };
const levelColumns = {
  languageId: levels.languageId,
  id: levels.id,
  title: levels.title,
  cefrLabel: levels.cefrLabel,
  iconUrl: levels.iconUrl,
  orderIndex: levels.orderIndex,
  isLocked: levels.isLocked,
};
const lessonColumns = {
  languageId: lessons.languageId,
  levelId: lessons.levelId,
  id: lessons.id,
  title: lessons.title,
  translatedTitle: lessons.translatedTitle,
  iconUrl: lessons.iconUrl,
  orderIndex: lessons.orderIndex,
  isLocked: lessons.isLocked,
};

/*
 * The tabs read one language at a time (issue 10 point 8: 50 languages, hundreds of levels, thousands of lessons):
 * the language list is small, and a table shows only the levels or lessons of the language picked in its filter.
 */

/** Every language, by name. */
export async function listAdminLanguages(db: Executor): Promise<AdminLanguage[]> {
  return db.select(languageColumns).from(languages).orderBy(asc(languages.name), asc(languages.id));
}

/** One language's levels in display order (order_index, missing as 999, then title). */
export async function listAdminLevels(db: Executor, languageId: string): Promise<AdminLevel[]> {
  const rows = await db.select(levelColumns).from(levels).where(eq(levels.languageId, languageId));
  return rows.sort(compareByOrder);
}

/** Whether any language has a level (the Lessons tab asks for levels first when none has). */
export async function hasLevels(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: levels.id }).from(levels).limit(1);
  return row !== undefined;
}

/** One language's lessons (or one level's of it) in display order. */
export async function listAdminLessons(db: Executor, languageId: string, levelId?: string): Promise<AdminLesson[]> {
  const rows = await db
    .select(lessonColumns)
    .from(lessons)
    .where(and(eq(lessons.languageId, languageId), levelId === undefined ? undefined : eq(lessons.levelId, levelId)));
  return rows.sort(compareByOrder);
}

/**
 * The Lessons tab's 'All levels' shows whole levels, a page at a time, up to this many lessons a page (always at least
 * one level). A hundred rows, each with its drag handle, buttons, switch and dialogs, took a second to render.
 */
export const LESSONS_PER_PAGE = 40;

/** Splits a language's levels (in display order) into pages of whole levels; the page asked for, kept in range. */
export function pageOfLevels<T>(
  levelIds: string[],
  lessonRows: (T & { levelId: string })[],
  requested: number,
): { levelIds: string[]; lessons: T[]; page: number; pages: number } {
  const count = new Map<string, number>();
  for (const lesson of lessonRows) count.set(lesson.levelId, (count.get(lesson.levelId) ?? 0) + 1);
  const pages: string[][] = [];
  let size = 0;
  for (const id of levelIds) {
    const n = count.get(id) ?? 0;
    if (n === 0) continue;
    const current = pages.at(-1);
    if (current && size + n <= LESSONS_PER_PAGE) {
      current.push(id);
      size += n;
    } else {
      pages.push([id]);
      size = n;
    }
  }
  const page = Math.min(Math.max(Number.isSafeInteger(requested) ? requested : 1, 1), Math.max(pages.length, 1));
  const shown = new Set(pages[page - 1] ?? []);
  return { levelIds: [...shown], lessons: lessonRows.filter((l) => shown.has(l.levelId)), page, pages: Math.max(pages.length, 1) };
}

/** A filter's choice: the row the URL names if it exists, else the first ("" when there is none). */
export function pickFilter(languageRows: { id: string }[], requested: string | null): string {
  return languageRows.find((l) => l.id === requested)?.id ?? languageRows[0]?.id ?? "";
}

async function changed<T>(deps: CatalogAdminDeps, result: T): Promise<T> {
  await deps.events.publish("catalog");
  return result;
}

// Languages

/** A language as the dialog saves it; a caller that knows nothing of voices leaves `voice` out. */
type LanguageWrite = Omit<LanguageInput, "voice"> & { voice?: string | null | undefined };

export async function createLanguage(deps: CatalogAdminDeps, input: LanguageWrite) {
  // Only on creation: a language made before the rule keeps its id, and its other fields stay editable.
  if (RESERVED_LANGUAGE_IDS.has(input.id)) throw new CatalogAdminError(catalogMessages.languageIdReserved, "id");
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(languages).values({ id: input.id, name: input.name, flagUrl: input.flagUrl, voice: input.voice ?? null });
      await log(tx, deps, {
        action: "Added language",
        subject: languageSubject(input),
        changes: textChanges(null, input, ["id", "name", "flagUrl", "voice"]),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogAdminError(catalogMessages.languageExists, "id");
    throw error;
  }
  return changed(deps, undefined);
}

/** The id is read-only after creation (SPEC §5): only name, flag and voice change. */
export async function updateLanguage(deps: CatalogAdminDeps, input: LanguageWrite) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select(languageColumns).from(languages).where(eq(languages.id, input.id)).for("update");
    if (!before) throw new CatalogAdminError("That language no longer exists.", undefined, 404);
    const set = { name: input.name, flagUrl: input.flagUrl, ...(input.voice === undefined ? {} : { voice: input.voice }) };
    await tx.update(languages).set(set).where(eq(languages.id, input.id));
    await log(tx, deps, { action: "Edited language", subject: languageSubject(input), changes: textChanges(before, set, ["name", "flagUrl", "voice"]) });
  });
  return changed(deps, undefined);
}

/** The file URLs that rows deleted by a cascade referenced (flags, icons, audio), for cleaning storage afterwards. */
export interface DeletedFiles {
  urls: string[];
}

/**
 * Locks the rows a cascade delete removes, top down, before it deletes anything. A row added below them meanwhile
 * (a lesson, phrases) holds a key-share lock on its parent until it commits: the lock waits for it, so the DELETE ...
 * RETURNING that follows sees it and its file gets cleaned up, instead of the foreign keys' cascade removing it
 * unseen. A row added after the lock waits for the delete to commit and then fails on its foreign key.
 */
async function lockForCascade(tx: Executor, where: { languageId: string; levelId?: string }) {
  const levelWhere = and(eq(levels.languageId, where.languageId), where.levelId === undefined ? undefined : eq(levels.id, where.levelId));
  await tx.select({ id: levels.id }).from(levels).where(levelWhere).for("update");
  const lessonWhere = and(eq(lessons.languageId, where.languageId), where.levelId === undefined ? undefined : eq(lessons.levelId, where.levelId));
  await tx.select({ id: lessons.id }).from(lessons).where(lessonWhere).for("update");
}

/** Deletes a language with its levels, lessons and phrases (SPEC §4), in one transaction. */
export async function deleteLanguage(deps: CatalogAdminDeps, languageId: string): Promise<DeletedFiles> {
  const urls = await deps.db.transaction(async (tx) => {
    const [language] = await tx.select(languageColumns).from(languages).where(eq(languages.id, languageId)).for("update");
    if (!language) throw new CatalogAdminError("That language no longer exists.", undefined, 404);
    await lockForCascade(tx, { languageId });
    const deletedPhrases = await tx.delete(phrases).where(eq(phrases.languageId, languageId)).returning({ url: phrases.audioUrl });
    const deletedLessons = await tx.delete(lessons).where(eq(lessons.languageId, languageId)).returning({ url: lessons.iconUrl });
    const deletedLevels = await tx.delete(levels).where(eq(levels.languageId, languageId)).returning({ url: levels.iconUrl });
    await tx.delete(languages).where(eq(languages.id, languageId));
    await log(tx, deps, {
      action: "Deleted language",
      subject: withCascade(languageSubject(language), [
        [deletedLevels.length, "level"],
        [deletedLessons.length, "lesson"],
        [deletedPhrases.length, "phrase"],
      ]),
    });
    return [language.flagUrl, ...deletedPhrases.map((r) => r.url), ...deletedLessons.map((r) => r.url), ...deletedLevels.map((r) => r.url)];
  });
  return changed(deps, { urls: distinctUrls(urls) });
}

const distinctUrls = (urls: string[]) => [...new Set(urls.filter((u) => u !== ""))];

// Levels

/** A new level goes last in its language: the highest order_index there plus 1, or 0 for the first. */
export async function nextLevelOrderIndex(db: Executor, languageId: string): Promise<number> {
  const [row] = await db.select({ highest: max(levels.orderIndex) }).from(levels).where(eq(levels.languageId, languageId));
  return row?.highest == null ? 0 : row.highest + 1;
}

async function requireLanguage(db: Executor, languageId: string) {
  const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, languageId));
  if (!row) throw new CatalogAdminError(catalogMessages.languageRequired, "languageId");
}

export async function createLevel(deps: CatalogAdminDeps, input: LevelInput) {
  try {
    await deps.db.transaction(async (tx) => {
      await requireLanguage(tx, input.languageId);
      // Serialises concurrent additions to one language, so two new levels never get the same order_index.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`levels:${input.languageId}`}))`);
      const orderIndex = await nextLevelOrderIndex(tx, input.languageId);
      await tx.insert(levels).values({
        languageId: input.languageId,
        id: input.id,
        title: input.title,
        cefrLabel: input.cefrLabel,
        iconUrl: input.iconUrl,
        orderIndex,
        isLocked: false,
      });
      await log(tx, deps, { action: "Added level", subject: levelSubject(input), changes: textChanges(null, input, ["id", "title", "cefrLabel", "iconUrl"]) });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogAdminError(catalogMessages.levelExists, "id");
    if (isForeignKeyViolation(error)) throw new CatalogAdminError(catalogMessages.languageRequired, "languageId", 409);
    throw error;
  }
  return changed(deps, undefined);
}

/**
 * Edits a level found by its current key. Moving it to another language carries its lessons and phrases along
 * (the foreign keys cascade the key change).
 */
export async function updateLevel(deps: CatalogAdminDeps, key: { languageId: string; id: string }, input: LevelInput) {
  try {
    await deps.db.transaction(async (tx) => {
      if (input.languageId !== key.languageId) await requireLanguage(tx, input.languageId);
      const [before] = await tx
        .select(levelColumns)
        .from(levels)
        .where(and(eq(levels.languageId, key.languageId), eq(levels.id, key.id)))
        .for("update");
      if (!before) throw new CatalogAdminError("That level no longer exists.", undefined, 404);
      await log(tx, deps, {
        action: "Edited level",
        subject: levelSubject({ ...input, id: key.id }),
        changes: textChanges(before, input, ["languageId", "title", "cefrLabel", "iconUrl"]),
      });
      const rows = await tx
        .update(levels)
        .set({
          languageId: input.languageId,
          title: input.title,
          cefrLabel: input.cefrLabel,
          iconUrl: input.iconUrl,
          isLocked: input.isLocked,
        })
        .where(and(eq(levels.languageId, key.languageId), eq(levels.id, key.id)))
        .returning({ id: levels.id });
      if (rows.length === 0) throw new CatalogAdminError("That level no longer exists.", undefined, 404);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogAdminError(catalogMessages.levelExists, "languageId");
    if (isForeignKeyViolation(error)) throw new CatalogAdminError(catalogMessages.languageRequired, "languageId", 409);
    throw error;
  }
  return changed(deps, undefined);
}

export async function setLevelLock(deps: CatalogAdminDeps, key: { languageId: string; id: string }, isLocked: boolean) {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(levels)
      .set({ isLocked })
      .where(and(eq(levels.languageId, key.languageId), eq(levels.id, key.id)))
      .returning(levelColumns);
    const [level] = rows;
    if (!level) throw new CatalogAdminError("That level no longer exists.", undefined, 404);
    await log(tx, deps, { action: isLocked ? "Locked level" : "Unlocked level", subject: levelSubject(level) });
  });
  return changed(deps, undefined);
}

/**
 * Swaps a level's order_index with its neighbour's in the displayed order (SPEC §4); a missing value counts as 0.
 * The first row cannot move up nor the last down: those requests change nothing.
 */
export async function moveLevel(deps: CatalogAdminDeps, key: { languageId: string; id: string }, direction: "up" | "down") {
  const moved = await deps.db.transaction(async (tx) => {
    const rows = await tx.select(levelColumns).from(levels).where(eq(levels.languageId, key.languageId)).for("update");
    rows.sort(compareByOrder);
    const at = rows.findIndex((r) => r.id === key.id);
    if (at < 0) throw new CatalogAdminError("That level no longer exists.", undefined, 404);
    const neighbour = rows[direction === "up" ? at - 1 : at + 1];
    if (!neighbour) return false;
    const current = rows[at]!;
    await tx.update(levels).set({ orderIndex: neighbour.orderIndex ?? 0 }).where(and(eq(levels.languageId, key.languageId), eq(levels.id, current.id)));
    await tx.update(levels).set({ orderIndex: current.orderIndex ?? 0 }).where(and(eq(levels.languageId, key.languageId), eq(levels.id, neighbour.id)));
    await log(tx, deps, { action: direction === "up" ? "Moved level up" : "Moved level down", subject: levelSubject(current) });
    return true;
  });
  return moved ? changed(deps, true) : false;
}

/** Deletes a level with its lessons and phrases, in one transaction. */
export async function deleteLevel(deps: CatalogAdminDeps, key: { languageId: string; id: string }): Promise<DeletedFiles> {
  const urls = await deps.db.transaction(async (tx) => {
    const where = and(eq(levels.languageId, key.languageId), eq(levels.id, key.id));
    const [level] = await tx.select(levelColumns).from(levels).where(where).for("update");
    if (!level) throw new CatalogAdminError("That level no longer exists.", undefined, 404);
    await lockForCascade(tx, { languageId: key.languageId, levelId: key.id });
    const deletedPhrases = await tx
      .delete(phrases)
      .where(and(eq(phrases.languageId, key.languageId), eq(phrases.levelId, key.id)))
      .returning({ url: phrases.audioUrl });
    const deletedLessons = await tx
      .delete(lessons)
      .where(and(eq(lessons.languageId, key.languageId), eq(lessons.levelId, key.id)))
      .returning({ url: lessons.iconUrl });
    await tx.delete(levels).where(where);
    await log(tx, deps, {
      action: "Deleted level",
      subject: withCascade(levelSubject(level), [
        [deletedLessons.length, "lesson"],
        [deletedPhrases.length, "phrase"],
      ]),
    });
    return [level.iconUrl, ...deletedPhrases.map((r) => r.url), ...deletedLessons.map((r) => r.url)];
  });
  return changed(deps, { urls: distinctUrls(urls) });
}

// Lessons

export interface LessonKey {
  languageId: string;
  levelId: string;
  id: string;
}

const lessonWhere = (key: LessonKey) => and(eq(lessons.languageId, key.languageId), eq(lessons.levelId, key.levelId), eq(lessons.id, key.id));

/** get_next_lesson_order_index (SPEC §7): the highest order_index in the level plus 1, or 0 for the first lesson. */
export async function nextLessonOrderIndex(db: Executor, languageId: string, levelId: string): Promise<number> {
  const [row] = await db
    .select({ highest: max(lessons.orderIndex) })
    .from(lessons)
    .where(and(eq(lessons.languageId, languageId), eq(lessons.levelId, levelId)));
  return row?.highest == null ? 0 : row.highest + 1;
}

async function requireLevel(db: Executor, languageId: string, levelId: string) {
  const [row] = await db
    .select({ id: levels.id })
    .from(levels)
    .where(and(eq(levels.languageId, languageId), eq(levels.id, levelId)));
  if (!row) throw new CatalogAdminError(catalogMessages.levelRequired, "levelId");
}

export async function createLesson(deps: CatalogAdminDeps, input: LessonInput) {
  try {
    await deps.db.transaction(async (tx) => {
      await requireLanguage(tx, input.languageId);
      await requireLevel(tx, input.languageId, input.levelId);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lessons:${input.languageId}:${input.levelId}`}))`);
      const orderIndex = await nextLessonOrderIndex(tx, input.languageId, input.levelId);
      await tx.insert(lessons).values({
        languageId: input.languageId,
        levelId: input.levelId,
        id: input.id,
        title: input.title,
        translatedTitle: input.translatedTitle,
        iconUrl: input.iconUrl,
        orderIndex,
        isLocked: false,
      });
      await log(tx, deps, {
        action: "Added lesson",
        subject: lessonSubject(input),
        changes: textChanges(null, input, ["id", "title", "translatedTitle", "iconUrl"]),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogAdminError(catalogMessages.lessonExists, "id");
    if (isForeignKeyViolation(error)) throw new CatalogAdminError(catalogMessages.levelRequired, "levelId", 409);
    throw error;
  }
  return changed(deps, undefined);
}

/** Edits a lesson found by its current key; a move to another level carries its phrases (cascading keys). */
export async function updateLesson(deps: CatalogAdminDeps, key: LessonKey, input: LessonInput) {
  try {
    await deps.db.transaction(async (tx) => {
      const moving = input.languageId !== key.languageId || input.levelId !== key.levelId;
      if (moving) {
        await requireLanguage(tx, input.languageId);
        await requireLevel(tx, input.languageId, input.levelId);
      }
      const [before] = await tx.select(lessonColumns).from(lessons).where(lessonWhere(key)).for("update");
      if (!before) throw new CatalogAdminError("That lesson no longer exists.", undefined, 404);
      await log(tx, deps, {
        action: "Edited lesson",
        subject: lessonSubject({ ...input, id: key.id }),
        changes: textChanges(before, input, ["languageId", "levelId", "title", "translatedTitle", "iconUrl"]),
      });
      const rows = await tx
        .update(lessons)
        .set({
          languageId: input.languageId,
          levelId: input.levelId,
          title: input.title,
          translatedTitle: input.translatedTitle,
          iconUrl: input.iconUrl,
          isLocked: input.isLocked,
          // In another level it goes last there, as a new lesson would.
          ...(moving ? { orderIndex: await nextLessonOrderIndex(tx, input.languageId, input.levelId) } : {}),
        })
        .where(lessonWhere(key))
        .returning({ id: lessons.id });
      if (rows.length === 0) throw new CatalogAdminError("That lesson no longer exists.", undefined, 404);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CatalogAdminError(catalogMessages.lessonExists, "levelId");
    if (isForeignKeyViolation(error)) throw new CatalogAdminError(catalogMessages.levelRequired, "levelId", 409);
    throw error;
  }
  return changed(deps, undefined);
}

export async function setLessonLock(deps: CatalogAdminDeps, key: LessonKey, isLocked: boolean) {
  await deps.db.transaction(async (tx) => {
    const [lesson] = await tx.update(lessons).set({ isLocked }).where(lessonWhere(key)).returning(lessonColumns);
    if (!lesson) throw new CatalogAdminError("That lesson no longer exists.", undefined, 404);
    await log(tx, deps, { action: isLocked ? "Locked lesson" : "Unlocked lesson", subject: lessonSubject(lesson) });
  });
  return changed(deps, undefined);
}

/**
 * The legacy move up/down (SPEC §4, §5): swaps two lessons' order_index values. Ignored on the first row (up) and
 * the last (down); refused with 'Cannot reorder: missing order index' when either value is missing.
 */
export async function moveLesson(deps: CatalogAdminDeps, key: LessonKey, direction: "up" | "down") {
  const moved = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select(lessonColumns)
      .from(lessons)
      .where(and(eq(lessons.languageId, key.languageId), eq(lessons.levelId, key.levelId)))
      .for("update");
    rows.sort(compareByOrder);
    const at = rows.findIndex((r) => r.id === key.id);
    if (at < 0) throw new CatalogAdminError("That lesson no longer exists.", undefined, 404);
    const neighbour = rows[direction === "up" ? at - 1 : at + 1];
    if (!neighbour) return false;
    const current = rows[at]!;
    if (current.orderIndex == null || neighbour.orderIndex == null) throw new CatalogAdminError(catalogMessages.missingOrderIndex);
    await tx.update(lessons).set({ orderIndex: neighbour.orderIndex }).where(lessonWhere(current));
    await tx.update(lessons).set({ orderIndex: current.orderIndex }).where(lessonWhere(neighbour));
    await log(tx, deps, { action: direction === "up" ? "Moved lesson up" : "Moved lesson down", subject: lessonSubject(current) });
    return true;
  });
  return moved ? changed(deps, true) : false;
}

/**
 * Save Order (SPEC §4): order_index 0..n-1 following the given ids, in one transaction. The ids must be exactly the
 * level's lessons: a list made before another admin added or removed one is refused rather than half applied.
 */
export async function reorderLessons(deps: CatalogAdminDeps, languageId: string, levelId: string, orderedIds: string[]) {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.languageId, languageId), eq(lessons.levelId, levelId)))
      .for("update");
    const current = new Set(rows.map((r) => r.id));
    const given = new Set(orderedIds);
    if (given.size !== orderedIds.length || given.size !== current.size || orderedIds.some((id) => !current.has(id))) {
      throw new CatalogAdminError("The lessons of this level changed meanwhile. Reload the page and try again.", undefined, 409);
    }
    for (const [index, id] of orderedIds.entries()) {
      await tx.update(lessons).set({ orderIndex: index }).where(lessonWhere({ languageId, levelId, id }));
    }
    await log(tx, deps, { action: "Reordered lessons", subject: `${languageId} / ${levelId}`, count: orderedIds.length });
  });
  return changed(deps, undefined);
}

/** Deletes a lesson with its phrases, in one transaction. */
export async function deleteLesson(deps: CatalogAdminDeps, key: LessonKey): Promise<DeletedFiles> {
  const urls = await deps.db.transaction(async (tx) => {
    const [lesson] = await tx.select(lessonColumns).from(lessons).where(lessonWhere(key)).for("update");
    if (!lesson) throw new CatalogAdminError("That lesson no longer exists.", undefined, 404);
    const deletedPhrases = await tx
      .delete(phrases)
      .where(and(eq(phrases.languageId, key.languageId), eq(phrases.levelId, key.levelId), eq(phrases.lessonId, key.id)))
      .returning({ url: phrases.audioUrl });
    await tx.delete(lessons).where(lessonWhere(key));
    await log(tx, deps, { action: "Deleted lesson", subject: withCascade(lessonSubject(lesson), [[deletedPhrases.length, "phrase"]]) });
    return [lesson.iconUrl, ...deletedPhrases.map((r) => r.url)];
  });
  return changed(deps, { urls: distinctUrls(urls) });
}
