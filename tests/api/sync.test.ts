import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerDays, profiles, reviewCards, reviewLog, syncPushes, syncTombstones, userFavorites, userProgress } from "#server/db/schema.ts";
import { MAX_PUSH_CHANGES } from "#server/learning/sync-push.server.ts";
import { pullChanges } from "#server/learning/sync-pull.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { snapshot } from "#tests/support/site-fixtures.ts";
import { createApiWorld, sessionToken, type ApiWorld } from "#tests/api/support/api-fixture.ts";
import { SyncDevice, type SyncChange } from "#tests/api/support/sync-device.ts";

/**
 * Two devices of one learner syncing over a bad network (issue 25): answers lost after the server committed, pushes
 * retried and raced, pulls answered out of order. In the end each device holds exactly what the server holds,
 * nothing was applied twice, and nothing deleted came back.
 */

let site: TestSite;
let world: ApiWorld;
const db = () => site.runtime.database.db;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  world = await createApiWorld(site);
}, 120_000);
afterAll(() => site?.close());

/** A new learner of their own for each test (the world's learners stay as the scenario table expects them). */
async function freshLearner() {
  const { confirmedUser } = await import("#tests/support/site-fixtures.ts");
  const user = await confirmedUser(site, `learner-${randomUUID()}@example.com`, "sync-pass-1");
  return { id: user.id, phone: new SyncDevice(site, await sessionToken(site, user.id), "phone-1"), tablet: new SyncDevice(site, await sessionToken(site, user.id), "tablet-1") };
}

/** The learner's rows as a device that starts from nothing pulls them: the server's state. */
async function serverState(userId: string) {
  const fresh = new SyncDevice(site, await sessionToken(site, userId), "fresh");
  await fresh.pullAll(1000);
  return fresh;
}

const favoritesOf = async (userId: string) =>
  (await db().select({ phraseId: userFavorites.phraseId }).from(userFavorites).where(eq(userFavorites.userId, userId))).map((r) => r.phraseId).sort();

describe("two devices, one learner, a flaky network", () => {
  it("ends with both devices holding the server's state, nothing doubled, no delete resurrected", async () => {
    const { id, phone, tablet } = await freshLearner();
    const { hola, adios } = world.phraseIds;
    await phone.pullAll();
    await tablet.pullAll();

    // The phone saves two phrases, rates one, completes the lesson; the answer is lost after the server committed, so
    // it sends the same push again: applied once.
    const reviewId = randomUUID();
    const first = phone.newPush(
      { type: "favorite.add", phraseId: hola },
      { type: "favorite.add", phraseId: adios },
      { type: "review.rate", reviewId, phraseId: hola, rating: 3, durationMs: 2100 },
      { type: "progress.set", languageId: "spanish", levelId: "a1", lessonId: "greetings", completed: true },
    );
    expect((await phone.push(first)).data).toMatchObject({ replayed: false, applied: 4 }); // …lost on the way back
    expect((await phone.push(first)).data).toEqual({ pushId: first.pushId, applied: 4, replayed: true });

    // The tablet changes the goal and the name, and its push is sent twice at once (a retry racing the original).
    const settings = tablet.newPush({ type: "settings.set", goal: { kind: "lessons", target: 3 }, timeZone: "Europe/Madrid" }, { type: "profile.set", username: "Ada on tablet" });
    const raced = await Promise.all([tablet.push(settings), tablet.push(settings)]);
    expect(raced.map((r) => r.data?.replayed).sort()).toEqual([false, true]);

    // Out-of-order pulls: the phone asks for a page, and before that answer arrives the tablet takes adios back and
    // the phone asks again; the newer answer arrives first, the older one last.
    const stale = await phone.fetchPage(phone.cursor, 1000);
    await tablet.pullAll();
    expect((await tablet.push(tablet.newPush({ type: "favorite.remove", phraseId: adios }))).data?.replayed).toBe(false);
    const fresh = await phone.fetchPage(phone.cursor, 1000);
    phone.apply(fresh);
    phone.apply(stale, false);
    expect(phone.rowsOf("favorites").map((r) => r.phraseId)).toEqual([hola]);

    // The phone, restarted with its first push still in its outbox, sends it again: the old "add adios" is a replay,
    // not a new wish, so adios stays deleted.
    expect((await phone.push(first)).data?.replayed).toBe(true);
    expect(await favoritesOf(id)).toEqual([hola]);

    // The phone takes the rating back; that answer is lost too, and the retry is a replay.
    const undo = phone.newPush({ type: "review.undo", reviewId });
    expect((await phone.push(undo)).data?.replayed).toBe(false);
    expect((await phone.push(undo)).data?.replayed).toBe(true);

    // Both devices catch up, in small pages.
    await phone.pullAll(2);
    await tablet.pullAll(2);
    const server = await serverState(id);
    expect(phone.state()).toEqual(server.state());
    expect(tablet.state()).toEqual(server.state());

    // What the server holds: one rating, undone, counted on no day; the lesson counted once; one favourite.
    const log = await db().select().from(reviewLog).where(eq(reviewLog.userId, id));
    expect(log).toHaveLength(1);
    expect(log[0]!.undoneAt).not.toBeNull();
    const days = await db().select().from(learnerDays).where(eq(learnerDays.userId, id));
    expect(days.map((d) => ({ reviews: d.reviews, lessons: d.lessons }))).toEqual([{ reviews: 0, lessons: 1 }]);
    expect(await favoritesOf(id)).toEqual([hola]);
    expect(await db().select().from(userProgress).where(eq(userProgress.userId, id))).toHaveLength(1);
    expect(server.rowsOf("profile")).toEqual([{ username: "Ada on tablet", version: expect.any(Number) }]);
    expect(server.rowsOf("settings")).toEqual([
      { timeZone: "Europe/Madrid", goal: { kind: "lessons", target: 3 }, deckIncludesCompleted: false, version: expect.any(Number) },
    ]);
    expect(server.rowsOf("reviewLog")).toEqual([expect.objectContaining({ id: reviewId, rating: 3, durationMs: 2100, undoneAt: expect.any(String) })]);
    // Hola's card is back to new (its rating undone); adios keeps the card it got when it joined (decision 011).
    expect(server.rowsOf("reviewCards")).toEqual(
      expect.arrayContaining([expect.objectContaining({ phraseId: hola, state: 0, reps: 0 }), expect.objectContaining({ phraseId: adios, state: 0 })]),
    );
    expect(server.rowsOf("reviewCards")).toHaveLength(2);
  });

  it("a favourite deleted on one device and added again on the other: the later push wins, on both", async () => {
    const { id, phone, tablet } = await freshLearner();
    const { hola } = world.phraseIds;
    await phone.push(phone.newPush({ type: "favorite.add", phraseId: hola }));
    await phone.pullAll();
    await tablet.pullAll();
    await phone.push(phone.newPush({ type: "favorite.remove", phraseId: hola }));
    // The tablet has not pulled the delete; its re-add reaches the server later, so it wins.
    await tablet.push(tablet.newPush({ type: "favorite.remove", phraseId: hola }, { type: "favorite.add", phraseId: hola }));
    await phone.pullAll();
    await tablet.pullAll();
    expect(phone.rowsOf("favorites").map((r) => r.phraseId)).toEqual([hola]);
    expect(tablet.state()).toEqual(phone.state());
    expect(await favoritesOf(id)).toEqual([hola]);
    // The deletion left no tombstone behind the row that came back.
    expect(await db().select().from(syncTombstones).where(and(eq(syncTombstones.userId, id), eq(syncTombstones.tableName, "user_favorites")))).toEqual([]);
    // And the other way round: a later delete wins over the earlier add.
    await tablet.push(tablet.newPush({ type: "favorite.remove", phraseId: hola }));
    await phone.pullAll();
    expect(phone.rowsOf("favorites")).toEqual([]);
  });

  it("pages with a cursor, and a pull from the start after deletions holds no deleted row", async () => {
    const { phone } = await freshLearner();
    const { hola, adios } = world.phraseIds;
    await phone.push(
      phone.newPush(
        { type: "favorite.add", phraseId: hola },
        { type: "favorite.add", phraseId: adios },
        { type: "favorite.remove", phraseId: adios },
        { type: "profile.set", username: "Pager" },
      ),
    );
    const pages: number[] = [];
    for (;;) {
      const page = await phone.fetchPage(phone.cursor, 1);
      phone.apply(page);
      pages.push(Object.values(page.changes).reduce((n, c) => n + c.upserted.length + c.deleted.length, 0));
      if (!page.hasMore) break;
    }
    expect(pages.every((n) => n <= 1)).toBe(true);
    expect(phone.rowsOf("favorites").map((r) => r.phraseId)).toEqual([hola]);
    // An empty pull keeps the cursor where it was.
    const cursor = phone.cursor;
    const empty = await phone.fetchPage(cursor, 10);
    expect(empty).toMatchObject({ nextCursor: cursor, hasMore: false });
  });
});

describe("ratings made offline", () => {
  it("count when they were made, at most 7 days back, never in the future, never before the card's last review", async () => {
    const { phone } = await freshLearner();
    const { hola, adios } = world.phraseIds;
    const day = 86_400_000;
    const now = Date.now();
    const [twoDaysAgo, monthAgo, tomorrow, threeDaysAgo] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const at = (ms: number) => new Date(ms).toISOString();
    await phone.push(phone.newPush({ type: "favorite.add", phraseId: hola }, { type: "favorite.add", phraseId: adios }));
    await phone.push(
      phone.newPush(
        { type: "review.rate", reviewId: twoDaysAgo, phraseId: hola, rating: 3, reviewedAt: at(now - 2 * day) },
        { type: "review.rate", reviewId: monthAgo, phraseId: adios, rating: 3, reviewedAt: at(now - 30 * day) },
        { type: "review.rate", reviewId: tomorrow, phraseId: adios, rating: 3, reviewedAt: at(now + day) },
        // Synced late from another device: made before hola's rating above, scheduled from it.
        { type: "review.rate", reviewId: threeDaysAgo, phraseId: hola, rating: 3, reviewedAt: at(now - 3 * day) },
      ),
    );
    await phone.pullAll(1000);
    const reviewedAt = Object.fromEntries(phone.rowsOf("reviewLog").map((r) => [r.id, Date.parse(String(r.reviewedAt))]));
    expect(reviewedAt[twoDaysAgo]).toBe(now - 2 * day);
    expect(Math.abs(reviewedAt[monthAgo]! - (now - 7 * day))).toBeLessThan(60_000);
    expect(reviewedAt[tomorrow]).toBeGreaterThanOrEqual(now);
    expect(reviewedAt[tomorrow]).toBeLessThan(now + 60_000);
    expect(reviewedAt[threeDaysAgo]).toBe(now - 2 * day);
  });
});

describe("a pull's values", () => {
  it("are the stored ones, in UTC with milliseconds, whatever the session's time zone and date style", async () => {
    const { id, phone } = await freshLearner();
    const { hola } = world.phraseIds;
    const reviewId = randomUUID();
    await phone.push(
      phone.newPush(
        { type: "favorite.add", phraseId: hola },
        { type: "review.rate", reviewId, phraseId: hola, rating: 3 },
        { type: "progress.set", languageId: "spanish", levelId: "a1", lessonId: "greetings", completed: true },
      ),
    );
    // Microseconds the pull must cut (as Date does), not round.
    await db().update(reviewLog).set({ reviewedAt: sql`'2026-11-27 03:32:00.123987+00'` }).where(eq(reviewLog.id, reviewId));
    const page = await db().transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      await tx.execute(sql`set local datestyle = 'SQL, DMY'`);
      return pullChanges(tx, id, 0, 1000);
    });
    const [log] = await db().select().from(reviewLog).where(eq(reviewLog.id, reviewId));
    const [card] = await db().select().from(reviewCards).where(and(eq(reviewCards.userId, id), eq(reviewCards.phraseId, hola)));
    const [favorite] = await db().select().from(userFavorites).where(eq(userFavorites.userId, id));
    const [day] = await db().select().from(learnerDays).where(eq(learnerDays.userId, id));
    expect(page.changes.reviewLog.upserted).toEqual([
      expect.objectContaining({
        id: reviewId,
        phraseId: hola,
        rating: 3,
        reviewedAt: "2026-11-27T03:32:00.123Z",
        due: log!.due.toISOString(),
        stability: log!.stability,
        learnerDay: log!.learnerDay,
        durationMs: null,
        undoneAt: null,
      }),
    ]);
    expect(page.changes.reviewCards.upserted).toEqual([
      expect.objectContaining({ phraseId: hola, due: card!.due.toISOString(), lastReview: card!.lastReview!.toISOString(), reps: card!.reps, difficulty: card!.difficulty }),
    ]);
    expect(page.changes.favorites.upserted).toEqual([expect.objectContaining({ phraseId: hola, createdAt: favorite!.createdAt.toISOString() })]);
    expect(page.changes.days.upserted).toEqual([expect.objectContaining({ day: day!.day, reviews: 1 })]);
    expect(page.changes.progress.upserted).toEqual([expect.objectContaining({ lessonId: "greetings", completed: true })]);
  });
});

describe("the learner's other devices", () => {
  it("are told to pull after a push that applied (with the pushing device's id); another learner hears nothing", async () => {
    const ada = await freshLearner();
    const bob = await freshLearner();
    const heard: { who: string; deviceId?: string }[] = [];
    const stopAda = site.runtime.events.subscribeLearner(ada.id, (event) => heard.push({ who: "ada", deviceId: event.deviceId }));
    const stopBob = site.runtime.events.subscribeLearner(bob.id, (event) => heard.push({ who: "bob", deviceId: event.deviceId }));
    try {
      const push = ada.phone.newPush({ type: "favorite.add", phraseId: world.phraseIds.hola });
      await ada.phone.push(push);
      await expect.poll(() => heard).toEqual([{ who: "ada", deviceId: "phone-1" }]);
      // A replay applied nothing: nobody is told again. Bob's own push, told to Bob only, marks the end of the wait.
      await ada.phone.push(push);
      await bob.tablet.push(bob.tablet.newPush({ type: "favorite.add", phraseId: world.phraseIds.adios }));
      await expect.poll(() => heard).toEqual([{ who: "ada", deviceId: "phone-1" }, { who: "bob", deviceId: "tablet-1" }]);
    } finally {
      stopAda();
      stopBob();
    }
  });
});

describe("pushes the server refuses", () => {
  it("refuses a push whole when one change is not the learner's to make, and a replay of it is refused again", async () => {
    const { id, phone } = await freshLearner();
    const before = await snapshot(db());
    const beforeSync = await Promise.all([db().select().from(syncTombstones), db().select().from(syncPushes)]);
    const refusals: [SyncChange, string][] = [
      [{ type: "favorite.add", phraseId: world.phraseIds.locked }, "no open phrase"],
      [{ type: "favorite.add", phraseId: world.phraseIds.lockedLevel }, "no open phrase"],
      [{ type: "progress.set", languageId: "spanish", levelId: "b1", lessonId: "doctor", completed: true }, "no open lesson"],
      [{ type: "review.rate", reviewId: randomUUID(), phraseId: world.phraseIds.adios, rating: 3 }, "not in the learner's review deck"],
      [{ type: "review.undo", reviewId: randomUUID() }, "no rating"],
    ];
    for (const [change, reason] of refusals) {
      const body = phone.newPush({ type: "favorite.add", phraseId: world.phraseIds.hola }, { type: "profile.set", username: "must not stick" }, change);
      for (const attempt of [1, 2]) {
        const answer = await phone.push(body);
        expect(answer.status, `${change.type} attempt ${attempt}`).toBe(422);
        expect(answer.error).toMatchObject({ detail: expect.stringContaining(`Change 2 (${change.type}) was refused`), errors: [{ pointer: "/changes/2" }] });
        expect(JSON.stringify(answer.error)).toContain(reason);
      }
    }
    expect(await snapshot(db())).toBe(before);
    expect(await Promise.all([db().select().from(syncTombstones), db().select().from(syncPushes)])).toEqual(beforeSync);
    expect(await favoritesOf(id)).toEqual([]);
  });

  it("refuses an undo of a rating that is not the card's latest (409), and a push id reused for other changes (409)", async () => {
    const { phone } = await freshLearner();
    const { hola } = world.phraseIds;
    const [r1, r2] = [randomUUID(), randomUUID()];
    const rated = phone.newPush({ type: "favorite.add", phraseId: hola }, { type: "review.rate", reviewId: r1, phraseId: hola, rating: 3 });
    await phone.push(rated);
    await phone.push(phone.newPush({ type: "review.rate", reviewId: r2, phraseId: hola, rating: 1 }));
    const before = await snapshot(db());
    const notLatest = await phone.push(phone.newPush({ type: "review.undo", reviewId: r1 }));
    expect(notLatest.status).toBe(409);
    const reused = await phone.push({ ...rated, changes: [{ type: "favorite.remove", phraseId: hola }] });
    expect(reused.status).toBe(409);
    expect(reused.error).toMatchObject({ errors: [{ pointer: "/pushId" }] });
    expect(await snapshot(db())).toBe(before);
  });

  it("holds a push to its limits: changes per push, body size, page size, device id", async () => {
    const { phone } = await freshLearner();
    const many = Array.from({ length: MAX_PUSH_CHANGES + 1 }, (): SyncChange => ({ type: "favorite.remove", phraseId: world.phraseIds.hola }));
    expect((await phone.push(phone.newPush(...many))).status).toBe(422);
    const big = await site.request("/api/v1/sync/push", {
      method: "POST",
      headers: { authorization: `Bearer ${await sessionToken(site, world.users.learner)}`, "content-type": "application/json" },
      body: JSON.stringify({ pushId: randomUUID(), deviceId: "x", changes: [{ type: "profile.set", username: "x".repeat(300 * 1024) }] }),
    });
    expect(big.status).toBe(413);
    const { response } = await phone.client.GET("/sync/pull", { params: { query: { limit: 1001 } } });
    expect(response.status).toBe(400);
    expect((await phone.push({ ...phone.newPush({ type: "favorite.remove", phraseId: world.phraseIds.hola }), deviceId: "d".repeat(101) })).status).toBe(422);
  });
});

describe("rows written by any door", () => {
  it("an admin's delete that reaches 3,000 learners' favourites tombstones each, holding at most 1,024 locks", async () => {
    const { sql } = await import("drizzle-orm");
    const { phrases } = await import("#server/db/schema.ts");
    const crowd = 3000;
    const [phrase] = await db()
      .insert(phrases)
      .values({ languageId: "spanish", levelId: "a1", lessonId: "greetings", originalText: "Popular", translatedText: "Popular", audioUrl: "/storage/audio/p.wav", position: 9 })
      .returning({ id: phrases.id });
    await db().execute(sql`insert into users (id, name, email) select 'crowd-' || i, 'Crowd ' || i, 'crowd-' || i || '@example.com' from generate_series(1, ${crowd}) i`);
    await db().execute(sql`insert into user_favorites (user_id, phrase_id) select 'crowd-' || i, ${phrase!.id}::uuid from generate_series(1, ${crowd}) i`);
    // A lock per learner would hold one per learner reached (about 10,000 exhaust the lock table: "out of shared
    // memory"); learners share 1,024.
    const held = await db().transaction(async (tx) => {
      await tx.delete(phrases).where(eq(phrases.id, phrase!.id));
      const result = await tx.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    });
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(1024);
    const counted = await db().execute(
      sql`select count(*)::int as n from sync_tombstones where table_name = 'user_favorites' and row_key::jsonb = ${JSON.stringify({ phrase_id: phrase!.id })}::jsonb`,
    );
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(crowd);
  }, 60_000);

  it("versions every write, deletes leave tombstones, and a deleted account leaves none", async () => {
    const { id, phone } = await freshLearner();
    await phone.push(phone.newPush({ type: "profile.set", username: "Doomed" }, { type: "favorite.add", phraseId: world.phraseIds.hola }));
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, id));
    const [card] = await db().select().from(reviewCards).where(eq(reviewCards.userId, id));
    expect(profile!.version).toBeGreaterThan(0);
    expect(card!.version).toBeGreaterThan(profile!.version);
    const { users } = await import("#server/db/schema.ts");
    await db().delete(users).where(eq(users.id, id));
    expect(await db().select().from(syncTombstones).where(eq(syncTombstones.userId, id))).toEqual([]);
  });
});
