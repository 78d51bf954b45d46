/** Public catalogue shapes and rules shared by pages and services. Browser-safe. */

export interface LanguageSummary {
  id: string;
  name: string;
  flagUrl: string;
  levelCount: number;
}

export interface LevelSummary {
  languageId: string;
  id: string;
  title: string;
  cefrLabel: string;
  iconUrl: string;
  orderIndex: number | null;
  isLocked: boolean;
  lessonCount: number;
}

export interface LessonSummary {
  languageId: string;
  levelId: string;
  id: string;
  title: string;
  translatedTitle: string;
  iconUrl: string;
  orderIndex: number | null;
  isLocked: boolean;
  phraseCount: number;
}

export interface PhraseView {
  id: string;
  originalText: string;
  translatedText: string;
  audioUrl: string;
  /**
   * Where the phrase is spoken in its group's audio, as [startMs, endMs]; absent while unknown (the group then plays
   * as a whole). Absent rather than null keeps the page a few bytes per phrase.
   */
  cue?: [number, number];
  /** A reading aid in Latin letters (romaji, pinyin, a transliteration); absent when there is none. */
  reading?: string;
}

/** Phrases sharing one audio file under a lesson: one audio card (SPEC §3). */
export interface AudioGroup {
  audioUrl: string;
  phrases: PhraseView[];
}

/** A missing order_index sorts as 999 (SPEC §9). */
export const MISSING_ORDER_INDEX = 999;

/** Levels and lessons: order_index ascending, missing as 999, ties by title (SPEC §2, §4). */
export function compareByOrder(
  a: { orderIndex: number | null; title: string },
  b: { orderIndex: number | null; title: string },
) {
  const byIndex = (a.orderIndex ?? MISSING_ORDER_INDEX) - (b.orderIndex ?? MISSING_ORDER_INDEX);
  return byIndex !== 0 ? byIndex : a.title.localeCompare(b.title);
}

/** "1 Level", "3 Levels" (SPEC §9). */
export function countLabel(count: number, singular: string, plural = `${singular}s`) {
  return `${count} ${count === 1 ? singular : plural}`;
}

export type LockedTarget =
  | { type: "level"; languageId: string; levelId: string }
  | { type: "lesson"; languageId: string; levelId: string; lessonId: string };

/** The /locked-content address for a locked level or lesson (SPEC §2 query parameters). */
export function lockedContentHref(target: LockedTarget) {
  const query =
    target.type === "level"
      ? new URLSearchParams({ type: "level", id: target.levelId, languageId: target.languageId })
      : new URLSearchParams({ type: "lesson", id: target.lessonId, languageId: target.languageId, levelId: target.levelId });
  return `/locked-content?${query}`;
}

export function levelHref(languageId: string, levelId: string) {
  return `/${encodeURIComponent(languageId)}/${encodeURIComponent(levelId)}`;
}

export function lessonHref(languageId: string, levelId: string, lessonId: string) {
  return `${levelHref(languageId, levelId)}/${encodeURIComponent(lessonId)}`;
}

// The site's own sections with addresses three segments deep (the others have none): never a lesson.
const sectionsWithDeepPaths = new Set(["admin", "api", "auth", "blog", "embed", ".well-known"]);

/**
 * Whether an address of this site is a lesson page's (/:language/:level/:lesson, with any query or hash). Links to a
 * lesson open it as a document, which hydrates without React Router (docs/decisions/020-lesson-document.md).
 */
export function isLessonPath(href: string): boolean {
  const path = href.replace(/[?#].*$/, "");
  const segments = path.split("/");
  return segments.length === 4 && segments[0] === "" && segments.slice(1).every(Boolean) && !sectionsWithDeepPaths.has(segments[1]!);
}
