import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonKey } from "#server/catalog/catalog-snapshot.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { createReadingHelper } from "#server/reading/reading-helper.server.ts";
import { fillReadings } from "#server/reading/reading-jobs.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { signedInAdminAndLearner, snapshot } from "#tests/support/site-fixtures.ts";

/** Reading aids through the admin's Phrases action, the catalogue and the backfill, on the real database. */

let site: TestSite;
let admin = "";
let learner = "";

const AUDIO = "/storage/content/audio/station.mp3";
const station = { languageId: "japanese", levelId: "a1", lessonId: "directions" };

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ({ admin, learner } = await signedInAdminAndLearner(site));
  const db = site.runtime.database.db;
  await db.insert(languages).values([
    { id: "japanese", name: "Japanese" },
    { id: "mandarin", name: "Mandarin Chinese" },
    { id: "russian", name: "Russian" },
    { id: "spanish", name: "Spanish" },
  ]);
  for (const languageId of ["japanese", "mandarin", "russian", "spanish"]) {
    await db.insert(levels).values({ languageId, id: "a1", title: "Beginner", cefrLabel: "A1" });
    await db.insert(lessons).values({ languageId, levelId: "a1", id: "directions", title: "Directions", translatedTitle: "Directions" });
  }
}, 120_000);

/** The runtime's reading process belongs to its jobs: the backfill calls here get one of their own. */
const helper = createReadingHelper({ idleExitMs: 1000 });

afterAll(async () => {
  await helper.close();
  await site?.close();
});

const db = () => site.runtime.database.db;

const post = (body: Record<string, string | string[]>, cookie = admin) => {
  const data = new URLSearchParams();
  for (const [name, v] of Object.entries(body)) for (const item of Array.isArray(v) ? v : [v]) data.append(name, item);
  return site.request("/admin/phrases", { method: "POST", body: data, cookie, ip: "198.51.100.30" });
};

/** The dialog's fields for one Japanese row, as it posts them. */
const stationForm = (row: { originalText: string; reading: string; readingEdited: boolean }, intent: "add" | "update") => ({
  intent,
  ...station,
  audioUrl: AUDIO,
  originalText: [row.originalText],
  translatedText: ["Where is the station?"],
  cueStartMs: [""],
  cueEndMs: [""],
  reading: [row.reading],
  readingEdited: [String(row.readingEdited)],
  ...(intent === "update" ? { groupLanguageId: "japanese", groupLevelId: "a1", groupLessonId: "directions", groupAudioUrl: AUDIO } : {}),
});

async function readingsOf(languageId: string) {
  return db()
    .select({ originalText: phrases.originalText, reading: phrases.reading, readingEdited: phrases.readingEdited })
    .from(phrases)
    .where(and(eq(phrases.languageId, languageId), eq(phrases.lessonId, "directions")))
    .orderBy(asc(phrases.position), asc(phrases.id));
}

describe("a reading computed on save", () => {
  it("is stored after the save, off the request, and reaches the public catalogue", async () => {
    const response = await post(stationForm({ originalText: "駅はどこですか", reading: "", readingEdited: false }, "add"));
    expect(response.status).toBe(200);
    await site.runtime.readings.idle();
    expect(await readingsOf("japanese")).toEqual([{ originalText: "駅はどこですか", reading: "eki wa doko desu ka", readingEdited: false }]);
    const catalog = await site.runtime.catalog();
    const [group] = catalog.groupsByLesson.get(lessonKey("japanese", "a1", "directions")) ?? [];
    expect(group?.phrases.map((p) => p.reading)).toEqual(["eki wa doko desu ka"]);
  }, 60_000);

  it("stays through a save that keeps the text, and follows a new text", async () => {
    // The dialog shows the computed reading and posts it back, not edited.
    const keep = post(stationForm({ originalText: "駅はどこですか", reading: "eki wa doko desu ka", readingEdited: false }, "update"));
    expect((await keep).status).toBe(200);
    // Before any recomputation: still there, so the lesson never shows the phrase without it.
    expect((await readingsOf("japanese"))[0]?.reading).toBe("eki wa doko desu ka");
    expect((await post(stationForm({ originalText: "すみません、駅はどこですか？", reading: "eki wa doko desu ka", readingEdited: false }, "update"))).status).toBe(200);
    await site.runtime.readings.idle();
    expect((await readingsOf("japanese"))[0]?.reading).toBe("sumimasen, eki wa doko desu ka?");
  }, 60_000);
});

describe("an admin's corrected reading", () => {
  it("survives re-saves, even of a new text, and is never recomputed", async () => {
    const corrected = { originalText: "すみません、駅はどこですか？", reading: "Sumimasen, eki wa doko desu ka?", readingEdited: true };
    expect((await post(stationForm(corrected, "update"))).status).toBe(200);
    await site.runtime.readings.idle();
    expect(await readingsOf("japanese")).toEqual([{ ...corrected }]);
    // Saved again as the dialog posts it (the edited flag comes back with the group), and with a new text.
    expect((await post(stationForm(corrected, "update"))).status).toBe(200);
    expect((await post(stationForm({ ...corrected, originalText: "駅はどこ？" }, "update"))).status).toBe(200);
    await site.runtime.readings.idle();
    expect(await fillReadings({ db: db(), events: site.runtime.events, helper })).toBe(0);
    expect(await readingsOf("japanese")).toEqual([{ ...corrected, originalText: "駅はどこ？" }]);
  }, 60_000);

  it("emptied by the admin, goes back to a computed one", async () => {
    expect((await post(stationForm({ originalText: "駅はどこ？", reading: "", readingEdited: true }, "update"))).status).toBe(200);
    await site.runtime.readings.idle();
    expect(await readingsOf("japanese")).toEqual([{ originalText: "駅はどこ？", reading: "eki wa doko?", readingEdited: false }]);
  }, 60_000);

  it("cannot be written by a learner: refused, nothing changed", async () => {
    const before = await snapshot(db());
    for (const intent of ["add", "update"] as const) {
      const response = await post(stationForm({ originalText: "駅はどこ？", reading: "hacked", readingEdited: true }, intent), learner);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
    await site.runtime.readings.idle();
    expect(await snapshot(db())).toBe(before);
  });
});

describe("the backfill", () => {
  it("fills every phrase that needs a reading, leaves edited ones and languages without an aid, and does nothing the second time", async () => {
    const row = (languageId: string, originalText: string, position: number, extra: Partial<typeof phrases.$inferInsert> = {}) => ({
      languageId,
      levelId: "a1",
      lessonId: "directions",
      originalText,
      translatedText: "x",
      audioUrl: "/storage/content/audio/old.mp3",
      position,
      ...extra,
    });
    // As an older version, a crash between save and compute, or the demo seed leaves them: no reading at all.
    await db()
      .insert(phrases)
      .values([
        row("mandarin", "谢谢", 0),
        row("russian", "Здравствуйте", 0),
        row("russian", "Спасибо", 1, { reading: "Spasibo!!", readingEdited: true }),
        row("spanish", "Gracias", 0),
        row("japanese", "OK!", 5),
      ]);
    const deps = { db: db(), events: site.runtime.events, helper };
    expect(await fillReadings(deps)).toBe(3);
    expect(await readingsOf("mandarin")).toEqual([{ originalText: "谢谢", reading: "xièxie", readingEdited: false }]);
    expect(await readingsOf("russian")).toEqual([
      { originalText: "Здравствуйте", reading: "Zdravstvuyte", readingEdited: false },
      { originalText: "Спасибо", reading: "Spasibo!!", readingEdited: true },
    ]);
    expect(await readingsOf("spanish")).toEqual([{ originalText: "Gracias", reading: null, readingEdited: false }]);
    // Nothing to read in it: computed as empty, so it is not asked for again, and the catalogue shows none.
    expect((await readingsOf("japanese")).find((r) => r.originalText === "OK!")?.reading).toBe("");
    const after = await snapshot(db());
    expect(await fillReadings(deps)).toBe(0);
    expect(await snapshot(db())).toBe(after);
  }, 60_000);
});
