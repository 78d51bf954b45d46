import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { languages, lessons, levels, phrases, sessions, users } from "#server/db/schema.ts";
import { SITE_SECRET, signedSessionCookie, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser } from "#tests/support/site-fixtures.ts";
import type { Credentials } from "#tests/api/support/api-client.ts";

/**
 * The API tests' world: a catalogue with open and locked content, and every kind of caller the scenario table
 * replays each operation as. Locked content carries marker texts ("LOCKED") that no answer may ever contain.
 *
 * - spanish / a1 Beginner: greetings 0 (open: Hola, Adiós), secrets 1 (locked lesson: "LOCKED phrase")
 * - spanish / b1 Intermediate (locked level): doctor 0 ("LOCKED level phrase")
 */
export const LOCKED_MARKERS = ["LOCKED", "locked-audio"] as const;

export type CallerKind = "visitor" | "learner" | "otherLearner" | "admin" | "expiredToken" | "forgedToken" | "deletedUserToken";
export const callerKinds: readonly CallerKind[] = ["visitor", "learner", "otherLearner", "admin", "expiredToken", "forgedToken", "deletedUserToken"];

export interface ApiWorld {
  site: TestSite;
  phraseIds: { hola: string; adios: string; locked: string; lockedLevel: string };
  users: { learner: string; otherLearner: string; admin: string };
  /** Fresh credentials of this kind (a new session each time, so a row that signs out spoils no other). */
  credentials(kind: CallerKind): Promise<Credentials>;
}

export async function seedApiCatalogue(site: TestSite) {
  const db = site.runtime.database.db;
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values([
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", orderIndex: 1, isLocked: true },
  ]);
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "secrets", title: "Secrets", translatedTitle: "Secretos", orderIndex: 1, isLocked: true },
    { languageId: "spanish", levelId: "b1", id: "doctor", title: "At the Doctor", translatedTitle: "En el médico", orderIndex: 0 },
  ]);
  const phrase = (lessonId: string, levelId: string, originalText: string, translatedText: string, audioUrl: string, position: number) => ({
    languageId: "spanish",
    levelId,
    lessonId,
    originalText,
    translatedText,
    audioUrl,
    position,
  });
  const rows = await db
    .insert(phrases)
    .values([
      phrase("greetings", "a1", "Hola", "Hello", "/storage/audio/greetings.wav", 0),
      phrase("greetings", "a1", "Adiós", "Goodbye", "/storage/audio/greetings.wav", 1),
      phrase("secrets", "a1", "LOCKED phrase", "LOCKED translation", "/storage/audio/locked-audio-lesson.wav", 0),
      phrase("doctor", "b1", "LOCKED level phrase", "LOCKED level translation", "/storage/audio/locked-audio-level.wav", 0),
    ])
    .returning({ id: phrases.id });
  await site.runtime.events.publish("catalog");
  const [hola, adios, locked, lockedLevel] = rows.map((r) => r.id) as [string, string, string, string];
  return { hola, adios, locked, lockedLevel };
}

/** A session made for this user as sign-in would make it, and its bearer token (the signed session token). */
export async function sessionToken(site: TestSite, userId: string, expiresAt = new Date(Date.now() + 3_600_000)) {
  const token = randomBytes(24).toString("base64url");
  await site.runtime.database.db.insert(sessions).values({ id: randomUUID(), token, userId, expiresAt });
  return decodeURIComponent(signedSessionCookie(token).split("=")[1]!);
}

export async function createApiWorld(site: TestSite): Promise<ApiWorld> {
  const phraseIds = await seedApiCatalogue(site);
  const learner = await confirmedUser(site, "ada@example.com", "ada-pass-1");
  const otherLearner = await confirmedUser(site, "bob@example.com", "bob-pass-1");
  const admin = await confirmedUser(site, "carol@example.com", "carol-pass-1", true);
  const gone = await confirmedUser(site, "gone@example.com", "gone-pass-1");
  const goneToken = await sessionToken(site, gone.id);
  await site.runtime.database.db.delete(users).where(eq(users.id, gone.id));
  return {
    site,
    phraseIds,
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
