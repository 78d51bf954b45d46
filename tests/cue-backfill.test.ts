import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CUE_BACKFILL_API } from "#common/audio-cues/cue-backfill.ts";
import { nextCuelessGroup, saveGroupCues } from "#server/admin/cue-backfill.server.ts";
import { phrases } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { replaceCatalogue } from "#tests/support/catalogue-fixture.ts";
import { confirmedUser, signInThroughForm, snapshot } from "#tests/support/site-fixtures.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";

/** Cues for existing groups (issue 23, point 1): the next group without cues, and saving the cues a browser found. */

let site: TestSite;
let admin = "";
let learner = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  await confirmedUser(site, "learner@example.com", "learnerpass1", false);
  admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.31");
  learner = await signInThroughForm(site, "learner@example.com", "learnerpass1", "198.51.100.32");
}, 120_000);

afterAll(() => site?.close());

const db = () => site.runtime.database.db;

/**
 * Spanish greetings: a group of three without cues and a single phrase (nothing to cut); numbers: a group of two with
 * cues, and one of two whose second phrase lacks its cue; French basics: two phrases without audio (not a group to cut).
 */
beforeEach(async () => {
  const audio = (file: string) => `/storage/content/audio/${file}`;
  await replaceCatalogue(db(), [
    {
      id: "spanish",
      name: "Spanish",
      levels: [
        {
          id: "a1",
          title: "Beginner",
          cefrLabel: "A1",
          lessons: [
            {
              id: "greetings",
              title: "Greetings",
              translatedTitle: "Saludos",
              phrases: [["Hola", audio("greetings.mp3")], ["Buenos días", audio("greetings.mp3")], ["Adiós", audio("greetings.mp3")], ["Gracias", audio("gracias.mp3")]],
            },
            {
              id: "numbers",
              title: "Numbers",
              translatedTitle: "Números",
              phrases: [["Uno", audio("one-two.mp3"), [0, 500]], ["Dos", audio("one-two.mp3"), [700, 1200]], ["Tres", audio("three-four.mp3"), [0, 400]], ["Cuatro", audio("three-four.mp3")]],
            },
          ],
        },
      ],
    },
    {
      id: "french",
      name: "French",
      levels: [{ id: "a1", title: "Beginner", cefrLabel: "A1", lessons: [{ id: "basics", title: "Basics", translatedTitle: "Les bases", phrases: [["Bonjour", ""], ["Merci", ""]] }] }],
    },
  ]);
});

const groupRows = (audioUrl: string) =>
  db()
    .select({ id: phrases.id, text: phrases.originalText })
    .from(phrases)
    .where(eq(phrases.audioUrl, audioUrl))
    .orderBy(asc(phrases.position))
    .then((rows) => rows.map((r) => ({ id: r.id, text: r.text })));
const cuesOf = async (audioUrl: string) =>
  (await db().select({ start: phrases.cueStartMs, end: phrases.cueEndMs }).from(phrases).where(eq(phrases.audioUrl, audioUrl)).orderBy(asc(phrases.position))).map(
    (r) => [r.start, r.end],
  );

describe("the next group without cues", () => {
  it("is a group of several phrases with audio and a missing cue, in catalogue order, with its phrase ids; skipped ones are left out", async () => {
    const greetings = await groupRows("/storage/content/audio/greetings.mp3");
    const first = await nextCuelessGroup(db());
    expect(first.remaining).toBe(2);
    expect(first.group).toMatchObject({
      languageName: "Spanish",
      lessonTitle: "Greetings",
      audioUrl: "/storage/content/audio/greetings.mp3",
      phraseIds: greetings.map((r) => r.id),
      firstText: "Hola",
    });
    const second = await nextCuelessGroup(db(), [greetings[0]!.id]);
    expect(second).toMatchObject({ remaining: 2, group: { lessonTitle: "Numbers", audioUrl: "/storage/content/audio/three-four.mp3" } });
    const three = (await groupRows("/storage/content/audio/three-four.mp3")).map((r) => r.id);
    expect(await nextCuelessGroup(db(), [greetings[0]!.id, three[0]!])).toEqual({ group: null, remaining: 2 });
  });
});

describe("POST /admin/cue-backfill", () => {
  const post = (body: unknown, cookie = admin) =>
    site.request(CUE_BACKFILL_API, { method: "POST", cookie, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("saves an admin's cues for the group it names, refreshes the public lesson, and is done the second time", async () => {
    const ids = (await groupRows("/storage/content/audio/greetings.mp3")).map((r) => r.id);
    const cues = [
      [120, 800],
      [1100, 2050],
      [2400, 3000],
    ];
    const announced = new Promise<void>((resolve) => {
      const stop = site.runtime.events.subscribe("catalog", () => {
        stop();
        resolve();
      });
    });
    const response = await post({ intent: "save", audioUrl: "/storage/content/audio/greetings.mp3", phraseIds: ids, cues });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ intent: "save", status: "saved" });
    expect(await cuesOf("/storage/content/audio/greetings.mp3")).toEqual(cues);
    await announced;
    expect(await (await site.request("/spanish/a1/greetings")).text()).toContain("2050");
    expect((await nextCuelessGroup(db())).remaining).toBe(1);

    const again = await post({ intent: "save", audioUrl: "/storage/content/audio/greetings.mp3", phraseIds: ids, cues: [[0, 100], [200, 300], [400, 500]] });
    expect(await again.json()).toEqual({ intent: "save", status: "done" });
    expect(await cuesOf("/storage/content/audio/greetings.mp3")).toEqual(cues);
  });

  it("writes nothing when the group changed: other phrases, another order, or another file", async () => {
    const ids = (await groupRows("/storage/content/audio/three-four.mp3")).map((r) => r.id);
    const before = await snapshot(db());
    const cues = [
      [0, 400],
      [600, 1000],
    ];
    for (const body of [
      { audioUrl: "/storage/content/audio/three-four.mp3", phraseIds: [...ids].reverse(), cues },
      { audioUrl: "/storage/content/audio/other.mp3", phraseIds: ids, cues },
      { audioUrl: "/storage/content/audio/three-four.mp3", phraseIds: [ids[0]!, "7d1f3a52-2b7c-4d8e-9f10-1a2b3c4d5e6f"], cues },
    ]) {
      const response = await post({ intent: "save", ...body });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ intent: "save", status: "changed" });
    }
    expect(await snapshot(db())).toBe(before);
    // And with the group as it is, the missing cue is filled (the saved one replaced by what the browser found).
    expect(await saveGroupCues({ db: db(), events: site.runtime.events, changes: changeRecorder(site.runtime.env, cliAuthor) }, { audioUrl: "/storage/content/audio/three-four.mp3", phraseIds: ids, cues: cues as [number, number][] })).toBe("saved");
    expect(await cuesOf("/storage/content/audio/three-four.mp3")).toEqual(cues);
  });

  it("refuses learners, visitors and bad bodies, and changes no row", async () => {
    const ids = (await groupRows("/storage/content/audio/greetings.mp3")).map((r) => r.id);
    const good = { intent: "save", audioUrl: "/storage/content/audio/greetings.mp3", phraseIds: ids, cues: [[0, 500], [600, 900], [1000, 1500]] };
    const before = await snapshot(db());
    expect((await post(good, learner)).status).toBe(403);
    expect((await post(good, "")).status).toBe(401);
    expect((await post({ intent: "next" }, learner)).status).toBe(403);
    for (const bad of [
      { ...good, cues: [[0, 500], [600, 900]] },
      { ...good, cues: [[0, 500], [400, 900], [1000, 1500]] },
      { ...good, cues: [[0, 500], [600, 600], [1000, 1500]] },
      { ...good, cues: [[-5, 500], [600, 900], [1000, 1500]] },
      { ...good, cues: [[0, 500.5], [600, 900], [1000, 1500]] },
      { ...good, phraseIds: [ids[0]], cues: [[0, 500]] },
      { ...good, phraseIds: ["not-a-uuid", ...ids.slice(1)] },
      { ...good, audioUrl: "" },
      { intent: "next", skip: ["not-a-uuid"] },
      { intent: "other" },
    ]) {
      const response = await post(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await site.request(CUE_BACKFILL_API, { method: "POST", cookie: admin, headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
    expect((await site.request(CUE_BACKFILL_API, { cookie: admin })).status).toBe(405);
    expect(await snapshot(db())).toBe(before);
  });
});
