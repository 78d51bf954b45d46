import {
  lockedContentHref,
  type AudioGroup,
  type LanguageSummary,
  type LessonSummary,
  type LevelSummary,
} from "#common/catalog.ts";
import { lessonKey, levelKey, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";

/**
 * What visitors may see of the catalogue. A locked level hides everything below it; a locked lesson hides its
 * phrases and audio. Callers get either the content or where to send the visitor instead.
 */

export function findLanguage(catalog: CatalogSnapshot, languageId: string): LanguageSummary | undefined {
  return catalog.languageById.get(languageId);
}

export function levelsOf(catalog: CatalogSnapshot, languageId: string): LevelSummary[] {
  return catalog.levelsByLanguage.get(languageId) ?? [];
}

export function findLevel(catalog: CatalogSnapshot, languageId: string, levelId: string): LevelSummary | undefined {
  return levelsOf(catalog, languageId).find((l) => l.id === levelId);
}

export function lessonsOf(catalog: CatalogSnapshot, languageId: string, levelId: string): LessonSummary[] {
  return catalog.lessonsByLevel.get(levelKey(languageId, levelId)) ?? [];
}

/**
 * `asAdmin`: an admin previews locked content (issue 27, point 4). It opens as it would if unlocked, and says that
 * learners are sent to the app promo instead (`lockedForLearners`). Only a loader that has checked the admin role
 * passes it; the answer is then the admin's own (never stored in a shared cache).
 */
export interface AccessOptions {
  asAdmin?: boolean;
}

export type LevelAccess =
  | { kind: "missing" }
  | { kind: "locked"; redirectTo: string }
  | { kind: "open"; language: LanguageSummary; level: LevelSummary; lessons: LessonSummary[]; lockedForLearners: boolean };

export function openLevel(catalog: CatalogSnapshot, languageId: string, levelId: string, options: AccessOptions = {}): LevelAccess {
  const language = findLanguage(catalog, languageId);
  const level = language && findLevel(catalog, languageId, levelId);
  if (!language || !level) return { kind: "missing" };
  if (level.isLocked && !options.asAdmin) return { kind: "locked", redirectTo: lockedContentHref({ type: "level", languageId, levelId }) };
  return { kind: "open", language, level, lessons: lessonsOf(catalog, languageId, levelId), lockedForLearners: level.isLocked };
}

export type LessonAccess =
  | { kind: "missing" }
  | { kind: "locked"; redirectTo: string }
  | {
      kind: "open";
      language: LanguageSummary;
      level: LevelSummary;
      lesson: LessonSummary;
      groups: AudioGroup[];
      lockedForLearners: boolean;
    };

export function openLesson(catalog: CatalogSnapshot, languageId: string, levelId: string, lessonId: string, options: AccessOptions = {}): LessonAccess {
  const levelAccess = openLevel(catalog, languageId, levelId, options);
  if (levelAccess.kind === "missing") return levelAccess;
  const lesson = lessonsOf(catalog, languageId, levelId).find((l) => l.id === lessonId);
  if (!lesson) return { kind: "missing" };
  if (levelAccess.kind === "locked") return levelAccess;
  if (lesson.isLocked && !options.asAdmin) {
    return { kind: "locked", redirectTo: lockedContentHref({ type: "lesson", languageId, levelId, lessonId }) };
  }
  return {
    kind: "open",
    language: levelAccess.language,
    level: levelAccess.level,
    lesson,
    groups: catalog.groupsByLesson.get(lessonKey(languageId, levelId, lessonId)) ?? [],
    lockedForLearners: levelAccess.lockedForLearners || lesson.isLocked,
  };
}

/** Every page a visitor can open, for the sitemap: no locked levels or lessons. */
export function publicPaths(catalog: CatalogSnapshot) {
  const paths: { path: string; kind: "language" | "level" | "lesson" }[] = [];
  for (const language of catalog.languages) {
    paths.push({ path: `/${language.id}`, kind: "language" });
    for (const level of levelsOf(catalog, language.id)) {
      if (level.isLocked) continue;
      paths.push({ path: `/${language.id}/${level.id}`, kind: "level" });
      for (const lesson of lessonsOf(catalog, language.id, level.id)) {
        if (!lesson.isLocked) paths.push({ path: `/${language.id}/${level.id}/${lesson.id}`, kind: "lesson" });
      }
    }
  }
  return paths;
}
