import { lessonHref, levelHref, lockedContentHref, type LessonSummary, type LevelSummary } from "#common/catalog.ts";
import type { FlowStep, LessonNext } from "#common/lesson-flow.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { lessonsOf, levelsOf } from "#server/catalog/public-catalog.server.ts";

/**
 * A language's lessons as a course: levels and lessons in catalogue order (compareByOrder, which the snapshot already
 * applied), and which of them the website opens. Pure functions over the catalogue snapshot; the open/locked rule is
 * openLesson's (public-catalog.server.ts): a lesson opens when neither it nor its level is locked.
 */

function lessonStep(lesson: LessonSummary): FlowStep {
  return {
    kind: "lesson",
    title: lesson.title,
    detail: lesson.translatedTitle,
    href: lesson.isLocked
      ? lockedContentHref({ type: "lesson", languageId: lesson.languageId, levelId: lesson.levelId, lessonId: lesson.id })
      : lessonHref(lesson.languageId, lesson.levelId, lesson.id),
    locked: lesson.isLocked,
  };
}

function levelStep(level: LevelSummary): FlowStep {
  return {
    kind: "level",
    title: level.title,
    detail: level.cefrLabel,
    href: level.isLocked ? lockedContentHref({ type: "level", languageId: level.languageId, levelId: level.id }) : levelHref(level.languageId, level.id),
    locked: level.isLocked,
  };
}

/**
 * What follows a lesson: the next lesson of its level, or after the level's last lesson the next level; null after
 * the last lesson of the last level. When that is locked, also the first step after it that the website opens, so a
 * learner on the website is never left with only a promo.
 */
export function nextAfterLesson(catalog: CatalogSnapshot, languageId: string, levelId: string, lessonId: string): LessonNext | null {
  const levels = levelsOf(catalog, languageId);
  const levelIndex = levels.findIndex((l) => l.id === levelId);
  const lessons = lessonsOf(catalog, languageId, levelId);
  const lessonIndex = lessons.findIndex((l) => l.id === lessonId);
  if (levelIndex < 0 || lessonIndex < 0) return null;
  const ahead = [...lessons.slice(lessonIndex + 1).map(lessonStep), ...levels.slice(levelIndex + 1).map(levelStep)];
  const [next] = ahead;
  if (!next) return null;
  if (!next.locked) return { next };
  const open = ahead.find((step) => !step.locked);
  return open ? { next, open } : { next };
}

/** Every lesson of a language in course order, with whether the website opens it. */
export function courseOf(catalog: CatalogSnapshot, languageId: string): { lesson: LessonSummary; open: boolean }[] {
  return levelsOf(catalog, languageId).flatMap((level) =>
    lessonsOf(catalog, languageId, level.id).map((lesson) => ({ lesson, open: !level.isLocked && !lesson.isLocked })),
  );
}

export interface Completion {
  levelId: string;
  lessonId: string;
  /** When it was marked complete: the latest one is where the learner left off. */
  at: Date;
}

export interface CourseProgress {
  /** Completed lessons the website opens. */
  completed: number;
  /** Lessons the website opens. */
  total: number;
  /** Lessons only the app opens (locked, or in a locked level). */
  locked: number;
  /** Where to go on: the next open lesson not yet completed after the latest completion (or from the start). */
  resume: { title: string; href: string } | null;
}

/** A learner's progress in one language, counting only what the website opens (SPEC §2 /profile, issue 23). */
export function courseProgress(catalog: CatalogSnapshot, languageId: string, completions: Completion[]): CourseProgress {
  const key = (levelId: string, lessonId: string) => JSON.stringify([levelId, lessonId]);
  const done = new Map(completions.map((c) => [key(c.levelId, c.lessonId), c.at.getTime()]));
  const open = courseOf(catalog, languageId)
    .filter((item) => item.open)
    .map(({ lesson }) => ({ lesson, at: done.get(key(lesson.levelId, lesson.id)) }));
  const total = open.length;
  const completed = open.filter((item) => item.at !== undefined).length;
  const locked = courseOf(catalog, languageId).length - total;

  // The latest completion; on a tie the later one in the course.
  let latest = -1;
  open.forEach((item, index) => {
    if (item.at !== undefined && (latest < 0 || item.at >= open[latest]!.at!)) latest = index;
  });
  const after = [...open.slice(latest + 1), ...open.slice(0, latest + 1)];
  const next = after.find((item) => item.at === undefined)?.lesson;
  const resume = next ? { title: next.title, href: lessonHref(next.languageId, next.levelId, next.id) } : null;
  return { completed, total, locked, resume };
}
