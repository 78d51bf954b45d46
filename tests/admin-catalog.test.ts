import fs from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { catalogMessages, catalogToasts, languageSchema, lessonSchema, levelSchema, RESERVED_LANGUAGE_IDS } from "#common/catalog-admin.ts";
import {
  CatalogAdminError,
  createLanguage,
  createLesson,
  createLevel,
  deleteLanguage,
  deleteLesson,
  deleteLevel,
  moveLesson,
  moveLevel,
  nextLessonOrderIndex,
  reorderLessons,
  setLevelLock,
  updateLanguage,
  updateLesson,
  type CatalogAdminDeps,
} from "#server/admin/catalog-admin.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { createLocalEventBus } from "#server/events/event-bus.server.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { openTestDatabase } from "#tests/support/database.ts";
import { storeUpload } from "#server/uploads/uploads.server.ts";
import { tinyPng } from "#tests/support/files.ts";
import { confirmedUser, flashTitles, signInThroughForm } from "#tests/support/site-fixtures.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";

/** The admin catalogue service (SPEC §4, §5) on a real database, then its routes over HTTP. */

let handle: DatabaseHandle;
let deps: CatalogAdminDeps;
let announced = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
  const events = createLocalEventBus();
  events.subscribe("catalog", () => {
    announced += 1;
  });
  deps = { db: handle.db, events, changes: changeRecorder({ CHANGE_LOG_DAYS: 365 }, cliAuthor) };
});
afterAll(() => handle?.close());

beforeEach(async () => {
  await handle.db.delete(languages);
  announced = 0;
});

const level = (languageId: string, id: string, extra: Partial<typeof levels.$inferInsert> = {}) => ({
  languageId,
  id,
  title: `Level ${id}`,
  cefrLabel: "A1",
  iconUrl: "",
  isLocked: false,
  ...extra,
});
const lesson = (languageId: string, levelId: string, id: string) => ({
  languageId,
  levelId,
  id,
  title: `Lesson ${id}`,
  translatedTitle: `Lección ${id}`,
  iconUrl: "",
  isLocked: false,
});

async function levelOrder(languageId: string) {
  const rows = await handle.db
    .select({ id: levels.id, orderIndex: levels.orderIndex })
    .from(levels)
    .where(eq(levels.languageId, languageId))
    .orderBy(asc(levels.id));
  return Object.fromEntries(rows.map((r) => [r.id, r.orderIndex]));
}

async function lessonOrder(languageId: string, levelId: string) {
  const rows = await handle.db
    .select({ id: lessons.id, orderIndex: lessons.orderIndex })
    .from(lessons)
    .where(and(eq(lessons.languageId, languageId), eq(lessons.levelId, levelId)))
    .orderBy(asc(lessons.id));
  return Object.fromEntries(rows.map((r) => [r.id, r.orderIndex]));
}

describe("form schemas (SPEC §5)", () => {
  const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it("language: id of 2+ lowercase letters, digits, hyphens; name of 2+; a valid flag URL", () => {
    expect(errors(languageSchema.safeParse({ id: "a", name: "x", flagUrl: "nope" }))).toEqual({
      id: catalogMessages.languageIdShort,
      name: catalogMessages.languageNameShort,
      flagUrl: catalogMessages.flagUrl,
    });
    expect(errors(languageSchema.safeParse({ id: "Bad ID", name: "Spanish", flagUrl: "https://x.example/f.png" }))).toEqual({ id: catalogMessages.idPattern });
    expect(languageSchema.safeParse({ id: "pt-br", name: "Portuguese", flagUrl: "/storage/content/flag.png" }).success).toBe(true);
    expect(languageSchema.safeParse({ id: "pt", name: "Portuguese", flagUrl: "javascript:alert(1)" }).success).toBe(false);
  });

  it("the reserved language ids cover the first segment of every static route and of public/", async () => {
    const routes = (await import("#app/routes.ts")).default;
    const firstSegments = (entries: typeof routes): string[] =>
      entries.flatMap((entry) => [...(entry.path ? [entry.path.split("/")[0]!] : []), ...firstSegments(entry.path ? [] : (entry.children ?? []))]);
    const staticSegments = firstSegments(routes).filter((segment) => /^[a-z0-9-]+$/.test(segment));
    expect(staticSegments.length).toBeGreaterThan(10);
    expect(staticSegments.filter((segment) => !RESERVED_LANGUAGE_IDS.has(segment))).toEqual([]);
    expect(fs.readdirSync(path.resolve("public")).filter((name) => /^[a-z0-9-]+$/.test(name) && !RESERVED_LANGUAGE_IDS.has(name))).toEqual([]);
  });

  it("level and lesson: required fields with the spec's messages; an empty icon URL is allowed", () => {
    expect(errors(levelSchema.safeParse({}))).toEqual({
      id: catalogMessages.levelIdRequired,
      languageId: catalogMessages.languageRequired,
      title: catalogMessages.titleShort,
      cefrLabel: catalogMessages.cefrRequired,
    });
    expect(errors(levelSchema.safeParse({ id: "a1", languageId: "es", title: "Beginner", cefrLabel: "A1", iconUrl: "ftp://x" }))).toEqual({
      iconUrl: catalogMessages.iconUrl,
    });
    expect(levelSchema.parse({ id: "a1", languageId: "es", title: "Beginner", cefrLabel: "A1" })).toMatchObject({ iconUrl: "", isLocked: false });
    expect(errors(lessonSchema.safeParse({ id: "x", languageId: "es", title: "Hi", translatedTitle: "H" }))).toEqual({
      levelId: catalogMessages.levelRequired,
      translatedTitle: catalogMessages.translatedTitleShort,
    });
    expect(errors(lessonSchema.safeParse({ languageId: "es", levelId: "a1", title: "Hi", translatedTitle: "Hola" }))).toEqual({
      id: catalogMessages.lessonIdRequired,
    });
  });
});

describe("catalogue service", () => {
  it("numbers new levels per language: highest + 1, or 0 for the first; locks and announces every write", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await createLanguage(deps, { id: "fr", name: "French", flagUrl: "https://x.example/fr.png" });
    await createLevel(deps, { ...level("es", "a1"), isLocked: true });
    await createLevel(deps, level("es", "a2"));
    await handle.db.update(levels).set({ orderIndex: 7 }).where(eq(levels.id, "a2"));
    await createLevel(deps, level("es", "b1"));
    await createLevel(deps, level("fr", "a1"));
    expect(await levelOrder("es")).toEqual({ a1: 0, a2: 7, b1: 8 });
    expect(await levelOrder("fr")).toEqual({ a1: 0 });
    // A new level starts unlocked whatever the form said (SPEC §5).
    const [a1] = await handle.db.select().from(levels).where(and(eq(levels.languageId, "es"), eq(levels.id, "a1")));
    expect(a1?.isLocked).toBe(false);
    await setLevelLock(deps, { languageId: "es", id: "a1" }, true);
    expect(announced).toBe(7);
  });

  it("refuses a duplicate id against its field, and an unknown language", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await expect(createLanguage(deps, { id: "es", name: "Other", flagUrl: "https://x.example/o.png" })).rejects.toMatchObject({
      field: "id",
      message: catalogMessages.languageExists,
    });
    await createLevel(deps, level("es", "a1"));
    await expect(createLevel(deps, level("es", "a1"))).rejects.toMatchObject({ field: "id", message: catalogMessages.levelExists });
    await expect(createLevel(deps, level("xx", "a1"))).rejects.toMatchObject({ field: "languageId" });
    await expect(updateLanguage(deps, { id: "nope", name: "Nope", flagUrl: "https://x.example/n.png" })).rejects.toBeInstanceOf(CatalogAdminError);
  });

  it("moves a level by swapping order_index with its neighbour; a missing value counts as 0; the ends do nothing", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await handle.db.insert(levels).values([
      { ...level("es", "a1"), orderIndex: 0 },
      { ...level("es", "a2"), orderIndex: 1 },
      { ...level("es", "b1"), orderIndex: null },
    ]);
    expect(await moveLevel(deps, { languageId: "es", id: "a1" }, "up")).toBe(false);
    expect(await moveLevel(deps, { languageId: "es", id: "b1" }, "down")).toBe(false);
    expect(await moveLevel(deps, { languageId: "es", id: "a2" }, "up")).toBe(true);
    expect(await levelOrder("es")).toEqual({ a1: 1, a2: 0, b1: null });
    // b1 (missing, sorts as 999) moves up past a1: a1 takes 0 for the missing value.
    expect(await moveLevel(deps, { languageId: "es", id: "b1" }, "up")).toBe(true);
    expect(await levelOrder("es")).toEqual({ a1: 0, a2: 0, b1: 1 });
  });

  it("numbers lessons from the server, swaps with move up/down, and refuses a swap without order values", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await createLevel(deps, level("es", "a1"));
    expect(await nextLessonOrderIndex(handle.db, "es", "a1")).toBe(0);
    for (const id of ["one", "two", "three"]) await createLesson(deps, lesson("es", "a1", id));
    expect(await lessonOrder("es", "a1")).toEqual({ one: 0, two: 1, three: 2 });
    expect(await moveLesson(deps, { languageId: "es", levelId: "a1", id: "three" }, "up")).toBe(true);
    expect(await lessonOrder("es", "a1")).toEqual({ one: 0, two: 2, three: 1 });
    expect(await moveLesson(deps, { languageId: "es", levelId: "a1", id: "one" }, "up")).toBe(false);
    await handle.db.update(lessons).set({ orderIndex: null }).where(eq(lessons.id, "two"));
    await expect(moveLesson(deps, { languageId: "es", levelId: "a1", id: "three" }, "down")).rejects.toMatchObject({
      message: catalogMessages.missingOrderIndex,
    });
  });

  it("Save Order assigns 0..n-1 in the given order, and refuses a list that is not exactly the level's lessons", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await createLevel(deps, level("es", "a1"));
    for (const id of ["one", "two", "three"]) await createLesson(deps, lesson("es", "a1", id));
    await reorderLessons(deps, "es", "a1", ["three", "one", "two"]);
    expect(await lessonOrder("es", "a1")).toEqual({ three: 0, one: 1, two: 2 });
    for (const ids of [["three", "one"], ["three", "one", "two", "four"], ["one", "one", "two"]]) {
      await expect(reorderLessons(deps, "es", "a1", ids)).rejects.toMatchObject({ status: 409 });
    }
    expect(await lessonOrder("es", "a1")).toEqual({ three: 0, one: 1, two: 2 });
  });

  it("two admins saving different orders at once leave one whole order, never a mix", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await createLevel(deps, level("es", "a1"));
    const ids = ["a", "b", "c", "d", "e", "f"];
    for (const id of ids) await createLesson(deps, lesson("es", "a1", id));
    const reversed = [...ids].reverse();
    await Promise.all([reorderLessons(deps, "es", "a1", ids), reorderLessons(deps, "es", "a1", reversed)]);
    const order = await lessonOrder("es", "a1");
    const byIndex = Object.entries(order).sort(([, a], [, b]) => a! - b!).map(([id]) => id);
    expect([ids, reversed]).toContainEqual(byIndex);
  });

  it("an edited lesson moved to another level carries its phrases and goes last there", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "https://x.example/es.png" });
    await createLevel(deps, level("es", "a1"));
    await createLevel(deps, level("es", "a2"));
    await createLesson(deps, lesson("es", "a1", "greetings"));
    await createLesson(deps, lesson("es", "a2", "numbers"));
    await handle.db.insert(phrases).values({ languageId: "es", levelId: "a1", lessonId: "greetings", originalText: "Hola", translatedText: "Hello", audioUrl: "/storage/a.mp3" });
    await updateLesson(deps, { languageId: "es", levelId: "a1", id: "greetings" }, { ...lesson("es", "a2", "greetings"), title: "Greetings" });
    expect(await lessonOrder("es", "a2")).toEqual({ greetings: 1, numbers: 0 });
    const [phrase] = await handle.db.select().from(phrases);
    expect(phrase).toMatchObject({ levelId: "a2", lessonId: "greetings" });
  });

  it("deletes cascade in one transaction and report the files the deleted rows used", async () => {
    await createLanguage(deps, { id: "es", name: "Spanish", flagUrl: "/storage/assets/es.png" });
    await createLevel(deps, { ...level("es", "a1"), iconUrl: "/storage/content/icons/level/a1.png" });
    await createLevel(deps, level("es", "a2"));
    await createLesson(deps, { ...lesson("es", "a1", "one"), iconUrl: "/storage/content/icons/lesson/one.png" });
    await createLesson(deps, lesson("es", "a1", "two"));
    await createLesson(deps, lesson("es", "a2", "three"));
    await handle.db.insert(phrases).values([
      { languageId: "es", levelId: "a1", lessonId: "one", originalText: "Hola", translatedText: "Hello", audioUrl: "/storage/content/audio/1.mp3" },
      { languageId: "es", levelId: "a1", lessonId: "two", originalText: "Adiós", translatedText: "Bye", audioUrl: "/storage/content/audio/2.mp3" },
      { languageId: "es", levelId: "a2", lessonId: "three", originalText: "Uno", translatedText: "One", audioUrl: "/storage/content/audio/3.mp3" },
    ]);

    const lessonFiles = await deleteLesson(deps, { languageId: "es", levelId: "a1", id: "one" });
    expect(lessonFiles.urls.sort()).toEqual(["/storage/content/audio/1.mp3", "/storage/content/icons/lesson/one.png"]);
    expect(await handle.db.$count(phrases)).toBe(2);

    const levelFiles = await deleteLevel(deps, { languageId: "es", id: "a1" });
    expect(levelFiles.urls.sort()).toEqual(["/storage/content/audio/2.mp3", "/storage/content/icons/level/a1.png"]);
    expect(await handle.db.$count(lessons)).toBe(1);

    const languageFiles = await deleteLanguage(deps, "es");
    expect(languageFiles.urls.sort()).toEqual(["/storage/assets/es.png", "/storage/content/audio/3.mp3"]);
    expect([await handle.db.$count(levels), await handle.db.$count(lessons), await handle.db.$count(phrases)]).toEqual([0, 0, 0]);
    await expect(deleteLanguage(deps, "es")).rejects.toMatchObject({ status: 404 });
  });
});

describe("catalogue routes over HTTP", () => {
  let site: TestSite;
  let admin = "";

  beforeAll(async () => {
    site = await startTestSite();
    await confirmedUser(site, "admin@example.com", "adminpass1", true);
    admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.1");
  }, 120_000);
  afterAll(() => site?.close());

  const post = (path: string, values: Record<string, string>) => site.request(path, { ...form(values), cookie: admin });

  it("answers field errors with 400 and no toast, and changes nothing", async () => {
    const response = await post("/admin/languages", { intent: "create", id: "X", name: "Y", flagUrl: "nope" });
    expect(response.status).toBe(400);
    expect(flashTitles(response)).toEqual([]);
    const body = await response.text();
    expect(body).toContain(catalogMessages.languageIdShort);
    expect(await site.runtime.database.db.$count(languages)).toBe(0);
  });

  it("adds, and the public pages show the change at once; a duplicate gets the failure toast and a field error", async () => {
    expect(await (await site.request("/languages")).text()).not.toContain("Tagalog");
    const added = await post("/admin/languages", { intent: "create", id: "tl", name: "Tagalog", flagUrl: "/images/flags/tl.png" });
    expect(added.status).toBe(200);
    expect(flashTitles(added)).toEqual([catalogToasts.languageAdded]);
    expect(await (await site.request("/languages")).text()).toContain("Tagalog");

    const again = await post("/admin/languages", { intent: "create", id: "tl", name: "Tagalog", flagUrl: "/images/flags/tl.png" });
    expect(again.status).toBe(400);
    expect(flashTitles(again)).toEqual([catalogToasts.languageAddFailed]);
    expect(await again.text()).toContain(catalogMessages.languageExists);
  });

  it("refuses a new language whose page would be one of the site's own (/blog), with a field error, and stores nothing", async () => {
    const before = await site.runtime.database.db.$count(languages);
    const refused = await post("/admin/languages", { intent: "create", id: "blog", name: "Blog Language", flagUrl: "/images/flags/tl.png" });
    expect(refused.status).toBe(400);
    expect(flashTitles(refused)).toEqual([catalogToasts.languageAddFailed]);
    expect(await refused.text()).toContain(catalogMessages.languageIdReserved);
    expect(await site.runtime.database.db.$count(languages)).toBe(before);
  });

  it("locks a level: its public page then leads to /locked-content", async () => {
    await post("/admin/levels", { intent: "create", languageId: "tl", id: "a1", title: "Basics", cefrLabel: "A1" });
    expect((await site.request("/tl/a1")).status).toBe(200);
    const locked = await post("/admin/levels", { intent: "lock", keyLanguageId: "tl", keyId: "a1", locked: "true" });
    expect(flashTitles(locked)).toEqual([catalogToasts.levelLocked]);
    const page = await site.request("/tl/a1");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/locked-content\?/);
    const unlocked = await post("/admin/levels", { intent: "lock", keyLanguageId: "tl", keyId: "a1", locked: "false" });
    expect(flashTitles(unlocked)).toEqual([catalogToasts.levelUnlocked]);
  });

  it("an admin previews a locked level and lesson, privately; a learner and a visitor still get the redirect, before and after", async () => {
    await post("/admin/levels", { intent: "create", languageId: "tl", id: "b2", title: "Hidden", cefrLabel: "B2" });
    await post("/admin/lessons", { intent: "create", languageId: "tl", levelId: "b2", id: "secret", title: "Secret", translatedTitle: "Lihim" });
    await post("/admin/levels", { intent: "lock", keyLanguageId: "tl", keyId: "b2", locked: "true" });
    await confirmedUser(site, "learner@example.com", "learnerpass1", false);
    const learner = await signInThroughForm(site, "learner@example.com", "learnerpass1", "198.51.100.2");
    const redirected = async (path: string, cookie?: string) => {
      const response = await site.request(path, cookie ? { cookie } : {});
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/locked-content\?/);
    };
    for (const path of ["/tl/b2", "/tl/b2/secret"]) {
      await redirected(path);
      await redirected(path, learner);
      const preview = await site.request(path, { cookie: admin });
      expect(preview.status, path).toBe(200);
      expect(preview.headers.get("cache-control")).toMatch(/private/);
      const html = await preview.text();
      expect(html).toContain("Locked: learners see the app promo");
      expect(html).toContain(path.endsWith("secret") ? "Lihim" : "Secret");
      // The admin's view was not kept for anyone else.
      await redirected(path);
      await redirected(path, learner);
    }
    // A learner cannot write to a locked lesson by posting to it.
    const write = await site.request("/tl/b2/secret", { ...form({ intent: "complete", value: "true" }), cookie: learner });
    expect(write.status).toBe(404);
  });

  it("a lesson swap without order values answers 'Cannot reorder: missing order index'", async () => {
    await post("/admin/lessons", { intent: "create", languageId: "tl", levelId: "a1", id: "one", title: "One", translatedTitle: "Isa" });
    await post("/admin/lessons", { intent: "create", languageId: "tl", levelId: "a1", id: "two", title: "Two", translatedTitle: "Dalawa" });
    await site.runtime.database.db.update(lessons).set({ orderIndex: null }).where(eq(lessons.id, "two"));
    const response = await post("/admin/lessons", { intent: "move", keyLanguageId: "tl", keyLevelId: "a1", keyId: "one", direction: "down" });
    expect(response.status).toBe(400);
    expect(flashTitles(response)).toEqual([catalogMessages.missingOrderIndex]);
  });

  it("a cascade delete removes the files only the deleted rows used, after the commit; a shared file stays", async () => {
    const storage = site.runtime.storage;
    const own = await storeUpload(storage, "lessonIcon", new File([tinyPng], "own.png", { type: "image/png" }));
    const shared = await storeUpload(storage, "levelIcon", new File([tinyPng], "shared.png", { type: "image/png" }));
    await post("/admin/languages", { intent: "create", id: "files", name: "Files", flagUrl: "/images/flags/f.png" });
    await post("/admin/levels", { intent: "create", languageId: "files", id: "a1", title: "Files A1", cefrLabel: "A1", iconUrl: shared.url });
    await post("/admin/levels", { intent: "create", languageId: "tl", id: "a2", title: "Keeps", cefrLabel: "A2", iconUrl: shared.url });
    await post("/admin/lessons", { intent: "create", languageId: "files", levelId: "a1", id: "one", title: "One", translatedTitle: "Uno", iconUrl: own.url });
    const deleted = await post("/admin/languages", { intent: "delete", id: "files" });
    expect(flashTitles(deleted)).toEqual([catalogToasts.languageDeleted]);
    expect(await storage.read(own.bucket, own.key)).toBeUndefined();
    expect(await storage.read(shared.bucket, shared.key)).toBeDefined();
  });
});
