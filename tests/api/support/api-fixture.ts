import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { languages, lessons, levels, phrases, sessions, users } from "#server/db/schema.ts";
import { SITE_SECRET, signedSessionCookie, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser } from "#tests/support/site-fixtures.ts";
import type { Credentials } from "#tests/api/support/api-client.ts";
import { unguessableKey, type StoredFile } from "#server/storage/storage.server.ts";

/**
 * The API tests' world: a catalogue with open and locked content, and every kind of caller the scenario table
 * replays each operation as. Locked content carries marker texts ("LOCKED") that no answer may ever contain.
 *
 * - spanish / a1 Beginner: greetings 0 (open: Hola, Adiós, in one stored audio file, with cues; Hola with a reading),
 *   secrets 1 (locked lesson: "LOCKED phrase")
 * - spanish / a2 Elementary (a big level, for paging): lessons a2-01 … a2-12 (open, no phrases; a2-05 and a2-06 share
 *   their order and title), vault (locked lesson: "LOCKED vault phrase"), gaps (open: one phrase whose stored audio
 *   file is missing, one whose audio is hosted elsewhere)
 * - spanish / b1 Intermediate (locked level): doctor 0 ("LOCKED level phrase")
 * Audio files are stored in the site's storage (real bytes), so an app can download and check them.
 */
export const LOCKED_MARKERS = ["LOCKED", "locked-audio"] as const;

export type CallerKind = "visitor" | "learner" | "otherLearner" | "admin" | "expiredToken" | "forgedToken" | "deletedUserToken";
export const callerKinds: readonly CallerKind[] = ["visitor", "learner", "otherLearner", "admin", "expiredToken", "forgedToken", "deletedUserToken"];

/**
 * The big level's lessons in list order: by order index, then title (a2-05 and a2-06 tie on both: the id decides;
 * a2-07 and the locked vault share order 7 and the title decides).
 */
export const A2_LESSON_IDS: readonly string[] = ["a2-01", "a2-02", "a2-03", "a2-04", "a2-05", "a2-06", "a2-07", "vault", "a2-08", "a2-09", "a2-10", "a2-11", "a2-12", "gaps"];

export interface ApiWorld {
  site: TestSite;
  phraseIds: { hola: string; adios: string; locked: string; lockedLevel: string };
  /** The stored audio files of the catalogue, by what they are. */
  audio: { greetings: StoredFile; missing: string; external: string };
  users: { learner: string; otherLearner: string; admin: string };
  /** Fresh credentials of this kind (a new session each time, so a row that signs out spoils no other). */
  credentials(kind: CallerKind): Promise<Credentials>;
}

async function storeAudio(site: TestSite, name: string, bytes: number) {
  return site.runtime.storage.put("content", unguessableKey("audio", name, "mp3"), randomBytes(bytes), "audio/mpeg");
}

export async function seedApiCatalogue(site: TestSite) {
  const db = site.runtime.database.db;
  const greetingsAudio = await storeAudio(site, "greetings", 4_321);
  const lockedLessonAudio = await storeAudio(site, "locked-audio-lesson", 1_000);
  const lockedLevelAudio = await storeAudio(site, "locked-audio-level", 1_000);
  // A stored file's address whose file is gone (deleted by hand, a failed restore).
  const missingAudio = site.runtime.storage.url("content", unguessableKey("audio", "gone", "mp3"));
  const externalAudio = "https://cdn.example/audio/elsewhere.mp3";
  await db.insert(languages).values({ id: "spanish", name: "Spanish", flagUrl: "https://cdn.example/flags/es.svg" });
  await db.insert(levels).values([
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0, iconUrl: "/images/levels/a1.svg" },
    { languageId: "spanish", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
    { languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", orderIndex: 2, isLocked: true },
  ]);
  const pagedLesson = (n: number) => {
    const id = `a2-${String(n).padStart(2, "0")}`;
    const tie = n === 5 || n === 6;
    return { languageId: "spanish", levelId: "a2", id, title: tie ? "Twin" : `Lesson ${id}`, translatedTitle: `Lección ${n}`, orderIndex: tie ? 5 : n };
  };
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "secrets", title: "Secrets", translatedTitle: "Secretos", orderIndex: 1, isLocked: true },
    ...Array.from({ length: 12 }, (_, i) => pagedLesson(i + 1)),
    { languageId: "spanish", levelId: "a2", id: "vault", title: "Vault", translatedTitle: "Bóveda", orderIndex: 7, isLocked: true },
    { languageId: "spanish", levelId: "a2", id: "gaps", title: "Gaps", translatedTitle: "Huecos", orderIndex: 99 },
    { languageId: "spanish", levelId: "b1", id: "doctor", title: "At the Doctor", translatedTitle: "En el médico", orderIndex: 0 },
  ]);
  const phrase = (lessonId: string, levelId: string, originalText: string, translatedText: string, audioUrl: string, position: number, extra = {}) => ({
    languageId: "spanish",
    levelId,
    lessonId,
    originalText,
    translatedText,
    audioUrl,
    position,
    ...extra,
  });
  const rows = await db
    .insert(phrases)
    .values([
      phrase("greetings", "a1", "Hola", "Hello", greetingsAudio.url, 0, { cueStartMs: 0, cueEndMs: 800, reading: "OH-lah" }),
      phrase("greetings", "a1", "Adiós", "Goodbye", greetingsAudio.url, 1, { cueStartMs: 900, cueEndMs: 1700 }),
      phrase("secrets", "a1", "LOCKED phrase", "LOCKED translation", lockedLessonAudio.url, 0),
      phrase("doctor", "b1", "LOCKED level phrase", "LOCKED level translation", lockedLevelAudio.url, 0),
      phrase("vault", "a2", "LOCKED vault phrase", "LOCKED vault translation", lockedLessonAudio.url, 0),
      phrase("gaps", "a2", "Gracias", "Thank you", missingAudio, 0),
      phrase("gaps", "a2", "De nada", "You're welcome", externalAudio, 1),
    ])
    .returning({ id: phrases.id });
  await site.runtime.events.publish("catalog");
  const [hola, adios, locked, lockedLevel] = rows.map((r) => r.id) as [string, string, string, string];
  return { phraseIds: { hola, adios, locked, lockedLevel }, audio: { greetings: greetingsAudio, missing: missingAudio, external: externalAudio } };
}

/** A session made for this user as sign-in would make it, and its bearer token (the signed session token). */
export async function sessionToken(site: TestSite, userId: string, expiresAt = new Date(Date.now() + 3_600_000)) {
  const token = randomBytes(24).toString("base64url");
  await site.runtime.database.db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt });
  return decodeURIComponent(signedSessionCookie(token).split("=")[1]!);
}

export async function createApiWorld(site: TestSite): Promise<ApiWorld> {
  const { phraseIds, audio } = await seedApiCatalogue(site);
  const learner = await confirmedUser(site, "ada@example.com", "ada-pass-1");
  const otherLearner = await confirmedUser(site, "bob@example.com", "bob-pass-1");
  const admin = await confirmedUser(site, "carol@example.com", "carol-pass-1", true);
  const gone = await confirmedUser(site, "gone@example.com", "gone-pass-1");
  const goneToken = await sessionToken(site, gone.id);
  await site.runtime.database.db.delete(users).where(eq(users.id, gone.id));
  return {
    site,
    phraseIds,
    audio,
    users: { learner: learner.id, otherLearner: otherLearner.id, admin: admin.id },
    async credentials(kind) {
      switch (kind) {
        case "visitor":
          return {};
        case "learner":
          return { token: await sessionToken(site, learner.id) };
        case "otherLearner":
          return { token: await sessionToken(site, otherLearner.id) };
        case "admin":
          return { token: await sessionToken(site, admin.id) };
        case "expiredToken":
          return { token: await sessionToken(site, learner.id, new Date(Date.now() - 1000)) };
        case "forgedToken": {
          // A live session of the learner's, signed with another secret.
          const real = await sessionToken(site, learner.id);
          const forged = decodeURIComponent(signedSessionCookie(real.slice(0, real.lastIndexOf(".")), `${SITE_SECRET}-not`).split("=")[1]!);
          return { token: forged };
        }
        case "deletedUserToken":
          return { token: goneToken };
      }
    },
  };
}
