import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerDay } from "#common/learner-day.ts";
import { learnerDays, learnerSettings, reviewCards, reviewLog } from "#server/db/schema.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser, reviewSnapshot, seedSmallCatalog, signInThroughForm } from "#tests/support/site-fixtures.ts";

/**
 * /review over real HTTP against the real route module (issue 24): the page is the learner's own, a rating for a
 * phrase outside their deck (or with another learner's review id) is refused with 404 and writes nothing, a replayed
 * review id is applied once, the first rating adopts the browser's zone, and undo answers 404 / 409 as it should.
 * The forms are the page's plain forms (what a browser without JavaScript posts).
 */
let site: TestSite;
let phraseIds: string[];
let ada: { id: string; cookie: string };
let bob: { id: string; cookie: string };
const LA = "America/Los_Angeles";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ({ phraseIds } = await seedSmallCatalog(site));
  const adaUser = await confirmedUser(site, "ada@example.com", "ada-pass-1");
  const bobUser = await confirmedUser(site, "bob@example.com", "bob-pass-1");
  ada = { id: adaUser.id, cookie: await signInThroughForm(site, "ada@example.com", "ada-pass-1", "10.7.0.1") };
  bob = { id: bobUser.id, cookie: await signInThroughForm(site, "bob@example.com", "bob-pass-1", "10.7.0.2") };
  // Ada saves Hola, Bob saves Adiós.
  const favorite = (cookie: string, phraseId: string) =>
    site.request("/spanish/a1/greetings", { ...form({ intent: "favorite", phraseId, value: "true" }), cookie });
  expect((await favorite(ada.cookie, phraseIds[0]!)).status).toBe(200);
  expect((await favorite(bob.cookie, phraseIds[1]!)).status).toBe(200);
}, 120_000);
afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const post = (cookie: string, values: Record<string, string>) => site.request("/review", { ...form(values), cookie });
const rate = (cookie: string, values: { reviewId: string; phraseId: string; rating: string; timeZone?: string }) =>
  post(cookie, { intent: "rate", ...values });
const logOf = (userId: string) => db().select().from(reviewLog).where(eq(reviewLog.userId, userId));

describe("/review", () => {
  it("sends a visitor to sign in, and shows a learner their own deck with plain forms", async () => {
    const visitor = await site.request("/review");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/auth?redirectTo=%2Freview");

    const page = await site.request("/review", { cookie: ada.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
    const html = await page.text();
    expect(html).toContain("Hola");
    expect(html).toContain("Show answer");
    // Bob's phrase is not in Ada's deck.
    expect(html).not.toContain("Adiós");
    // The card's rating form carries an id the server made for it, and the phrase.
    expect(html).toMatch(/name="reviewId" value="[0-9a-f-]{36}"/);
    expect(html).toContain(`name="phraseId" value="${phraseIds[0]}"`);
    const ratingButtons = [...html.matchAll(/<button type="submit"[^>]*name="rating"[^>]*>/g)].map(([tag]) => /value="(\d)"/.exec(tag)?.[1]);
    expect(ratingButtons).toEqual(["1", "2", "3", "4"]);
  });

  it("refuses a rating for another learner's phrase with 404 and writes nothing, not even the time zone", async () => {
    const before = await reviewSnapshot(db());
    const response = await rate(ada.cookie, { reviewId: randomUUID(), phraseId: phraseIds[1]!, rating: "3", timeZone: LA });
    expect(response.status).toBe(404);
    expect(await reviewSnapshot(db())).toEqual(before);
    // A phrase that does not exist at all, the same.
    expect((await rate(ada.cookie, { reviewId: randomUUID(), phraseId: randomUUID(), rating: "3", timeZone: LA })).status).toBe(404);
    expect(await reviewSnapshot(db())).toEqual(before);
  });

  it("refuses what it cannot read (400), and a body over its cap (413), writing nothing", async () => {
    const before = await reviewSnapshot(db());
    expect((await rate(ada.cookie, { reviewId: "not-an-id", phraseId: phraseIds[0]!, rating: "3" })).status).toBe(400);
    expect((await rate(ada.cookie, { reviewId: randomUUID(), phraseId: phraseIds[0]!, rating: "5" })).status).toBe(400);
    expect((await rate(ada.cookie, { reviewId: randomUUID(), phraseId: phraseIds[0]!, rating: "3", timeZone: "x".repeat(65) })).status).toBe(400);
    expect((await post(ada.cookie, { intent: "undo", reviewId: "nope" })).status).toBe(400);
    expect((await post(ada.cookie, { intent: "shout" })).status).toBe(400);
    const big = await rate(ada.cookie, { reviewId: randomUUID(), phraseId: phraseIds[0]!, rating: "3", timeZone: "x".repeat(5000) });
    expect(big.status).toBe(413);
    expect(await reviewSnapshot(db())).toEqual(before);
  });

  it("applies a replayed review id once (also replays racing), adopting the browser's zone with the first rating", async () => {
    const reviewId = randomUUID();
    const values = { reviewId, phraseId: phraseIds[0]!, rating: "3", timeZone: LA };
    const first = await rate(ada.cookie, values);
    expect(first.status).toBe(200);
    // The page after the plain form: the rating is confirmed with a way to undo it.
    const html = await first.text();
    expect(html).toContain("Saved: Good.");
    expect(html).toContain(`name="reviewId" value="${reviewId}"`);
    const cardOf = async () => (await db().select().from(reviewCards).where(and(eq(reviewCards.userId, ada.id), eq(reviewCards.phraseId, phraseIds[0]!))))[0];
    const rated = await cardOf();
    const replays = await Promise.all([rate(ada.cookie, values), rate(ada.cookie, values), rate(ada.cookie, { ...values, rating: "1" })]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);

    const log = await logOf(ada.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ id: reviewId, rating: 3, learnerDay: learnerDay(log[0]!.reviewedAt, LA) });
    const [settings] = await db().select().from(learnerSettings).where(eq(learnerSettings.userId, ada.id));
    expect(settings?.timeZone).toBe(LA);
    const days = await db().select().from(learnerDays).where(eq(learnerDays.userId, ada.id));
    expect(days.map((d) => d.reviews)).toEqual([1]);
    // Rated once: the replays wrote nothing (every write draws a new sync version).
    expect(await cardOf()).toMatchObject({ reps: 1, version: rated!.version });

    // A later zone from the browser is not taken: the learner's zone is set.
    await rate(ada.cookie, { ...values, reviewId: randomUUID(), timeZone: "Europe/Paris" });
    const [after] = await db().select().from(learnerSettings).where(eq(learnerSettings.userId, ada.id));
    expect(after?.timeZone).toBe(LA);
  });

  it("refuses another learner's review id (404), writing nothing", async () => {
    const [adaRating] = await logOf(ada.id);
    const before = await reviewSnapshot(db());
    // Bob replays Ada's id against his own phrase, and against hers.
    expect((await rate(bob.cookie, { reviewId: adaRating!.id, phraseId: phraseIds[1]!, rating: "4" })).status).toBe(404);
    expect((await rate(bob.cookie, { reviewId: adaRating!.id, phraseId: phraseIds[0]!, rating: "4" })).status).toBe(404);
    expect((await post(bob.cookie, { intent: "undo", reviewId: adaRating!.id })).status).toBe(404);
    expect(await reviewSnapshot(db())).toEqual(before);
  });

  it("undoes only the latest rating of a card (409 for an older one), and an undo twice is one undo", async () => {
    const log = (await logOf(ada.id)).sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
    expect(log).toHaveLength(2);
    const [older, latest] = log as [typeof log[0], typeof log[0]];
    const before = await reviewSnapshot(db());
    expect((await post(ada.cookie, { intent: "undo", reviewId: older.id })).status).toBe(409);
    expect((await post(ada.cookie, { intent: "undo", reviewId: randomUUID() })).status).toBe(404);
    expect(await reviewSnapshot(db())).toEqual(before);

    const undone = await post(ada.cookie, { intent: "undo", reviewId: latest.id });
    expect(undone.status).toBe(200);
    expect(await undone.text()).toContain("Rating undone.");
    expect((await post(ada.cookie, { intent: "undo", reviewId: latest.id })).status).toBe(200);
    const days = await db().select().from(learnerDays).where(eq(learnerDays.userId, ada.id));
    expect(days.map((d) => d.reviews)).toEqual([1]);
    const [card] = await db().select().from(reviewCards).where(and(eq(reviewCards.userId, ada.id), eq(reviewCards.phraseId, phraseIds[0]!)));
    expect(card?.reps).toBe(1);
    // Now the older one is the latest again.
    expect((await post(ada.cookie, { intent: "undo", reviewId: older.id })).status).toBe(200);
  });

  it("says when the next card is due once the deck is done, and explains an empty deck", async () => {
    // Ada's only phrase, rated Easy: nothing left today.
    expect((await rate(ada.cookie, { reviewId: randomUUID(), phraseId: phraseIds[0]!, rating: "4" })).status).toBe(200);
    const done = (await (await site.request("/review", { cookie: ada.cookie })).text()).replaceAll("<!-- -->", "");
    expect(done).toContain("You&#x27;re all caught up");
    expect(done).toMatch(/Your next card is due (tomorrow|in \d+ days)\./);

    const carol = await confirmedUser(site, "carol@example.com", "carol-pass-1");
    expect(carol.id).toBeTruthy();
    const cookie = await signInThroughForm(site, "carol@example.com", "carol-pass-1", "10.7.0.3");
    const empty = await (await site.request("/review", { cookie })).text();
    expect(empty).toContain("Nothing to review yet");
    expect(empty).toContain("tap the heart next to a phrase");
  });
});
