import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rekeyAudioOf } from "#server/catalog/audio-keys.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { appMeta, blogPosts, languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { createLocalEventBus, type Topic } from "#server/events/event-bus.server.ts";
import { initializeInstallation } from "#server/seed/seed.server.ts";
import { createLocalStorage } from "#server/storage/local-storage.server.ts";
import { isUnguessableKey, type Storage } from "#server/storage/storage.server.ts";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";
import { readMp3, toneWav } from "#tests/support/mp3.ts";
import { storageBackendsForFile } from "#tests/support/s3-server.ts";

/**
 * An installation seeded by an earlier version: WAV files under keys made of public ids. Its next start moves them to
 * unguessable keys as MP3; locking a lesson can give its audio new keys again.
 */
const storageDirs = storageBackendsForFile("phrasewise-audio-keys-");

const backends: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage(storageDirs.localRoot)],
  ["S3-compatible", () => storageDirs.s3().storage()],
];

const legacyKeys = {
  greetings1: "audio/demo/spanish-a1-greetings-1.wav",
  greetings2: "audio/demo/spanish-a1-greetings-2.wav",
  lockedLesson: "audio/demo/spanish-a1-asking-directions-1.wav",
};
const externalUrl = "https://cdn.example.com/audio/hola.mp3";

describe.each(backends)("audio keys on %s storage", (_name, createStorage) => {
  let handle: DatabaseHandle;
  let storage: Storage;
  const published: Topic[] = [];
  const deps = () => {
    const events = createLocalEventBus();
    for (const topic of ["catalog", "blog"] as const) events.subscribe(topic, () => published.push(topic));
    return { db: handle.db, storage, tts: createEspeakTextToSpeech(), events, logger: quietLogger };
  };
  const urlsOf = async (lessonId: string) =>
    (
      await handle.db.select({ url: phrases.audioUrl }).from(phrases).where(eq(phrases.lessonId, lessonId)).orderBy(asc(phrases.position))
    ).map((r) => r.url);

  beforeAll(async () => {
    handle = await openTestDatabase();
    storage = createStorage();
    const { db } = handle;
    for (const key of Object.values(legacyKeys)) await storage.put("content", key, toneWav(2), "audio/wav");
    const url = (key: string) => storage.url("content", key);
    await db.insert(appMeta).values({ key: "initialized_at", value: "2026-01-01T00:00:00.000Z" });
    await db.insert(languages).values({ id: "spanish", name: "Spanish" });
    await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1" });
    await db.insert(lessons).values([
      { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos" },
      { languageId: "spanish", levelId: "a1", id: "asking-directions", title: "Directions", translatedTitle: "Direcciones", isLocked: true },
      { languageId: "spanish", levelId: "a1", id: "external", title: "External", translatedTitle: "Externo" },
    ]);
    const phrase = (lessonId: string, audioUrl: string, position: number) => ({
      languageId: "spanish",
      levelId: "a1",
      lessonId,
      originalText: `Frase ${position}`,
      translatedText: `Phrase ${position}`,
      audioUrl,
      position,
    });
    await db.insert(phrases).values([
      phrase("greetings", url(legacyKeys.greetings1), 0),
      phrase("greetings", url(legacyKeys.greetings1), 1),
      phrase("greetings", url(legacyKeys.greetings2), 2),
      phrase("asking-directions", url(legacyKeys.lockedLesson), 0),
      phrase("external", externalUrl, 0),
      phrase("external", url("audio/demo/gone.wav"), 1),
    ]);
    await db.insert(blogPosts).values({
      title: "Greetings",
      slug: "greetings",
      content: "Hola",
      sampleLanguageId: "spanish",
      sampleLevelId: "a1",
      lessonId: "greetings",
      phraseAudioUrl: url(legacyKeys.greetings1),
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  it("moves legacy WAV files to unguessable keys as MP3 on the next start, deleting the old files", async () => {
    await initializeInstallation(deps(), { seedDemo: true });

    const greetings = await urlsOf("greetings");
    const locked = await urlsOf("asking-directions");
    for (const url of [...greetings, ...locked]) {
      const key = storage.keyOf("content", url)!;
      expect(isUnguessableKey(key), key).toBe(true);
      expect(key).toMatch(/^audio\/[0-9a-f]{32}-spanish-a1-[a-z-]+-\d\.mp3$/);
      const stream = readMp3((await storage.read("content", key))!);
      expect([...stream.channelModes]).toEqual(["mono"]);
      expect(stream.durationSeconds).toBeGreaterThan(1.9);
    }
    // Phrases that shared one file still share one (they form one audio group), and so does the blog sample.
    expect(greetings[0]).toBe(greetings[1]);
    expect(greetings[2]).not.toBe(greetings[0]);
    const [post] = await handle.db.select({ url: blogPosts.phraseAudioUrl }).from(blogPosts);
    expect(post?.url).toBe(greetings[0]);
    for (const key of Object.values(legacyKeys)) expect(await storage.read("content", key), key).toBeUndefined();
    // An address outside our storage, or a file that is already missing, stays as it is.
    expect(await urlsOf("external")).toEqual([externalUrl, storage.url("content", "audio/demo/gone.wav")]);
    expect(published).toEqual(expect.arrayContaining(["catalog", "blog"]));
  });

  it("moves nothing on later starts", async () => {
    const before = [...(await urlsOf("greetings")), ...(await urlsOf("asking-directions"))];
    published.length = 0;
    await initializeInstallation(deps(), { seedDemo: true });
    expect([...(await urlsOf("greetings")), ...(await urlsOf("asking-directions"))]).toEqual(before);
    expect(published).toEqual([]);
  });

  it("gives a lesson's audio new keys when it is locked, so its public addresses stop working", async () => {
    const before = await urlsOf("greetings");
    const untouched = await urlsOf("asking-directions");
    expect(await rekeyAudioOf(deps(), { languageId: "spanish", levelId: "a1", lessonId: "greetings" })).toBe(2);
    const after = await urlsOf("greetings");
    expect(after[0]).toBe(after[1]);
    for (const [i, url] of after.entries()) {
      expect(url).not.toBe(before[i]);
      expect(await storage.read("content", storage.keyOf("content", url)!)).toBeDefined();
      expect(await storage.read("content", storage.keyOf("content", before[i]!)!)).toBeUndefined();
    }
    const [post] = await handle.db.select({ url: blogPosts.phraseAudioUrl }).from(blogPosts);
    expect(post?.url).toBe(after[0]);
    expect(await urlsOf("asking-directions")).toEqual(untouched);
  });
});
