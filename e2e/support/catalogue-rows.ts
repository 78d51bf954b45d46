import type { Database } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";

/** Helpers for the e2e profiles that build a small catalogue (e2e/support/profiles). */

/** Spanish (Beginner A1, Elementary A2) and French (Beginner A1): the languages and levels the lessons live in. */
export async function insertSpanishAndFrench(db: Database) {
  await db.insert(languages).values([
    { id: "spanish", name: "Spanish" },
    { id: "french", name: "French" },
  ]);
  await db.insert(levels).values([
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "spanish", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
    { languageId: "french", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
  ]);
}

/** Spanish with its Beginner (A1) level, the Greetings lesson first and `second` after it. */
export async function insertSpanishGreetings(db: Database, second: { id: string; title: string; translatedTitle: string; isLocked?: boolean }) {
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 });
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", orderIndex: 1, ...second },
  ]);
}

export interface FixtureGroup {
  lang: string;
  level: string;
  lesson: string;
  rows: readonly (readonly [original: string, translated: string])[];
}

/** One audio group: its phrases share `audioUrl` and are numbered on from `position`. Returns the next position. */
export async function insertGroup(db: Database, group: FixtureGroup, audioUrl: string, position: number) {
  await db.insert(phrases).values(
    group.rows.map(([originalText, translatedText], index) => ({
      languageId: group.lang,
      levelId: group.level,
      lessonId: group.lesson,
      originalText,
      translatedText,
      audioUrl,
      position: position + index,
    })),
  );
  return position + group.rows.length;
}
