import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";

/**
 * Offline lessons' e2e server (issue 26, e2e/offline.desktop.spec.ts): spanish / a1 with two open lessons, each with
 * a real audio file a few seconds long (to seek in), and a locked one between them that has audio of its own, which
 * must never reach a cache.
 */
export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 });
  const lessonRows = [
    ["greetings", "Greetings", "Saludos", false, [["Hola, buenos días.", "Hello, good morning."], ["¿Cómo estás? Muy bien, gracias.", "How are you? Very well, thanks."], ["Hasta luego, nos vemos mañana.", "See you later, see you tomorrow."]]],
    ["asking-directions", "Asking for Directions", "Pidiendo direcciones", true, [["¿Dónde está la estación?", "Where is the station?"]]],
    ["at-the-cafe", "At the Café", "En el café", false, [["Un café con leche, por favor.", "A coffee with milk, please."]]],
  ] as const;
  await db.insert(lessons).values(
    lessonRows.map(([id, title, translatedTitle, isLocked], orderIndex) => ({ languageId: "spanish", levelId: "a1", id, title, translatedTitle, orderIndex, isLocked })),
  );
  for (const [lessonId, , , , rows] of lessonRows) {
    const audio = await runtime.tts.synthesize(rows.map(([original]) => original).join("\n"), "es");
    const stored = await runtime.storage.put("content", unguessableKey("audio", `e2e-${lessonId}`, audio.extension), audio.data, audio.contentType);
    await db
      .insert(phrases)
      .values(rows.map(([originalText, translatedText], position) => ({ languageId: "spanish", levelId: "a1", lessonId, originalText, translatedText, audioUrl: stored.url, position })));
  }
}
