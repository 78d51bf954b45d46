import { lessons } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";
import { insertGroup, insertSpanishAndFrench } from "#e2e/support/catalogue-rows.ts";

/**
 * The phrases admin area's e2e server: an admin, a learner, and a small catalogue whose audio groups have real speech
 * (the same engine as the seed), so playback, speed and progress can be tested. Each spec works in its own lesson, so
 * the tests stay independent:
 * - spanish / a1 (Beginner, A1): greetings (two groups), numbers (one group), colours (empty: tests add here)
 * - spanish / a2 (Elementary, A2): travel (one group: edited by a test), shopping (empty: the cue editor's test adds here),
 *   market (empty: the import test adds here)
 * - french / a1 (Beginner, A1): basics (one group)
 */
export const phrasesFixture = {
  groups: [
    { lang: "spanish", level: "a1", lesson: "greetings", voice: "es", rows: [["Hola", "Hello"], ["Buenos días", "Good morning"], ["Adiós", "Goodbye"]] },
    { lang: "spanish", level: "a1", lesson: "greetings", voice: "es", rows: [["Gracias", "Thank you"], ["De nada", "You're welcome"]] },
    { lang: "spanish", level: "a1", lesson: "numbers", voice: "es", rows: [["Uno", "One"], ["Dos", "Two"]] },
    { lang: "spanish", level: "a2", lesson: "travel", voice: "es", rows: [["¿Dónde está el hotel?", "Where is the hotel?"], ["Un billete, por favor", "A ticket, please"]] },
    { lang: "french", level: "a1", lesson: "basics", voice: "fr", rows: [["Bonjour", "Hello"], ["Merci", "Thank you"]] },
  ],
} as const;

export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await insertSpanishAndFrench(db);
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "numbers", title: "Numbers", translatedTitle: "Números", orderIndex: 1 },
    { languageId: "spanish", levelId: "a1", id: "colours", title: "Colours", translatedTitle: "Colores", orderIndex: 2 },
    { languageId: "spanish", levelId: "a2", id: "travel", title: "Travel", translatedTitle: "Viajes", orderIndex: 0 },
    { languageId: "spanish", levelId: "a2", id: "shopping", title: "Shopping", translatedTitle: "Compras", orderIndex: 1 },
    { languageId: "spanish", levelId: "a2", id: "market", title: "Market", translatedTitle: "Mercado", orderIndex: 2 },
    { languageId: "french", levelId: "a1", id: "basics", title: "Basics", translatedTitle: "Les bases", orderIndex: 0 },
  ]);
  let position = 0;
  for (const group of phrasesFixture.groups) {
    const text = group.rows.map(([original]) => original).join("\n");
    const audio = await runtime.tts.synthesize(text, group.voice);
    const stored = await runtime.storage.put("content", unguessableKey("audio", `e2e-${group.lesson}`, audio.extension), audio.data, audio.contentType);
    position = await insertGroup(db, group, stored.url, position);
  }
}
