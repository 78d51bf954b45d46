import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareByOrder, countLabel } from "#common/catalog.ts";
import { loadCatalogSnapshot, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { findLanguage, levelsOf, openLesson, openLevel, publicPaths } from "#server/catalog/public-catalog.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
let catalog: CatalogSnapshot;

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  await db.insert(languages).values([
    { id: "spanish", name: "Spanish", flagUrl: "/images/flags/spanish.svg" },
    { id: "french", name: "French" },
  ]);
  await db.insert(levels).values([
    { languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", orderIndex: 2, isLocked: true },
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "spanish", id: "zz", title: "Zulu extras", cefrLabel: "C2", orderIndex: null },
    { languageId: "spanish", id: "aa", title: "Alpha extras", cefrLabel: "C1", orderIndex: null },
    { languageId: "spanish", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
  ]);
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "cafe", title: "At the Café", translatedTitle: "En la cafetería", orderIndex: 1 },
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "secret", title: "Secret", translatedTitle: "Secreto", orderIndex: 2, isLocked: true },
    { languageId: "spanish", levelId: "b1", id: "doctor", title: "Doctor", translatedTitle: "Médico", orderIndex: 0 },
  ]);
  const phrase = (lessonId: string, levelId: string, audioUrl: string, originalText: string, position: number) => ({
    languageId: "spanish", levelId, lessonId, audioUrl, originalText, translatedText: `${originalText} (en)`, position,
  });
  await db.insert(phrases).values([
    phrase("greetings", "a1", "/a.wav", "Hola", 0),
    phrase("greetings", "a1", "/a.wav", "Buenos días", 1),
    phrase("greetings", "a1", "/b.wav", "Adiós", 2),
    phrase("greetings", "a1", "/a.wav", "Buenas noches", 3),
    phrase("secret", "a1", "/secret.wav", "Secreto", 0),
    phrase("doctor", "b1", "/doctor.wav", "Me duele", 0),
  ]);
  catalog = await loadCatalogSnapshot(db);
});
afterAll(() => handle.close());

describe("public catalogue", () => {
  it("lists languages by name with their level counts", () => {
    expect(catalog.languages.map((l) => [l.name, l.levelCount])).toEqual([
      ["French", 0],
      ["Spanish", 5],
    ]);
  });

  it("orders levels by order_index, a missing index as 999, ties by title", () => {
    expect(levelsOf(catalog, "spanish").map((l) => l.id)).toEqual(["a1", "a2", "b1", "aa", "zz"]);
    expect(compareByOrder({ orderIndex: 998, title: "Z" }, { orderIndex: null, title: "A" })).toBeLessThan(0);
    expect(compareByOrder({ orderIndex: 1000, title: "A" }, { orderIndex: null, title: "Z" })).toBeGreaterThan(0);
  });

  it("opens an unlocked level with its lessons in order and phrase counts", () => {
    const access = openLevel(catalog, "spanish", "a1");
    expect(access.kind).toBe("open");
    if (access.kind !== "open") return;
    expect(access.lessons.map((l) => [l.id, l.phraseCount])).toEqual([
      ["greetings", 4],
      ["cafe", 0],
      ["secret", 1],
    ]);
  });

  it("groups a lesson's phrases by audio file, in entry order", () => {
    const access = openLesson(catalog, "spanish", "a1", "greetings");
    if (access.kind !== "open") throw new Error(access.kind);
    expect(access.groups.map((g) => [g.audioUrl, g.phrases.map((p) => p.originalText)])).toEqual([
      ["/a.wav", ["Hola", "Buenos días", "Buenas noches"]],
      ["/b.wav", ["Adiós"]],
    ]);
  });

  it("sends a locked level, and every lesson below it, to /locked-content without their content", () => {
    expect(openLevel(catalog, "spanish", "b1")).toEqual({
      kind: "locked",
      redirectTo: "/locked-content?type=level&id=b1&languageId=spanish",
    });
    expect(openLesson(catalog, "spanish", "b1", "doctor")).toEqual({
      kind: "locked",
      redirectTo: "/locked-content?type=level&id=b1&languageId=spanish",
    });
  });

  it("sends a locked lesson to /locked-content without its phrases", () => {
    expect(openLesson(catalog, "spanish", "a1", "secret")).toEqual({
      kind: "locked",
      redirectTo: "/locked-content?type=lesson&id=secret&languageId=spanish&levelId=a1",
    });
  });

  it("opens locked content for an admin's preview, saying that learners are sent away; open content says it is open", () => {
    const level = openLevel(catalog, "spanish", "b1", { asAdmin: true });
    expect(level.kind === "open" && [level.lockedForLearners, level.lessons.map((l) => l.id)]).toEqual([true, ["doctor"]]);
    const below = openLesson(catalog, "spanish", "b1", "doctor", { asAdmin: true });
    expect(below.kind === "open" && below.lockedForLearners).toBe(true);
    const lesson = openLesson(catalog, "spanish", "a1", "secret", { asAdmin: true });
    expect(lesson.kind === "open" && [lesson.lockedForLearners, lesson.groups.length]).toEqual([true, 1]);
    const open = openLesson(catalog, "spanish", "a1", "greetings", { asAdmin: true });
    expect(open.kind === "open" && open.lockedForLearners).toBe(false);
    expect(openLesson(catalog, "spanish", "a1", "nope", { asAdmin: true }).kind).toBe("missing");
  });

  it("reports unknown languages, levels and lessons as missing", () => {
    expect(findLanguage(catalog, "klingon")).toBeUndefined();
    expect(openLevel(catalog, "klingon", "a1").kind).toBe("missing");
    expect(openLevel(catalog, "spanish", "c9").kind).toBe("missing");
    expect(openLesson(catalog, "spanish", "a1", "nope").kind).toBe("missing");
    expect(openLesson(catalog, "french", "a1", "greetings").kind).toBe("missing");
  });

  it("lists only open pages for the sitemap", () => {
    const paths = publicPaths(catalog).map((p) => p.path);
    expect(paths).toContain("/spanish/a1/greetings");
    expect(paths).not.toContain("/spanish/a1/secret");
    expect(paths).not.toContain("/spanish/b1");
    expect(paths).not.toContain("/spanish/b1/doctor");
  });

  it("labels counts in the singular and plural", () => {
    expect(countLabel(1, "Level")).toBe("1 Level");
    expect(countLabel(3, "Lesson")).toBe("3 Lessons");
    expect(countLabel(0, "Phrase")).toBe("0 Phrases");
  });
});
