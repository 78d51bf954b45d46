import { eq } from "drizzle-orm";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { languages, lessons, levels, phrases, users } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";

/** The people the Users tab's e2e tests find in the list (each test uses its own, so tests stay independent). */
export const usersFixture = {
  /** An account whose name is empty: the list shows the part of its email before the at-sign. */
  nameless: { email: "nameless.learner@phrasewise.test", password: "nameless-pass-1" },
  /** Registered but never confirmed. */
  unconfirmed: { email: "unconfirmed@phrasewise.test", password: "unconfirmed-pass-1" },
  /** Made admin and then removed again by the desktop test, signed in beside the admin. */
  rising: { email: "rising.learner@phrasewise.test", password: "rising-pass-1" },
  /** Granted by email by the desktop test. */
  grantee: { email: "grantee@phrasewise.test", password: "grantee-pass-1" },
  /** Granted by email by the mobile test. */
  granteeMobile: { email: "grantee.mobile@phrasewise.test", password: "grantee-pass-2" },
  others: ["ana@phrasewise.test", "bruno@phrasewise.test", "chen@phrasewise.test", "dara@phrasewise.test"],
};

/**
 * A lesson whose phrases each have their own file (as an admin who generates audio per phrase makes it), with
 * readings: the lesson page shows it as one list (e2e/lesson-player.both.spec.ts). On this server because the users
 * area's tests never look at the catalogue.
 */
export const perPhraseLesson = {
  path: "/russian/a1/first-words",
  rows: [
    ["Да", "Yes", "Da"],
    ["Нет", "No", "Net"],
    ["Спасибо", "Thank you", "Spasibo"],
  ],
} as const;

/** The users admin area's e2e server: an admin, a learner, and several more learners for the list. */
export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  for (const email of usersFixture.others) await createConfirmedUser(runtime.auth, db, { email, password: "other-pass-1" });
  for (const person of [usersFixture.rising, usersFixture.grantee, usersFixture.granteeMobile]) await createConfirmedUser(runtime.auth, db, person);
  const nameless = await createConfirmedUser(runtime.auth, db, usersFixture.nameless);
  await db.update(users).set({ name: "" }).where(eq(users.id, nameless.id));
  const unconfirmed = await createConfirmedUser(runtime.auth, db, usersFixture.unconfirmed);
  await db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));

  await db.insert(languages).values({ id: "russian", name: "Russian" });
  await db.insert(levels).values({ languageId: "russian", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 });
  await db.insert(lessons).values({ languageId: "russian", levelId: "a1", id: "first-words", title: "First words", translatedTitle: "Первые слова", orderIndex: 0 });
  let position = 0;
  for (const [originalText, translatedText, reading] of perPhraseLesson.rows) {
    const audio = await runtime.tts.synthesize(originalText, "ru");
    const stored = await runtime.storage.put("content", unguessableKey("audio", "e2e-first-words", audio.extension), audio.data, audio.contentType);
    await db.insert(phrases).values({
      languageId: "russian",
      levelId: "a1",
      lessonId: "first-words",
      originalText,
      translatedText,
      reading,
      audioUrl: stored.url,
      position: position++,
    });
  }
}
