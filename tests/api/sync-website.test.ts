import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userFavorites } from "#server/db/schema.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { signInThroughForm } from "#tests/support/site-fixtures.ts";
import { createApiWorld, sessionToken, type ApiWorld } from "#tests/api/support/api-fixture.ts";
import { SyncDevice } from "#tests/api/support/sync-device.ts";
import { readEvents } from "#tests/api/support/event-stream.ts";

/**
 * The website and the app write the same rows (issue 25): every form that changes a learner's synced data (the
 * lesson page's favourite and completion, the review page's rating and undo, the profile's name, goal, time zone and
 * favourite removal, the browser's time zone) shows up in the app's next pull, and what the app pushes shows on the
 * website's pages.
 */

let site: TestSite;
let world: ApiWorld;
let cookie: string;
let app: SyncDevice;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  world = await createApiWorld(site);
  cookie = await signInThroughForm(site, "ada@example.com", "ada-pass-1", "10.25.0.1");
  app = new SyncDevice(site, await sessionToken(site, world.users.learner), "phone");
  await app.pullAll();
}, 120_000);
afterAll(() => site?.close());

const post = async (path: string, values: Record<string, string>) => {
  const response = await site.request(path, { ...form(values), cookie });
  expect(response.status, `${path} ${JSON.stringify(values)}`).toBeLessThan(300);
};
const lesson = "/spanish/a1/greetings";

/** What the app's next pull brings, by entity: live rows and deleted keys. */
async function nextPull() {
  const page = await app.fetchPage(app.cursor, 1000);
  app.apply(page);
  expect(page.hasMore).toBe(false);
  return page.changes;
}

describe("a website write reaches the app's pull", () => {
  it("the lesson page: a favourite (with its new card) and a completion (with the day's count), and taking them back", async () => {
    const { hola } = world.phraseIds;
    await post(lesson, { intent: "favorite", phraseId: hola, value: "true" });
    let changes = await nextPull();
    expect(changes.favorites.upserted).toEqual([expect.objectContaining({ phraseId: hola })]);
    expect(changes.reviewCards.upserted).toEqual([expect.objectContaining({ phraseId: hola, state: 0 })]);

    await post(lesson, { intent: "complete", value: "true" });
    changes = await nextPull();
    expect(changes.progress.upserted).toEqual([expect.objectContaining({ languageId: "spanish", levelId: "a1", lessonId: "greetings", completed: true })]);
    expect(changes.days.upserted).toEqual([expect.objectContaining({ lessons: 1 })]);

    await post(lesson, { intent: "complete", value: "false" });
    changes = await nextPull();
    expect(changes.progress.deleted).toEqual([expect.objectContaining({ languageId: "spanish", levelId: "a1", lessonId: "greetings" })]);

    await post(lesson, { intent: "favorite", phraseId: hola, value: "false" });
    changes = await nextPull();
    expect(changes.favorites.deleted).toEqual([expect.objectContaining({ phraseId: hola })]);
    await post(lesson, { intent: "favorite", phraseId: hola, value: "true" });
    expect((await nextPull()).favorites.upserted).toEqual([expect.objectContaining({ phraseId: hola })]);
  });

  it("the review page: a rating (log, card, day, the browser's zone) and its undo", async () => {
    const { hola } = world.phraseIds;
    const reviewId = randomUUID();
    await post("/review", { intent: "rate", reviewId, phraseId: hola, rating: "3", timeZone: "Europe/Paris" });
    let changes = await nextPull();
    expect(changes.reviewLog.upserted).toEqual([expect.objectContaining({ id: reviewId, rating: 3, undoneAt: null })]);
    expect(changes.reviewCards.upserted).toEqual([expect.objectContaining({ phraseId: hola, reps: 1 })]);
    expect(changes.days.upserted).toEqual([expect.objectContaining({ reviews: 1 })]);
    expect(changes.settings.upserted).toEqual([expect.objectContaining({ timeZone: "Europe/Paris" })]);

    await post("/review", { intent: "undo", reviewId });
    changes = await nextPull();
    expect(changes.reviewLog.upserted).toEqual([expect.objectContaining({ id: reviewId, undoneAt: expect.any(String) })]);
    expect(changes.reviewCards.upserted).toEqual([expect.objectContaining({ phraseId: hola, reps: 0 })]);
  });

  it("the profile: name, goal, time zone and a favourite's removal", async () => {
    await post("/profile", { intent: "update-profile", username: "Ada Website" });
    expect((await nextPull()).profile.upserted).toEqual([expect.objectContaining({ username: "Ada Website" })]);

    await post("/profile", { intent: "update-goal", kind: "lessons", target: "2", deckIncludesCompleted: "on" });
    expect((await nextPull()).settings.upserted).toEqual([expect.objectContaining({ goal: { kind: "lessons", target: 2 }, deckIncludesCompleted: true })]);

    await post("/profile", { intent: "update-time-zone", timeZone: "Asia/Tokyo" });
    expect((await nextPull()).settings.upserted).toEqual([expect.objectContaining({ timeZone: "Asia/Tokyo" })]);

    const [favorite] = await site.runtime.database.db.select().from(userFavorites).where(eq(userFavorites.userId, world.users.learner));
    await post("/profile", { intent: "remove-favorite", favoriteId: favorite!.id });
    expect((await nextPull()).favorites.deleted).toEqual([expect.objectContaining({ phraseId: favorite!.phraseId })]);
  });

  it("the browser's first time zone (POST /api/time-zone)", async () => {
    const bobCookie = await signInThroughForm(site, "bob@example.com", "bob-pass-1", "10.25.0.2");
    const bobApp = new SyncDevice(site, await sessionToken(site, world.users.otherLearner), "bob-phone");
    await bobApp.pullAll();
    const response = await site.request("/api/time-zone", { ...form({ timeZone: "America/Lima" }), cookie: bobCookie });
    expect(response.status).toBe(204);
    const page = await bobApp.fetchPage(bobApp.cursor, 1000);
    expect(page.changes.settings.upserted).toEqual([expect.objectContaining({ timeZone: "America/Lima" })]);
  });
});

describe("an app push shows on the website", () => {
  it("the profile page shows the app's name, favourite and completed lesson", async () => {
    const push = app.newPush(
      { type: "profile.set", username: "Ada From App" },
      { type: "favorite.add", phraseId: world.phraseIds.adios },
      { type: "progress.set", languageId: "spanish", levelId: "a1", lessonId: "greetings", completed: true },
    );
    expect((await app.push(push)).status).toBe(200);
    const profile = await site.request("/profile?tab=favorites", { cookie });
    const html = await profile.text();
    expect(html).toContain("Ada From App");
    expect(html).toContain("Adiós");
    const progress = await (await site.request("/profile", { cookie })).text();
    expect(progress).toMatch(/1\s*(<!-- -->)?\s*\/\s*(<!-- -->)?\s*1/);
    // And the review page finds the new favourite in the deck.
    expect(await (await site.request("/review", { cookie })).text()).toContain("Adiós");
  });
});

describe("a website write tells the learner's devices", () => {
  it("sends sync.available on the learner's live channel, and nothing on another learner's", async () => {
    const listen = async (token: string) => {
      const events = readEvents(await site.request("/api/v1/events", { headers: { authorization: `Bearer ${token}` } }));
      expect((await events.nextEvent()).event).toBe("ready");
      return events;
    };
    const ada = await listen(await sessionToken(site, world.users.learner));
    const bob = await listen(await sessionToken(site, world.users.otherLearner));
    try {
      await post(lesson, { intent: "favorite", phraseId: world.phraseIds.adios, value: "true" });
      expect(await ada.nextEvent()).toEqual({ event: "sync.available", data: {} });
      await post("/profile", { intent: "update-profile", username: "Ada on the web" });
      expect((await ada.nextEvent()).event).toBe("sync.available");
      // A catalogue change reaches everyone: Bob's first event after Ada's writes is that one, not hers.
      await site.runtime.events.publish("catalog");
      expect((await bob.nextEvent()).event).toBe("catalog.changed");
    } finally {
      await ada.close();
      await bob.close();
    }
  });
});
