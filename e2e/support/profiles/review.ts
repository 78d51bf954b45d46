import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { phrases } from "#server/db/schema.ts";
import { addFavorite } from "#server/learning/learning.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";
import { insertSpanishGreetings } from "#e2e/support/catalogue-rows.ts";

/**
 * The review session's e2e server (issue 24, e2e/review.both.spec.ts): one open lesson whose phrases share one audio
 * file with a cue each (as the learn mode made them), and a locked lesson. Each test and project has its own learner,
 * since rating changes what that learner sees:
 * - spanish / a1 Beginner: greetings 0 (Hola, Buenos días, Adiós, Gracias; cues), secrets 1 (locked: Secreto)
 * - "keys": nothing saved yet but the locked phrase (saved before the lesson was locked): it never shows
 * - "empty": nothing saved
 * - "nojs": Gracias saved
 * - "recorder": Adiós saved (e2e/recorder.both.spec.ts records it on the review card; nothing is rated)
 */
export const reviewFixture = {
  learner: (project: string, test: ReviewLearner) => ({ email: `review-${test}.${project}@phrasewise.test`, password: `${test}-${project}-pass` }),
  lesson: "/spanish/a1/greetings",
};

const reviewLearners = ["keys", "empty", "nojs", "recorder"] as const;
export type ReviewLearner = (typeof reviewLearners)[number];

export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await insertSpanishGreetings(db, { id: "secrets", title: "Secrets", translatedTitle: "Secretos", isLocked: true });
  const rows = [
    ["Hola", "Hello"],
    ["Buenos días", "Good morning"],
    ["Adiós", "Goodbye"],
    ["Gracias", "Thank you"],
  ] as const;
  const { audio, cues } = await runtime.tts.synthesizeGroup(
    rows.map(([original]) => original),
    "es",
  );
  const stored = await runtime.storage.put("content", unguessableKey("audio", "e2e-review-greetings", audio.extension), audio.data, audio.contentType);
  const inserted = await db
    .insert(phrases)
    .values([
      ...rows.map(([originalText, translatedText], position) => ({
        languageId: "spanish",
        levelId: "a1",
        lessonId: "greetings",
        originalText,
        translatedText,
        audioUrl: stored.url,
        position,
        cueStartMs: cues?.[position]?.[0] ?? null,
        cueEndMs: cues?.[position]?.[1] ?? null,
      })),
      { languageId: "spanish", levelId: "a1", lessonId: "secrets", originalText: "Secreto", translatedText: "Secret", audioUrl: stored.url, position: 0 },
    ])
    .returning({ id: phrases.id, originalText: phrases.originalText });
  const idOf = (text: string) => inserted.find((row) => row.originalText === text)!.id;

  for (const project of ["desktop", "mobile"]) {
    for (const test of reviewLearners) {
      const learner = await createConfirmedUser(runtime.auth, db, reviewFixture.learner(project, test));
      if (test === "keys") await addFavorite(db, learner.id, idOf("Secreto"));
      if (test === "nojs") await addFavorite(db, learner.id, idOf("Gracias"));
      if (test === "recorder") await addFavorite(db, learner.id, idOf("Adiós"));
    }
  }
}
