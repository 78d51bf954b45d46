import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { loadCatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases, userFavorites, users } from "#server/db/schema.ts";
import {
  addFavorite,
  completedLessonIds,
  FAVORITES_PAGE_SIZE,
  favoritePhraseIds,
  getProfile,
  listFavorites,
  progressByLanguage,
  removeFavorite,
  removeFavoriteByPhrase,
  setLessonCompleted,
  updateUsername,
} from "#server/learning/learning.server.ts";
import { createTestAuth } from "#tests/support/auth.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
let ana: { id: string; email: string };
let ben: { id: string; email: string };
let phraseIds: string[];
const greetings = { languageId: "spanish", levelId: "a1", lessonId: "greetings" };

beforeAll(async () => {
  handle = await openTestDatabase();
  const { db } = handle;
  const auth = createTestAuth(db);
  ana = await createConfirmedUser(auth, db, { email: "ana@example.com", password: "anapass1" });
  ben = await createConfirmedUser(auth, db, { email: "ben@example.com", password: "benpass1" });
  await db.insert(languages).values([{ id: "spanish", name: "Spanish" }, { id: "french", name: "French" }]);
  await db.insert(levels).values([
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1" },
    { languageId: "spanish", id: "a2", title: "Elementary", cefrLabel: "A2" },
  ]);
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos" },
    { languageId: "spanish", levelId: "a1", id: "numbers", title: "Numbers", translatedTitle: "Números" },
    { languageId: "spanish", levelId: "a2", id: "food", title: "Food", translatedTitle: "Comida", isLocked: true },
  ]);
  const rows = await db
    .insert(phrases)
    .values([
      { ...greetings, originalText: "Hola", translatedText: "Hello", audioUrl: "/a.wav" },
      { ...greetings, originalText: "Adiós", translatedText: "Goodbye", audioUrl: "/a.wav" },
    ])
    .returning({ id: phrases.id });
  phraseIds = rows.map((r) => r.id);
});
afterAll(() => handle.close());

describe("profile", () => {
  it("falls back to the part of the email before the at-sign, and saves the username on the profile and the account", async () => {
    await handle.db.update(users).set({ name: "" }).where(eq(users.id, ana.id));
    expect(await getProfile(handle.db, { id: ana.id, email: ana.email, name: "" })).toEqual({ username: "ana", avatarUrl: null });
    await updateUsername(handle.db, ana.id, "Ana Lima");
    await updateUsername(handle.db, ana.id, "Ana L.");
    expect((await getProfile(handle.db, { id: ana.id, email: ana.email, name: "" })).username).toBe("Ana L.");
    expect((await handle.db.select({ name: users.name }).from(users).where(eq(users.id, ana.id)))[0]?.name).toBe("Ana L.");
    expect((await getProfile(handle.db, { id: ben.id, email: ben.email, name: "ben" })).username).toBe("ben");
  });
});

describe("progress", () => {
  it("marks lessons complete and takes it back, per user, and counts per language over the lessons the website opens", async () => {
    await setLessonCompleted(handle.db, ana.id, greetings, true);
    await setLessonCompleted(handle.db, ana.id, greetings, true);
    await setLessonCompleted(handle.db, ana.id, { ...greetings, lessonId: "numbers" }, true);
    expect((await completedLessonIds(handle.db, ana.id, "spanish", "a1")).sort()).toEqual(["greetings", "numbers"]);
    expect(await completedLessonIds(handle.db, ben.id, "spanish", "a1")).toEqual([]);

    const catalog = await loadCatalogSnapshot(handle.db);
    // a2's "food" is locked: counted apart, never in the total.
    expect(await progressByLanguage(handle.db, ana.id, catalog)).toEqual([
      { languageId: "spanish", languageName: "Spanish", completed: 2, total: 2, locked: 1, resume: null },
    ]);
    expect(await progressByLanguage(handle.db, ben.id, catalog)).toEqual([]);

    await setLessonCompleted(handle.db, ana.id, { ...greetings, lessonId: "numbers" }, false);
    expect(await completedLessonIds(handle.db, ana.id, "spanish", "a1")).toEqual(["greetings"]);
  });

  it("reads only the learner's own rows: another learner's completions never count or move where they go on", async () => {
    const carla = await createConfirmedUser(createTestAuth(handle.db), handle.db, { email: "carla@example.com", password: "carlapass1" });
    const dan = await createConfirmedUser(createTestAuth(handle.db), handle.db, { email: "dan@example.com", password: "danpass11" });
    await setLessonCompleted(handle.db, carla.id, greetings, true);
    await setLessonCompleted(handle.db, dan.id, { ...greetings, lessonId: "numbers" }, true);
    // A row for the locked lesson (completed in the app) puts the language on the profile but not in the count.
    await setLessonCompleted(handle.db, dan.id, { languageId: "spanish", levelId: "a2", lessonId: "food" }, true);
    const catalog = await loadCatalogSnapshot(handle.db);
    expect(await progressByLanguage(handle.db, carla.id, catalog)).toEqual([
      { languageId: "spanish", languageName: "Spanish", completed: 1, total: 2, locked: 1, resume: { title: "Numbers", href: "/spanish/a1/numbers" } },
    ]);
    expect(await progressByLanguage(handle.db, dan.id, catalog)).toEqual([
      { languageId: "spanish", languageName: "Spanish", completed: 1, total: 2, locked: 1, resume: { title: "Greetings", href: "/spanish/a1/greetings" } },
    ]);
  });
});

describe("favourites", () => {
  it("saves, lists and removes only the user's own favourites", async () => {
    await addFavorite(handle.db, ana.id, phraseIds[0]!);
    await addFavorite(handle.db, ana.id, phraseIds[0]!);
    await addFavorite(handle.db, ana.id, phraseIds[1]!);
    await addFavorite(handle.db, ben.id, phraseIds[0]!);
    expect((await favoritePhraseIds(handle.db, ana.id, phraseIds)).sort()).toEqual([...phraseIds].sort());
    expect(await favoritePhraseIds(handle.db, ana.id, [])).toEqual([]);

    const list = (await listFavorites(handle.db, ana.id)).favorites;
    expect(list.map((f) => f.originalText)).toEqual(["Adiós", "Hola"]);
    expect(list[0]).toMatchObject({ translatedText: "Goodbye", audioUrl: "/a.wav", lesson: { ...greetings, title: "Greetings", languageName: "Spanish" } });

    const bensFavorite = (await listFavorites(handle.db, ben.id)).favorites[0]!;
    expect(await removeFavorite(handle.db, ana.id, bensFavorite.id)).toBe(false);
    expect((await listFavorites(handle.db, ben.id)).favorites).toHaveLength(1);
    expect(await removeFavorite(handle.db, ana.id, list[0]!.id)).toBe(true);
    expect(await removeFavoriteByPhrase(handle.db, ana.id, phraseIds[0]!)).toBe(true);
    expect(await removeFavoriteByPhrase(handle.db, ana.id, phraseIds[0]!)).toBe(false);
    expect(await listFavorites(handle.db, ana.id)).toEqual({ favorites: [], page: 1, pages: 1 });
    expect((await listFavorites(handle.db, ben.id)).favorites).toHaveLength(1);
  });

  it(`shows ${FAVORITES_PAGE_SIZE} a page, newest first, the page asked for kept in range`, async () => {
    const collector = await createConfirmedUser(createTestAuth(handle.db), handle.db, { email: "collector@example.com", password: "collectorpass1" });
    const count = FAVORITES_PAGE_SIZE * 2 + 20;
    const rows = await handle.db
      .insert(phrases)
      .values(Array.from({ length: count }, (_, i) => ({ ...greetings, originalText: `P${i}`, translatedText: `T${i}`, audioUrl: "/p.mp3", position: 100 + i })))
      .returning({ id: phrases.id });
    const start = Date.parse("2026-05-01T10:00:00Z");
    await handle.db.insert(userFavorites).values(rows.map((row, i) => ({ userId: collector.id, phraseId: row.id, createdAt: new Date(start + i * 1000) })));
    await addFavorite(handle.db, ana.id, rows[0]!.id);

    const first = await listFavorites(handle.db, collector.id);
    expect({ page: first.page, pages: first.pages, shown: first.favorites.length }).toEqual({ page: 1, pages: 3, shown: FAVORITES_PAGE_SIZE });
    expect(first.favorites[0]?.originalText).toBe(`P${count - 1}`);
    const last = await listFavorites(handle.db, collector.id, 3);
    expect(last.favorites.map((f) => f.originalText)).toEqual(Array.from({ length: 20 }, (_, i) => `P${19 - i}`));
    expect((await listFavorites(handle.db, collector.id, 99)).page).toBe(3);
    expect((await listFavorites(handle.db, collector.id, Number.NaN)).page).toBe(1);
    expect((await listFavorites(handle.db, collector.id, -4)).page).toBe(1);
    const everyPage = await Promise.all([1, 2, 3].map(async (page) => (await listFavorites(handle.db, collector.id, page)).favorites.map((f) => f.phraseId)));
    expect(new Set(everyPage.flat())).toEqual(new Set(rows.map((row) => row.id)));
    // Another learner's favourite of the same phrase is theirs alone.
    expect((await listFavorites(handle.db, ana.id)).favorites.map((f) => f.phraseId)).toEqual([rows[0]!.id]);
    await handle.db.delete(phrases).where(eq(phrases.audioUrl, "/p.mp3"));
  });

  it("goes with the account: deleting a user deletes their rows", async () => {
    await setLessonCompleted(handle.db, ben.id, greetings, true);
    await handle.db.delete(users).where(eq(users.id, ben.id));
    expect(await listFavorites(handle.db, ben.id)).toEqual({ favorites: [], page: 1, pages: 1 });
    expect(await completedLessonIds(handle.db, ben.id, "spanish", "a1")).toEqual([]);
  });
});
