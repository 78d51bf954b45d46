import type { Database } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";

/**
 * A small catalogue for the backfill tests, written as a tree: each level, lesson and phrase takes its place
 * (order_index, position) from where it stands in its list, and each phrase's translation is its text with " (en)".
 */
export interface FixtureLanguage {
  id: string;
  name: string;
  levels: { id: string; title: string; cefrLabel: string; lessons: FixtureLesson[] }[];
}

export interface FixtureLesson {
  id: string;
  title: string;
  translatedTitle: string;
  /** Original text, audio URL ("" for none) and, if it has one, the cue. */
  phrases: [originalText: string, audioUrl: string, cue?: [number, number]][];
}

/** Deletes every language (with its levels, lessons and phrases) and writes `catalogue` instead. */
export async function replaceCatalogue(db: Database, catalogue: FixtureLanguage[]) {
  await db.delete(languages);
  await db.insert(languages).values(catalogue.map(({ id, name }) => ({ id, name })));
  const levelRows = catalogue.flatMap((language) => language.levels.map((level, orderIndex) => ({ language, level, orderIndex })));
  await db.insert(levels).values(
    levelRows.map(({ language, level, orderIndex }) => ({ languageId: language.id, id: level.id, title: level.title, cefrLabel: level.cefrLabel, orderIndex })),
  );
  const lessonRows = levelRows.flatMap(({ language, level }) => level.lessons.map((lesson, orderIndex) => ({ languageId: language.id, levelId: level.id, lesson, orderIndex })));
  await db.insert(lessons).values(
    lessonRows.map(({ languageId, levelId, lesson, orderIndex }) => ({ languageId, levelId, id: lesson.id, title: lesson.title, translatedTitle: lesson.translatedTitle, orderIndex })),
  );
  await db.insert(phrases).values(
    lessonRows.flatMap(({ languageId, levelId, lesson }) =>
      lesson.phrases.map(([originalText, audioUrl, cue], position) => ({
        languageId,
        levelId,
        lessonId: lesson.id,
        originalText,
        translatedText: `${originalText} (en)`,
        audioUrl,
        position,
        cueStartMs: cue?.[0] ?? null,
        cueEndMs: cue?.[1] ?? null,
      })),
    ),
  );
}
