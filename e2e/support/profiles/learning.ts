import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { languages, lessons, levels, phrases, userFavorites, userProgress } from "#server/db/schema.ts";
import { addFavorite } from "#server/learning/learning.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";

/**
 * The lesson flow's e2e server (issue 23, e2e/lesson-flow.both.spec.ts): a course with a locked lesson between open
 * ones, levels whose last lesson is open, and a locked level, so that every kind of "next" is one click away. Each
 * test and project has its own learner, since completing a lesson changes what that learner sees:
 * - spanish / a1 Beginner: greetings 0 (one audio group), numbers 1, asking-directions 2 (locked), farewells 3
 * - spanish / a2 Elementary: shopping 0, at-the-hotel 1
 * - spanish / b1 Intermediate (locked level): at-the-doctor 0
 * - french / a1 Beginner: basics 0 (one audio group)
 * Spanish: 5 lessons open on the website, 2 only in the app. At the Hotel also holds FAVORITE_PHRASES phrases (text
 * only), every one a favourite of the "favorites" learner: more than one page of the profile's Favorites tab.
 */
export const FAVORITE_PHRASES = 55;

export const learningFixture = {
  learner: (project: string, test: LearnerTest) => ({ email: `${test}.${project}@phrasewise.test`, password: `${test}-${project}-pass` }),
};

const learnerTests = ["next", "level", "locked", "profile", "favorites", "nojs", "toasts", "offline", "offline-closed", "offline-tabs", "offline-refresh"] as const;
export type LearnerTest = (typeof learnerTests)[number];

const lesson = (levelId: string, id: string, title: string, translatedTitle: string, orderIndex: number, isLocked = false) => ({
  languageId: "spanish",
  levelId,
  id,
  title,
  translatedTitle,
  orderIndex,
  isLocked,
});

export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await db.insert(languages).values([
    { id: "spanish", name: "Spanish" },
    { id: "french", name: "French" },
  ]);
  await db.insert(levels).values([
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "spanish", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
    { languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", orderIndex: 2, isLocked: true },
    { languageId: "french", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
  ]);
  await db.insert(lessons).values([
    lesson("a1", "greetings", "Greetings", "Saludos", 0),
    lesson("a1", "numbers", "Numbers", "Números", 1),
    lesson("a1", "asking-directions", "Asking for Directions", "Pidiendo direcciones", 2, true),
    lesson("a1", "farewells", "Farewells", "Despedidas", 3),
    lesson("a2", "shopping", "Shopping", "De compras", 0),
    lesson("a2", "at-the-hotel", "At the Hotel", "En el hotel", 1),
    lesson("b1", "at-the-doctor", "At the Doctor", "En el médico", 0),
    { languageId: "french", levelId: "a1", id: "basics", title: "Basics", translatedTitle: "Les bases", orderIndex: 0 },
  ]);
  const phraseIds: Record<string, string> = {};
  const audioUrls: Record<string, string> = {};
  for (const [languageId, lessonId, voice, rows] of [
    ["spanish", "greetings", "es", [["Hola", "Hello"], ["Adiós", "Goodbye"]]],
    ["french", "basics", "fr", [["Bonjour", "Hello"], ["Merci", "Thank you"]]],
  ] as const) {
    const audio = await runtime.tts.synthesize(rows.map(([original]) => original).join("\n"), voice);
    const stored = await runtime.storage.put("content", unguessableKey("audio", `e2e-${lessonId}`, audio.extension), audio.data, audio.contentType);
    const inserted = await db
      .insert(phrases)
      .values(rows.map(([originalText, translatedText], position) => ({ languageId, levelId: "a1", lessonId, originalText, translatedText, audioUrl: stored.url, position })))
      .returning({ id: phrases.id, originalText: phrases.originalText });
    for (const row of inserted) phraseIds[row.originalText] = row.id;
    audioUrls[lessonId] = stored.url;
  }
  const hotelPhrases = await db
    .insert(phrases)
    .values(
      Array.from({ length: FAVORITE_PHRASES }, (_, i) => ({
        languageId: "spanish",
        levelId: "a2",
        lessonId: "at-the-hotel",
        originalText: `Frase ${i + 1}`,
        translatedText: `Phrase ${i + 1}`,
        audioUrl: audioUrls["greetings"]!,
        position: i,
      })),
    )
    .returning({ id: phrases.id });

  for (const project of ["desktop", "mobile"]) {
    for (const test of learnerTests) {
      const learner = await createConfirmedUser(runtime.auth, db, learningFixture.learner(project, test));
      if (test === "favorites") {
        // Saved a minute apart, "Frase 1" first: newest first, page 1 runs from "Frase 55" down.
        const saved = Date.UTC(2026, 10, 1, 12, 0);
        await db.insert(userFavorites).values(hotelPhrases.map(({ id }, i) => ({ userId: learner.id, phraseId: id, createdAt: new Date(saved + i * 60_000) })));
      }
      if (test !== "profile") continue;
      // Greetings, then Numbers, then the locked lesson (as the app would record it): where they left off on the
      // website is after Numbers, past the locked lesson, at Farewells.
      await db.insert(userProgress).values(
        ["greetings", "numbers", "asking-directions"].map((lessonId, minute) => ({
          userId: learner.id,
          languageId: "spanish",
          levelId: "a1",
          lessonId,
          completed: true,
          updatedAt: new Date(Date.UTC(2026, 10, 1, 12, minute)),
        })),
      );
      await addFavorite(db, learner.id, phraseIds["Hola"]!);
      await addFavorite(db, learner.id, phraseIds["Bonjour"]!);
    }
  }
}
