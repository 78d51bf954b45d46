import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";

/** What the blog specs pick as a post's audio sample: one open lesson with one audio group of real speech. */
export const blogSampleFixture = {
  language: "Spanish",
  lesson: "Greetings",
  phrases: [
    ["Hola", "Hello"],
    ["Buenos días", "Good morning"],
    ["Adiós", "Goodbye"],
  ] as const,
};

/** The blog admin area's e2e server: an admin, a learner, and a small catalogue whose audio a post can embed. */
export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  const audio = await runtime.tts.synthesize("Hola. Buenos días. Adiós.", "es");
  const stored = await runtime.storage.put("content", unguessableKey("audio", "e2e-blog-greetings", audio.extension), audio.data, audio.contentType);
  await db.insert(languages).values({ id: "spanish", name: blogSampleFixture.language });
  await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 });
  await db.insert(lessons).values({ languageId: "spanish", levelId: "a1", id: "greetings", title: blogSampleFixture.lesson, translatedTitle: "Saludos", orderIndex: 0 });
  await db.insert(phrases).values(
    blogSampleFixture.phrases.map(([originalText, translatedText], position) => ({
      languageId: "spanish",
      levelId: "a1",
      lessonId: "greetings",
      originalText,
      translatedText,
      audioUrl: stored.url,
      position,
    })),
  );
}
