import { and, eq } from "drizzle-orm";
import { createEmptyCard, fsrs, Rating, type Card } from "ts-fsrs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { learnerDay } from "#common/learner-day.ts";
import { NEW_PER_DAY } from "#common/review.ts";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { loadCatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { learnerDays, learnerSettings, lessons, languages, levels, phrases, reviewCards, reviewLog, userFavorites, userProgress } from "#server/db/schema.ts";
import { addFavorite, setLessonCompleted } from "#server/learning/learning.server.ts";
import { streakSummary } from "#server/review/activity.server.ts";
import { dueCount, reviewQueue } from "#server/review/deck.server.ts";
import { adoptBrowserTimeZone, getLearnerSettings, updateLearnerSettings } from "#server/review/learner-settings.server.ts";
import { rateCard, undoRating } from "#server/review/ratings.server.ts";
import { createTestAuth } from "#tests/support/auth.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
let ana: { id: string };
let ben: { id: string };
const greetings = { languageId: "spanish", levelId: "a1", lessonId: "greetings" };
const locked = { languageId: "spanish", levelId: "a1", lessonId: "secret" };
let hola: string;
let adios: string;
let secret: string;
const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
const at = (iso: string) => new Date(iso);
const minutes = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);

beforeAll(async () => {
  handle = await openTestDatabase();
  const { db } = handle;
  const auth = createTestAuth(db);
  ana = await createConfirmedUser(auth, db, { email: "ana@example.com", password: "anapass1" });
  ben = await createConfirmedUser(auth, db, { email: "ben@example.com", password: "benpass1" });
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1" });
  await db.insert(lessons).values([
    { ...greetings, id: greetings.lessonId, title: "Greetings", translatedTitle: "Saludos", orderIndex: 1 },
    { ...locked, id: locked.lessonId, title: "Secret", translatedTitle: "Secreto", orderIndex: 2, isLocked: true },
  ].map(({ lessonId: _lessonId, ...row }) => row));
  const rows = await db
    .insert(phrases)
    .values([
      { ...greetings, originalText: "Hola", translatedText: "Hello", audioUrl: "/a.mp3", position: 0, cueStartMs: 50, cueEndMs: 900 },
      { ...greetings, originalText: "Adiós", translatedText: "Goodbye", audioUrl: "/a.mp3", position: 1 },
      { ...locked, originalText: "Secreto", translatedText: "Secret", audioUrl: "/s.mp3", position: 0 },
    ])
    .returning({ id: phrases.id });
  [hola, adios, secret] = rows.map((r) => r.id) as [string, string, string];
});
afterAll(() => handle.close());

beforeEach(async () => {
  const { db } = handle;
  for (const table of [reviewLog, reviewCards, learnerDays, learnerSettings, userFavorites, userProgress]) await db.delete(table);
});

const catalog = () => loadCatalogSnapshot(handle.db);
const owner = async (userId: string, deckIncludesCompleted = false) => ({ userId, deckIncludesCompleted, catalog: await catalog() });

describe("scheduling", () => {
  it("gives the library's own intervals: Good x3, Again, Good", async () => {
    await addFavorite(handle.db, ana.id, hola);
    const f = fsrs({ request_retention: 0.9, enable_fuzz: false });
    let expected: Card = createEmptyCard(at("2026-01-05T10:00:00Z"));
    let now = at("2026-01-05T10:00:00Z");
    const ratings = [Rating.Good, Rating.Good, Rating.Good, Rating.Again, Rating.Good] as const;
    const waits: number[] = [];
    for (const rating of ratings) {
      const result = await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId: hola, rating }, now);
      expected = f.next(expected, now, rating).card;
      if (result.kind !== "rated") throw new Error("not rated");
      expect(result.card.due.toISOString()).toBe(expected.due.toISOString());
      expect(result.card.stability).toBeCloseTo(expected.stability, 10);
      expect(result.card.difficulty).toBeCloseTo(expected.difficulty, 10);
      expect(result.card.state).toBe(expected.state);
      waits.push(minutes(now, result.card.due));
      now = result.card.due;
    }
    // Each rating made when the card came due: +10 min (learning), +2 d, +11 d, relearning (+10 min), +2 d.
    expect(waits).toEqual([10, 2 * 1440, 11 * 1440, 10, 2 * 1440]);
    const log = await handle.db.select().from(reviewLog).where(eq(reviewLog.userId, ana.id));
    expect(log.map((row) => row.rating).sort()).toEqual([1, 3, 3, 3, 3]);
  });

  it("refuses a rating for a phrase outside the learner's deck, and writes nothing", async () => {
    await addFavorite(handle.db, ben.id, adios);
    await addFavorite(handle.db, ana.id, secret); // a favourite saved before its lesson was locked
    const cards = await handle.db.select().from(reviewCards);
    expect(cards.map((c) => [c.userId, c.phraseId, c.state]).sort()).toEqual([[ana.id, secret, 0], [ben.id, adios, 0]].sort());
    for (const phraseId of [adios, secret, crypto.randomUUID()]) {
      expect(await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId, rating: 3 })).toEqual({ kind: "not-found" });
    }
    expect(await handle.db.select().from(reviewLog)).toEqual([]);
    expect(await handle.db.select().from(reviewCards)).toEqual(cards);
    expect(await handle.db.select().from(learnerDays)).toEqual([]);
  });

  it("applies a replayed review id once, also when the replays race, and refuses another learner's id", async () => {
    await addFavorite(handle.db, ana.id, hola);
    await addFavorite(handle.db, ben.id, hola);
    const reviewId = crypto.randomUUID();
    const snapshot = await catalog();
    const [enrolled] = await handle.db.select().from(reviewCards).where(eq(reviewCards.userId, ana.id));
    const results = await Promise.all(
      [0, 1, 2].map(() => rateCard(handle.db, snapshot, ana.id, { reviewId, phraseId: hola, rating: 3 })),
    );
    expect(results.filter((r) => r.kind === "rated" && !r.replayed)).toHaveLength(1);
    expect(results.filter((r) => r.kind === "rated" && r.replayed)).toHaveLength(2);
    expect(await handle.db.select().from(reviewLog)).toHaveLength(1);
    const [card] = await handle.db.select().from(reviewCards).where(eq(reviewCards.userId, ana.id));
    expect(card).toMatchObject({ reps: 1 });
    // One write after the enrolment: the replays wrote nothing (the sync trigger draws a version per write).
    expect(card!.version).toBeGreaterThan(enrolled!.version);
    await rateCard(handle.db, snapshot, ana.id, { reviewId, phraseId: hola, rating: 3 });
    expect((await handle.db.select().from(reviewCards).where(eq(reviewCards.userId, ana.id)))[0]!.version).toBe(card!.version);
    const [day] = await handle.db.select().from(learnerDays);
    expect(day?.reviews).toBe(1);
    expect(await rateCard(handle.db, await catalog(), ben.id, { reviewId, phraseId: hola, rating: 1 })).toEqual({ kind: "not-found" });
    expect((await handle.db.select().from(reviewCards).where(eq(reviewCards.userId, ben.id))).map((c) => c.state)).toEqual([0]);
  });
});

describe("undo", () => {
  it("restores the card exactly, takes the review off its day, and keeps the log row marked", async () => {
    await addFavorite(handle.db, ana.id, hola);
    const [first, second] = ids(2) as [string, string];
    const t0 = at("2026-02-01T18:00:00Z");
    await rateCard(handle.db, await catalog(), ana.id, { reviewId: first, phraseId: hola, rating: 3 }, t0);
    const [afterFirst] = await handle.db.select().from(reviewCards);
    await rateCard(handle.db, await catalog(), ana.id, { reviewId: second, phraseId: hola, rating: 1 }, at("2026-02-01T18:11:00Z"));
    expect(await undoRating(handle.db, ben.id, second)).toEqual({ kind: "not-found" });
    expect(await undoRating(handle.db, ana.id, first)).toEqual({ kind: "not-latest" });
    expect(await undoRating(handle.db, ana.id, second)).toEqual({ kind: "undone", phraseId: hola });
    expect(await undoRating(handle.db, ana.id, second)).toEqual({ kind: "undone", phraseId: hola });
    const [restored] = await handle.db.select().from(reviewCards);
    const { version: _v1, updatedAt: _u1, ...before } = afterFirst!;
    const { version, updatedAt: _u2, ...after } = restored!;
    expect(after).toEqual(before);
    // The restored card is a new write: the app's sync pulls it.
    expect(version).toBeGreaterThan(afterFirst!.version);
    const [day] = await handle.db.select().from(learnerDays);
    expect(day?.reviews).toBe(1);
    const log = await handle.db.select().from(reviewLog).where(eq(reviewLog.id, second));
    expect(log[0]?.undoneAt).not.toBeNull();
    // Undoing the first rating too makes the phrase new again, in the queue as new.
    expect(await undoRating(handle.db, ana.id, first)).toEqual({ kind: "undone", phraseId: hola });
    const queue = await reviewQueue(handle, await owner(ana.id), "2026-02-01", at("2026-02-01T18:12:00Z"));
    expect(queue.items.map((i) => [i.phraseId, i.isNew])).toEqual([[hola, true]]);
  });
});

describe("the deck", () => {
  it("holds open favourites (a locked or deleted phrase leaves quietly), and completed lessons when chosen", async () => {
    await addFavorite(handle.db, ana.id, hola);
    await addFavorite(handle.db, ana.id, secret);
    const now = at("2026-03-01T12:00:00Z");
    let queue = await reviewQueue(handle, await owner(ana.id), "2026-03-01", now);
    expect(queue).toMatchObject({ deckEmpty: false, dueCount: 0, newCount: 1 });
    expect(queue.items[0]).toMatchObject({ phraseId: hola, original: "Hola", cue: [50, 900], isNew: true });
    expect(queue.items[0]?.lesson).toEqual({ ...greetings, title: "Greetings", languageName: "Spanish" });
    expect(queue.items[0]?.choices.map((c) => c.interval)).toEqual(["1 min", "6 min", "10 min", "8 days"]);

    await setLessonCompleted(handle.db, ana.id, greetings, true);
    expect((await reviewQueue(handle, await owner(ana.id), "2026-03-01", now)).items).toHaveLength(1);
    await updateLearnerSettings(handle.db, ana.id, { deckIncludesCompleted: true }, now);
    queue = await reviewQueue(handle, await owner(ana.id, true), "2026-03-01", now);
    expect(queue.items.map((i) => i.phraseId).sort()).toEqual([hola, adios].sort());
    expect(await dueCount(handle, await owner(ana.id, true), "2026-03-01", now)).toBe(2);

    // Rated, then deleted by an admin: gone from the deck, its card and log kept.
    await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId: adios, rating: 1 }, now);
    const [extra] = await handle.db
      .insert(phrases)
      .values({ ...greetings, originalText: "Gracias", translatedText: "Thanks", audioUrl: "/b.mp3", position: 2 })
      .returning({ id: phrases.id });
    await addFavorite(handle.db, ana.id, extra!.id);
    await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId: extra!.id, rating: 1 }, now);
    await handle.db.delete(phrases).where(eq(phrases.id, extra!.id));
    queue = await reviewQueue(handle, await owner(ana.id, true), "2026-03-01", at("2026-03-01T12:05:00Z"));
    expect(queue.items.map((i) => i.phraseId)).toEqual([adios, hola]); // due first (rated Again at 12:00), then new
    expect(await handle.db.select().from(reviewLog).where(and(eq(reviewLog.userId, ana.id), eq(reviewLog.phraseId, extra!.id)))).toHaveLength(1);
  });

  it("tells an empty deck from an all-done one", async () => {
    const queue = await reviewQueue(handle, await owner(ben.id), "2026-03-01", at("2026-03-01T12:00:00Z"));
    expect(queue).toEqual({ items: [], dueCount: 0, newCount: 0, deckEmpty: true, nextDueAt: null });
  });

  it(`meets at most ${NEW_PER_DAY} new phrases a day, and says when the next card is due`, async () => {
    const rows = await handle.db
      .insert(phrases)
      .values(Array.from({ length: NEW_PER_DAY + 5 }, (_, i) => ({ ...greetings, originalText: `P${i}`, translatedText: `T${i}`, audioUrl: "/c.mp3", position: 10 + i })))
      .returning({ id: phrases.id });
    for (const row of rows) await addFavorite(handle.db, ana.id, row.id);
    const now = at("2026-04-01T15:00:00Z");
    const today = "2026-04-01";
    expect(await dueCount(handle, await owner(ana.id), today, now)).toBe(NEW_PER_DAY);
    for (const row of rows.slice(0, NEW_PER_DAY)) {
      await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId: row.id, rating: 4 }, now);
    }
    const queue = await reviewQueue(handle, await owner(ana.id), today, now);
    expect(queue).toMatchObject({ items: [], dueCount: 0, newCount: 0, deckEmpty: false });
    expect(queue.nextDueAt).toBe(at("2026-04-09T15:00:00Z").toISOString());
    expect(await dueCount(handle, await owner(ana.id), "2026-04-02", at("2026-04-02T15:00:00Z"))).toBe(5);
    await handle.db.delete(phrases).where(eq(phrases.audioUrl, "/c.mp3"));
  });
});

describe("the header's count on the learner's own day", () => {
  it("subtracts the new phrases met today in the learner's zone, a day ahead of UTC or behind it", async () => {
    const rows = await handle.db
      .insert(phrases)
      .values(Array.from({ length: NEW_PER_DAY + 5 }, (_, i) => ({ ...greetings, originalText: `Z${i}`, translatedText: `Z${i}`, audioUrl: "/z.mp3", position: 10 + i })))
      .returning({ id: phrases.id });
    for (const row of rows) await addFavorite(handle.db, ana.id, row.id);
    // Kiritimati (UTC+14): at 23:00 UTC on 1 April it is 13:00 on 2 April there.
    await updateLearnerSettings(handle.db, ana.id, { timeZone: "Pacific/Kiritimati" });
    const ahead = at("2026-04-01T23:00:00Z");
    expect(learnerDay(ahead, "Pacific/Kiritimati")).toBe("2026-04-02");
    for (const row of rows.slice(0, 3)) await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId: row.id, rating: 4 }, ahead);
    expect(await dueCount(handle, await owner(ana.id), "2026-04-02", ahead)).toBe(NEW_PER_DAY - 3);
    // The same moment's UTC day met none.
    expect(await dueCount(handle, await owner(ana.id), "2026-04-01", ahead)).toBe(NEW_PER_DAY);

    // Baker Island's zone (UTC-12): at 14:00 UTC on 2 April it is 02:00 on 2 April there, still the learner's 1 April.
    await updateLearnerSettings(handle.db, ben.id, { timeZone: "Etc/GMT+12" });
    for (const row of rows) await addFavorite(handle.db, ben.id, row.id);
    const behind = at("2026-04-02T14:00:00Z");
    expect(learnerDay(behind, "Etc/GMT+12")).toBe("2026-04-01");
    for (const row of rows.slice(0, 5)) await rateCard(handle.db, await catalog(), ben.id, { reviewId: crypto.randomUUID(), phraseId: row.id, rating: 4 }, behind);
    expect(await dueCount(handle, await owner(ben.id), "2026-04-01", behind)).toBe(NEW_PER_DAY - 5);
    await handle.db.delete(phrases).where(eq(phrases.audioUrl, "/z.mp3"));
  });
});

describe("days, goal and streak (a Los Angeles learner)", () => {
  const la = "America/Los_Angeles";

  async function reviewAt(iso: string) {
    await rateCard(handle.db, await catalog(), ana.id, { reviewId: crypto.randomUUID(), phraseId: hola, rating: 3 }, at(iso));
  }
  const days = async () =>
    Object.fromEntries((await handle.db.select().from(learnerDays).where(eq(learnerDays.userId, ana.id))).map((d) => [d.day, d.reviews]));

  beforeEach(async () => {
    await addFavorite(handle.db, ana.id, hola);
    await adoptBrowserTimeZone(handle.db, ana.id, la);
    await updateLearnerSettings(handle.db, ana.id, { goal: { kind: "reviews", target: 1 } });
  });

  it("takes the browser's zone once, and ignores a name it does not know", async () => {
    await adoptBrowserTimeZone(handle.db, ana.id, "Europe/Paris");
    await adoptBrowserTimeZone(handle.db, ben.id, "Not/AZone");
    expect((await getLearnerSettings(handle.db, ana.id)).timeZone).toBe(la);
    expect(await getLearnerSettings(handle.db, ben.id)).toMatchObject({ timeZone: "UTC", timeZoneKnown: false });
  });

  it("counts 23:30 and 00:30 on one day, 03:59 and 04:01 on two, and 20:00 on the local day", async () => {
    await reviewAt("2026-03-03T07:30:00Z"); // 23:30 on the 2nd
    await reviewAt("2026-03-03T08:30:00Z"); // 00:30 on the 3rd: still the 2nd
    await reviewAt("2026-03-03T11:59:00Z"); // 03:59: still the 2nd
    await reviewAt("2026-03-03T12:01:00Z"); // 04:01: the 3rd
    await reviewAt("2026-03-04T04:00:00Z"); // 20:00 on the 3rd, already the 4th in UTC
    expect(await days()).toEqual({ "2026-03-02": 3, "2026-03-03": 2 });
  });

  it("neither breaks nor doubles a streak across daylight saving changes", async () => {
    // One review each evening at 21:00 local from March 6 to 10 (spring forward on the 8th)...
    for (const iso of ["2026-03-07T05:00:00Z", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", "2026-03-10T04:00:00Z", "2026-03-11T04:00:00Z"]) {
      await reviewAt(iso);
    }
    const settings = await getLearnerSettings(handle.db, ana.id);
    let summary = await streakSummary(handle.db, ana.id, settings, at("2026-03-11T05:00:00Z"));
    expect(summary).toMatchObject({ today: "2026-03-10", current: 5, longest: 5, progress: 1 });
    // ...and around the fall back on November 1 (the night has 25 hours): two reviews at 01:30, one in each 01:30.
    await reviewAt("2026-11-01T08:30:00Z"); // 01:30 PDT: October 31
    await reviewAt("2026-11-01T09:30:00Z"); // 01:30 PST: still October 31
    await reviewAt("2026-11-01T20:00:00Z"); // 12:00 on November 1
    summary = await streakSummary(handle.db, ana.id, settings, at("2026-11-01T21:00:00Z"));
    expect(summary).toMatchObject({ today: "2026-11-01", current: 2, longest: 5 });
    expect((await days())["2026-10-31"]).toBe(2);
  });

  it("keeps the streak of a learner who moves time zone, either way", async () => {
    await reviewAt("2026-05-10T03:00:00Z"); // 20:00 on May 9 in Los Angeles
    await updateLearnerSettings(handle.db, ana.id, { timeZone: "Asia/Tokyo" });
    // The flight lands: May 11, 10:00 in Tokyo (May 10 in Los Angeles); a review then counts on May 11 in Tokyo...
    let settings = await getLearnerSettings(handle.db, ana.id);
    expect((await streakSummary(handle.db, ana.id, settings, at("2026-05-11T01:00:00Z"))).current).toBe(0); // a day was skipped
    await reviewAt("2026-05-10T10:00:00Z"); // 19:00 May 10 in Tokyo
    await reviewAt("2026-05-11T01:00:00Z"); // 10:00 May 11 in Tokyo
    expect((await streakSummary(handle.db, ana.id, settings, at("2026-05-11T02:00:00Z"))).current).toBe(3);
    // ...and back west, where it is still May 10: the day already done in Tokyo is not lost.
    await updateLearnerSettings(handle.db, ana.id, { timeZone: la });
    settings = await getLearnerSettings(handle.db, ana.id);
    const summary = await streakSummary(handle.db, ana.id, settings, at("2026-05-11T03:00:00Z"));
    expect(summary.today).toBe("2026-05-10");
    expect(summary.current).toBe(3);
  });

  it("counts a completed lesson once towards a lessons goal, and takes it back with the completion", async () => {
    await updateLearnerSettings(handle.db, ana.id, { goal: { kind: "lessons", target: 1 } });
    const now = at("2026-07-01T18:00:00Z");
    await setLessonCompleted(handle.db, ana.id, greetings, true, now);
    await setLessonCompleted(handle.db, ana.id, greetings, true, now);
    const settings = await getLearnerSettings(handle.db, ana.id);
    expect(await streakSummary(handle.db, ana.id, settings, now)).toMatchObject({ today: "2026-07-01", progress: 1, current: 1 });
    await setLessonCompleted(handle.db, ana.id, greetings, false, now);
    expect(await streakSummary(handle.db, ana.id, settings, now)).toMatchObject({ progress: 0, current: 0 });
    await setLessonCompleted(handle.db, ana.id, greetings, true, now);
    expect(await streakSummary(handle.db, ana.id, settings, now)).toMatchObject({ progress: 1, current: 1 });
  });

  it("measures a day against its own goal, and shows twelve Monday-aligned weeks ending today", async () => {
    await reviewAt("2026-06-01T18:00:00Z"); // Monday June 1
    await updateLearnerSettings(handle.db, ana.id, { goal: { kind: "reviews", target: 2 } }, at("2026-06-02T18:00:00Z"));
    await reviewAt("2026-06-02T18:00:00Z");
    const settings = await getLearnerSettings(handle.db, ana.id);
    let summary = await streakSummary(handle.db, ana.id, settings, at("2026-06-02T19:00:00Z"));
    expect(summary).toMatchObject({ today: "2026-06-02", progress: 1, current: 1, longest: 1, goal: { kind: "reviews", target: 2 } });
    await reviewAt("2026-06-02T19:00:00Z");
    summary = await streakSummary(handle.db, ana.id, settings, at("2026-06-02T20:00:00Z"));
    expect(summary).toMatchObject({ progress: 2, current: 2 });
    expect(summary.days[0]?.day).toBe("2026-03-16"); // a Monday, eleven weeks before June 1
    expect(summary.days.at(-1)).toEqual({ day: "2026-06-02", reviews: 2, lessons: 0, goalMet: true });
    expect(summary.days).toHaveLength(7 * 11 + 2);
  });
});
