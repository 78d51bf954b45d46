import { and, asc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Database } from "#server/db/client.server.ts";
import { languages, lessons, levels } from "#server/db/schema.ts";

/** Missing order_index sorts last (SPEC §9), as on every other catalogue listing. */
const MISSING_ORDER = 999;

/** A grouping subquery of phrases by lesson (the backfills' groups): the columns that name its lesson. */
interface LessonGroups {
  languageId: AnyColumn;
  levelId: AnyColumn;
  lessonId: AnyColumn;
}

/**
 * Selects `fields` of `grouped` (a subquery of phrases grouped by lesson, and maybe more) with the names of each
 * group's language, level (and its CEFR label) and lesson, in the catalogue's order: language by name, level and
 * lesson by order_index, then `thenBy` inside a lesson. Groups whose lesson is gone are left out (inner joins).
 */
export function selectInCatalogueOrder<Fields extends SelectedFields>(
  db: Database,
  grouped: Parameters<ReturnType<Database["select"]>["from"]>[0] & LessonGroups,
  fields: Fields,
  ...thenBy: (AnyColumn | SQL | SQL.Aliased)[]
) {
  return db
    .select({ ...fields, languageName: languages.name, levelTitle: levels.title, cefrLabel: levels.cefrLabel, lessonTitle: lessons.title })
    .from(grouped)
    .innerJoin(lessons, and(eq(lessons.languageId, grouped.languageId), eq(lessons.levelId, grouped.levelId), eq(lessons.id, grouped.lessonId)))
    .innerJoin(levels, and(eq(levels.languageId, grouped.languageId), eq(levels.id, grouped.levelId)))
    .innerJoin(languages, eq(languages.id, grouped.languageId))
    .orderBy(
      asc(languages.name),
      asc(languages.id),
      sql`coalesce(${levels.orderIndex}, ${MISSING_ORDER})`,
      asc(levels.id),
      sql`coalesce(${lessons.orderIndex}, ${MISSING_ORDER})`,
      asc(lessons.id),
      ...thenBy.map((column) => asc(column)),
    );
}
