import { lessons, phrases } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";
import { insertGroup, insertSpanishAndFrench } from "#e2e/support/catalogue-rows.ts";

/**
 * The "Phrases without audio" e2e server: one lesson with real speech, eight audio-less groups (imported phrases,
 * `audio_url` empty), and one whose only phrase has no text to speak, so every run ends with one listed failure.
 */
export const backfillFixture = {
  withAudio: { lesson: "greetings", rows: [["Hola", "Hello"]] },
  audioless: [
    { lang: "french", level: "a1", lesson: "basics", rows: [["Bonjour", "Hello"], ["Merci", "Thank you"]] },
    { lang: "french", level: "a1", lesson: "food", rows: [["Du pain", "Some bread"]] },
    { lang: "spanish", level: "a1", lesson: "numbers", rows: [["Uno", "One"], ["Dos", "Two"]] },
    { lang: "spanish", level: "a1", lesson: "colours", rows: [["Rojo", "Red"]] },
    { lang: "spanish", level: "a1", lesson: "family", rows: [["Madre", "Mother"]] },
    { lang: "spanish", level: "a1", lesson: "days", rows: [["Lunes", "Monday"]] },
    { lang: "spanish", level: "a2", lesson: "travel", rows: [["El tren", "The train"]] },
    { lang: "spanish", level: "a2", lesson: "weather", rows: [["Llueve", "It rains"]] },
    { lang: "spanish", level: "a2", lesson: "silence", rows: [["   ", "(nothing)"]] },
  ],
} as const;

const titles: Record<string, string> = {
  greetings: "Greetings",
  basics: "Basics",
  food: "Food",
  numbers: "Numbers",
  colours: "Colors",
  family: "Family",
  days: "Days",
  travel: "Travel",
  weather: "Weather",
  silence: "Silence",
};

export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await insertSpanishAndFrench(db);
  const lessonRows = [{ lang: "spanish", level: "a1", lesson: "greetings" }, ...backfillFixture.audioless];
  await db.insert(lessons).values(
    lessonRows.map((row, orderIndex) => ({
      languageId: row.lang,
      levelId: row.level,
      id: row.lesson,
      title: titles[row.lesson]!,
      translatedTitle: titles[row.lesson]!,
      orderIndex,
    })),
  );
  const audio = await runtime.tts.synthesize("Hola", "es");
  const stored = await runtime.storage.put("content", unguessableKey("audio", "e2e-greetings", audio.extension), audio.data, audio.contentType);
  await db.insert(phrases).values({ languageId: "spanish", levelId: "a1", lessonId: "greetings", originalText: "Hola", translatedText: "Hello", audioUrl: stored.url });
  let position = 0;
  for (const group of backfillFixture.audioless) position = await insertGroup(db, group, "", position);
}
