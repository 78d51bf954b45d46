import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { addDays, learnerDay } from "#common/learner-day.ts";
import { learnerDays, phrases } from "#server/db/schema.ts";
import { updateLearnerSettings } from "#server/review/learner-settings.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";
import { insertSpanishGreetings } from "#e2e/support/catalogue-rows.ts";

/**
 * The daily goal's e2e server (issue 24, point 4; e2e/goals.both.spec.ts): a lesson of three phrases with audio, and a
 * learner per test and project:
 * - goal: nothing stored (their browser's zone is adopted on their first page), sets a goal and a time zone;
 * - badge: favourites a phrase and sees the header's due count;
 * - streak: New York days, a goal of one lesson a day met on each of the four days before today and on six days in a
 *   row two weeks before, and two days of reviews short of the goal between: completing a lesson today makes a
 *   five-day streak (the longest stays six).
 */
export const goalsFixture = {
  timeZone: "America/New_York",
  lesson: "/spanish/a1/greetings",
  learner: (project: string, test: GoalsTest) => ({ email: `${test}.${project}@phrasewise.test`, password: `${test}-${project}-pass` }),
};

const goalsTests = ["goal", "badge", "streak"] as const;
export type GoalsTest = (typeof goalsTests)[number];

export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await insertSpanishGreetings(db, { id: "numbers", title: "Numbers", translatedTitle: "Números" });
  const rows = [
    ["Hola", "Hello"],
    ["Buenos días", "Good morning"],
    ["Adiós", "Goodbye"],
  ] as const;
  const audio = await runtime.tts.synthesize(rows.map(([original]) => original).join("\n"), "es");
  const stored = await runtime.storage.put("content", unguessableKey("audio", "e2e-goals", audio.extension), audio.data, audio.contentType);
  await db
    .insert(phrases)
    .values(rows.map(([originalText, translatedText], position) => ({ languageId: "spanish", levelId: "a1", lessonId: "greetings", originalText, translatedText, audioUrl: stored.url, position })));

  const today = learnerDay(new Date(), goalsFixture.timeZone);
  for (const project of ["desktop", "mobile"]) {
    for (const test of goalsTests) {
      const learner = await createConfirmedUser(runtime.auth, db, goalsFixture.learner(project, test));
      if (test !== "streak") continue;
      await updateLearnerSettings(db, learner.id, { timeZone: goalsFixture.timeZone, goal: { kind: "lessons", target: 1 } });
      const met = [1, 2, 3, 4, 15, 16, 17, 18, 19, 20];
      const short = [8, 9];
      await db.insert(learnerDays).values([
        ...met.map((back) => ({ userId: learner.id, day: addDays(today, -back), reviews: 3, lessons: 1, goalKind: "lessons", goalTarget: 1 })),
        ...short.map((back) => ({ userId: learner.id, day: addDays(today, -back), reviews: 12, lessons: 0, goalKind: "lessons", goalTarget: 1 })),
      ]);
    }
  }
}
