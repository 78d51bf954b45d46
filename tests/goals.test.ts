import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goalText } from "#common/goal-settings.ts";
import { learnerSettings, phrases, userFavorites } from "#server/db/schema.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser, flashTitles, seedSmallCatalog, signInThroughForm, snapshot } from "#tests/support/site-fixtures.ts";

/**
 * The daily goal's writes over real HTTP (issue 24, point 4): POST /api/time-zone adopts the browser's zone for a
 * signed-in learner who has none, and never replaces one; the profile's "update-goal" and "update-time-zone" intents
 * save the learner's own choices. A visitor, a foreign origin, a bad zone or goal, a body over its limit: refused,
 * and nothing written.
 */
let site: TestSite;
let adaCookie: string;
let bobCookie: string;
let adaId: string;
let bobId: string;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await seedSmallCatalog(site);
  adaId = (await confirmedUser(site, "ada@example.com", "ada-pass-1")).id;
  bobId = (await confirmedUser(site, "bob@example.com", "bob-pass-1")).id;
  adaCookie = await signInThroughForm(site, "ada@example.com", "ada-pass-1", "10.24.0.1");
  bobCookie = await signInThroughForm(site, "bob@example.com", "bob-pass-1", "10.24.0.2");
  // The first page writes the site's default settings row: before any snapshot is taken.
  expect((await site.request("/")).status).toBe(200);
}, 120_000);
afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const settingsOf = async (userId: string) => (await db().select().from(learnerSettings).where(eq(learnerSettings.userId, userId)))[0];
const postZone = (values: Record<string, string>, cookie?: string, headers?: Record<string, string>) =>
  site.request("/api/time-zone", { ...form(values), ...(cookie ? { cookie } : {}), ...(headers ? { headers } : {}) });
const viewer = async (cookie: string) =>
  (await (await site.request("/api/viewer?path=%2F", { cookie })).json()) as { timeZoneKnown: boolean; reviewsDue: number };

/** The request, and that it changed no row. */
async function refused(send: () => Promise<Response>, status: number) {
  const before = await snapshot(db());
  const response = await send();
  expect(response.status).toBe(status);
  expect(await snapshot(db())).toBe(before);
  return response;
}

describe("POST /api/time-zone", () => {
  it("refuses a visitor, a foreign origin, an unknown or missing zone, two zones, and a body over 1 KiB", async () => {
    await refused(() => postZone({ timeZone: "Europe/Paris" }), 401);
    await refused(() => postZone({ timeZone: "Europe/Paris" }, adaCookie, { origin: "https://evil.example" }), 403);
    for (const timeZone of ["Mars/Olympus_Mons", "", "x".repeat(65), "Europe/Paris\n"]) {
      const response = await refused(() => postZone({ timeZone }, adaCookie), 400);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    await refused(() => postZone({}, adaCookie), 400);
    await refused(() => site.request("/api/time-zone", { method: "POST", body: "timeZone=UTC&timeZone=Europe%2FParis", headers: { "content-type": "application/x-www-form-urlencoded" }, cookie: adaCookie }), 400);
    await refused(() => postZone({ timeZone: "Europe/Paris", pad: "x".repeat(1100) }, adaCookie), 413);
    await refused(() => site.request("/api/time-zone", { cookie: adaCookie }), 405);
    expect((await viewer(adaCookie)).timeZoneKnown).toBe(false);
  });

  it("adopts the browser's zone once, for the learner alone, and never replaces it", async () => {
    expect((await postZone({ timeZone: "America/Los_Angeles" }, adaCookie)).status).toBe(204);
    expect((await settingsOf(adaId))?.timeZone).toBe("America/Los_Angeles");
    expect(await settingsOf(bobId)).toBeUndefined();
    expect((await viewer(adaCookie)).timeZoneKnown).toBe(true);
    expect((await viewer(bobCookie)).timeZoneKnown).toBe(false);
    // Another device, another zone: the first one stays (a change is the learner's own, in the profile).
    expect((await postZone({ timeZone: "Asia/Tokyo" }, adaCookie)).status).toBe(204);
    expect((await settingsOf(adaId))?.timeZone).toBe("America/Los_Angeles");
  });
});

describe("the profile's goal settings", () => {
  const post = (values: Record<string, string>, cookie?: string) => site.request("/profile", { ...form(values), ...(cookie ? { cookie } : {}) });

  it("refuses a visitor, and a goal or zone out of bounds, with a message and nothing written", async () => {
    const visitor = await refused(() => post({ intent: "update-goal", kind: "lessons", target: "3" }), 302);
    expect(visitor.headers.get("location")).toBe("/auth");
    await refused(() => post({ intent: "update-time-zone", timeZone: "Asia/Tokyo" }), 302);
    const cases: [Record<string, string>, string][] = [
      [{ kind: "lessons", target: "0" }, "Enter a whole number from 1 to 500."],
      [{ kind: "lessons", target: "501" }, "Enter a whole number from 1 to 500."],
      [{ kind: "lessons", target: "2.5" }, "Enter a whole number from 1 to 500."],
      [{ kind: "lessons", target: "many" }, "Enter a whole number from 1 to 500."],
      [{ kind: "minutes", target: "10" }, "Choose reviews or lessons."],
    ];
    for (const [values, message] of cases) {
      const response = await refused(() => post({ intent: "update-goal", ...values }, bobCookie), 400);
      expect(JSON.stringify(await response.text()), JSON.stringify(values)).toContain(message);
    }
    for (const timeZone of ["Mars/Olympus_Mons", "", "x".repeat(200)]) {
      const response = await refused(() => post({ intent: "update-time-zone", timeZone }, bobCookie), 400);
      if (timeZone) expect(await response.text(), timeZone).toContain("Choose a time zone from the list.");
    }
  });

  it("saves the learner's goal, deck option and time zone, with a toast each", async () => {
    const goal = await post({ intent: "update-goal", kind: "lessons", target: "3", deckIncludesCompleted: "on" }, bobCookie);
    expect(goal.status).toBe(200);
    expect(flashTitles(goal)).toEqual([goalText.goalSaved.title]);
    expect(await settingsOf(bobId)).toMatchObject({ dailyGoalKind: "lessons", dailyGoalTarget: 3, deckIncludesCompleted: true, timeZone: null });
    // An unticked box turns the option off; the zone is its own form's.
    expect((await post({ intent: "update-goal", kind: "reviews", target: "40" }, bobCookie)).status).toBe(200);
    expect(await settingsOf(bobId)).toMatchObject({ dailyGoalKind: "reviews", dailyGoalTarget: 40, deckIncludesCompleted: false, timeZone: null });

    const zone = await post({ intent: "update-time-zone", timeZone: "Asia/Tokyo" }, bobCookie);
    expect(zone.status).toBe(200);
    expect(flashTitles(zone)).toEqual(["Time zone saved"]);
    expect((await settingsOf(bobId))?.timeZone).toBe("Asia/Tokyo");
    // The learner's own choice replaces an adopted zone.
    expect((await post({ intent: "update-time-zone", timeZone: "Europe/Paris" }, adaCookie)).status).toBe(200);
    expect((await settingsOf(adaId))?.timeZone).toBe("Europe/Paris");
    // Nobody else's row moved.
    expect((await settingsOf(adaId))?.dailyGoalTarget).toBe(20);

    const page = await (await site.request("/profile", { cookie: bobCookie })).text();
    expect(page).toContain("Daily Goal");
    expect(page).toContain("Your days follow Asia/Tokyo. A new day starts at 4 AM.");
    expect(page.replaceAll("<!-- -->", "")).toContain("0 / 40</span>");
  });
});

describe("the profile's tabs", () => {
  it("carry only the open tab's list: the favourites, which can run to thousands, only on the Favorites tab", async () => {
    const [hola] = await db().select({ id: phrases.id }).from(phrases).where(eq(phrases.originalText, "Hola"));
    await db().insert(userFavorites).values({ userId: bobId, phraseId: hola!.id });
    for (const path of ["/profile", "/profile.data"]) {
      const progress = await (await site.request(path, { cookie: bobCookie })).text();
      expect(progress).not.toContain("Hola");
      const favorites = await (await site.request(`${path}?tab=favorites`, { cookie: bobCookie })).text();
      expect(favorites).toContain("Hola");
    }
  });
});
