import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUDIO_BACKFILL_API } from "#common/audio-backfill.ts";
import { SPEECH_TEXT_MAX } from "#common/phrase-form.ts";
import { generateGroupAudio, listAudiolessGroups, nextAudiolessGroup, NO_AUDIO } from "#server/admin/audio-backfill.server.ts";
import { languages, phrases } from "#server/db/schema.ts";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { createHttpTextToSpeech } from "#server/tts/http-tts.server.ts";
import { PHRASE_PAUSE_MS } from "#server/tts/speech-join.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { readMp3 } from "#tests/support/mp3.ts";
import { replaceCatalogue } from "#tests/support/catalogue-fixture.ts";
import { confirmedUser, signInThroughForm, snapshot, storedFiles } from "#tests/support/site-fixtures.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";

/** Phrases without audio and their backfill, on the real database, storage and speech engine, and over real HTTP. */

let site: TestSite;
let admin = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  await confirmedUser(site, "admin@example.com", "adminpass1", true);
  admin = await signInThroughForm(site, "admin@example.com", "adminpass1", "198.51.100.21");
}, 120_000);

afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const deps = () => ({
  db: db(),
  storage: site.runtime.storage,
  tts: site.runtime.tts,
  events: site.runtime.events,
  logger: site.runtime.logger,
  changes: changeRecorder(site.runtime.env, cliAuthor),
});

/**
 * Spanish (two levels, listed in order_index order though their titles sort the other way) and German; lessons with
 * audio-less phrases, one with audio, one mixing both.
 */
beforeEach(async () => {
  await replaceCatalogue(db(), [
    {
      id: "spanish",
      name: "Spanish",
      levels: [
        {
          id: "a1",
          title: "Zero",
          cefrLabel: "A1",
          lessons: [
            { id: "greetings", title: "Greetings", translatedTitle: "Saludos", phrases: [["Hola", "https://cdn.example/hola.mp3"]] },
            { id: "numbers", title: "Numbers", translatedTitle: "Números", phrases: [["  ", NO_AUDIO], ["Uno", NO_AUDIO], ["Dos", NO_AUDIO], ["Tres", "https://cdn.example/tres.mp3"]] },
          ],
        },
        { id: "a2", title: "Alpha", cefrLabel: "A2", lessons: [{ id: "food", title: "Food", translatedTitle: "Comida", phrases: [["Pan", NO_AUDIO]] }] },
      ],
    },
    {
      id: "german",
      name: "German",
      levels: [{ id: "a1", title: "Anfang", cefrLabel: "A1", lessons: [{ id: "hallo", title: "Hallo", translatedTitle: "Hello", phrases: [["Guten Tag", NO_AUDIO]] }] }],
    },
  ]);
  await site.runtime.events.publish("catalog");
});

const audioOf = async (lessonId: string) =>
  (await db().select({ text: phrases.originalText, url: phrases.audioUrl }).from(phrases).where(eq(phrases.lessonId, lessonId)).orderBy(asc(phrases.position)));
/** Resolves once the next catalogue event arrives (over PostgreSQL it comes back through LISTEN/NOTIFY, later). */
function nextCatalogEvent() {
  return new Promise<void>((resolve) => {
    const stop = site.runtime.events.subscribe("catalog", () => {
      stop();
      resolve();
    });
  });
}
const audioFiles = () => storedFiles(site).filter((file) => file.startsWith("content/audio/"));

describe("listing", () => {
  it("lists only the audio-less groups, in catalogue order, with their counts and first spoken text", async () => {
    const page = await listAudiolessGroups(db());
    expect(page).toMatchObject({ totalGroups: 3, totalPhrases: 5, page: 1, pageCount: 1 });
    expect(page.groups.map((g) => [g.languageName, g.levelTitle, g.lessonTitle, g.phraseCount, g.firstText])).toEqual([
      ["German", "Anfang", "Hallo", 1, "Guten Tag"],
      ["Spanish", "Zero", "Numbers", 3, "Uno"],
      ["Spanish", "Alpha", "Food", 1, "Pan"],
    ]);
  });

  it("pages, keeps the totals on every page, and leaves out skipped groups when naming the next", async () => {
    const second = await listAudiolessGroups(db(), { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ totalGroups: 3, totalPhrases: 5, page: 2, pageCount: 2 });
    expect(second.groups.map((g) => g.lessonId)).toEqual(["food"]);
    const beyond = await listAudiolessGroups(db(), { page: 9, pageSize: 2 });
    expect(beyond).toMatchObject({ totalGroups: 3, page: 2, pageCount: 2 });
    expect(beyond.groups.map((g) => g.lessonId)).toEqual(["food"]);
    expect(await nextAudiolessGroup(db())).toMatchObject({ group: { lessonId: "hallo" }, remaining: 3 });
    expect(await nextAudiolessGroup(db(), [{ languageId: "german", levelId: "a1", lessonId: "hallo", batch: null }])).toMatchObject({
      group: { lessonId: "numbers" },
      remaining: 3,
    });
  });
});

describe("generating one group", () => {
  it("speaks the group, gives the file to the group's audio-less phrases only, and refreshes the public page", async () => {
    const lessonPage = async () => (await site.request("/spanish/a1/numbers")).text();
    expect(await lessonPage()).toContain("Uno");
    const before = audioFiles();
    const announced = nextCatalogEvent();
    const result = await generateGroupAudio(deps(), { languageId: "spanish", levelId: "a1", lessonId: "numbers", batch: null });
    expect(result).toMatchObject({ status: "generated", phrases: 3 });
    const url = result.status === "generated" ? result.url : "";
    expect(await audioOf("numbers")).toEqual([
      { text: "  ", url },
      { text: "Uno", url },
      { text: "Dos", url },
      { text: "Tres", url: "https://cdn.example/tres.mp3" },
    ]);
    const added = audioFiles().filter((file) => !before.includes(file));
    expect(added).toEqual([url.replace("/storage/", "")]);
    const mp3 = readMp3(new Uint8Array(await (await site.request(url)).arrayBuffer()));
    expect(mp3.frames).toBeGreaterThan(5);
    await announced;
    expect(await lessonPage()).toContain(url);
    expect((await listAudiolessGroups(db())).groups.map((g) => g.lessonId)).toEqual(["hallo", "food"]);
    // Again: nothing left to do, nothing stored.
    expect(await generateGroupAudio(deps(), { languageId: "spanish", levelId: "a1", lessonId: "numbers", batch: null })).toEqual({ status: "done" });
    expect(audioFiles()).toEqual([...before, ...added].sort());
  });

  it("speaks every phrase of the group, each on its own, and gives each spoken phrase its cue", async () => {
    const result = await generateGroupAudio(deps(), { languageId: "spanish", levelId: "a1", lessonId: "numbers", batch: null });
    if (result.status !== "generated") throw new Error("expected speech");
    const rows = await db()
      .select({ text: phrases.originalText, start: phrases.cueStartMs, end: phrases.cueEndMs })
      .from(phrases)
      .where(eq(phrases.lessonId, "numbers"))
      .orderBy(asc(phrases.position));
    // The blank row is not spoken and the row with its own audio is left alone: no cue for either.
    expect(rows.map((r) => [r.text, r.start === null, r.end === null])).toEqual([
      ["  ", true, true],
      ["Uno", false, false],
      ["Dos", false, false],
      ["Tres", true, true],
    ]);
    const [uno, dos] = [rows[1]!, rows[2]!];
    expect(uno.end!).toBeGreaterThan(uno.start!);
    expect(dos.start! - uno.end!).toBe(PHRASE_PAUSE_MS);
    const mp3 = readMp3(new Uint8Array(await (await site.request(result.url)).arrayBuffer()));
    expect(dos.end!).toBeLessThanOrEqual(mp3.durationSeconds * 1000);
  });

  it("run twice at once, leaves exactly one file and one URL", async () => {
    const before = audioFiles();
    const key = { languageId: "spanish", levelId: "a2", lessonId: "food", batch: null };
    const results = await Promise.all([generateGroupAudio(deps(), key), generateGroupAudio(deps(), key)]);
    expect(results.map((r) => r.status).sort()).toEqual(["done", "generated"]);
    const urls = [...new Set((await audioOf("food")).map((r) => r.url))];
    expect(urls).toHaveLength(1);
    expect(audioFiles().filter((file) => !before.includes(file))).toEqual([urls[0]!.replace("/storage/", "")]);
  });

  it("leaves the group as it was and stores nothing when the speech engine fails", async () => {
    const before = { files: storedFiles(site), rows: await snapshot(db()) };
    const failing = createHttpTextToSpeech({
      url: "https://tts.invalid/speak",
      encoder: createEspeakTextToSpeech(),
      fetch: async () => new Response("busy", { status: 503 }),
    });
    await expect(generateGroupAudio({ ...deps(), tts: failing }, { languageId: "german", levelId: "a1", lessonId: "hallo", batch: null })).rejects.toThrow();
    expect(storedFiles(site)).toEqual(before.files);
    expect(await snapshot(db())).toEqual(before.rows);
  });
});

describe("GET /admin/phrases/without-audio", () => {
  it("shows the count and the groups, and takes a page number (a wrong one shows the first page)", async () => {
    const html = await (await site.request("/admin/phrases/without-audio", { cookie: admin })).text();
    expect(html).toContain("3 audio groups (5 phrases) without audio");
    expect(html).toContain("Guten Tag");
    for (const page of ["2", "-1", "abc", "1e99"]) {
      const response = await site.request(`/admin/phrases/without-audio?page=${page}`, { cookie: admin });
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain("Guten Tag");
    }
  });
});

describe("POST /admin/audio-backfill", () => {
  const post = (body: unknown, cookie = admin) =>
    site.request(AUDIO_BACKFILL_API, { method: "POST", cookie, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("names the next group and generates it; a group with nothing to speak is a listed failure that changes nothing", async () => {
    const next = await (await post({ intent: "next" })).json();
    expect(next).toMatchObject({ intent: "next", remaining: 3, group: { lessonId: "hallo", firstText: "Guten Tag" } });
    const generated = await post({ intent: "generate", group: { languageId: "german", levelId: "a1", lessonId: "hallo", batch: null } });
    expect(generated.status).toBe(200);
    expect(await generated.json()).toMatchObject({ intent: "generate", status: "generated", url: expect.stringMatching(/^\/storage\/content\/audio\//) });
    expect(await (await post({ intent: "next" })).json()).toMatchObject({ remaining: 2, group: { lessonId: "numbers" } });

    await db().update(phrases).set({ originalText: " " }).where(and(eq(phrases.lessonId, "food")));
    const before = { files: storedFiles(site), rows: await snapshot(db()) };
    const failed = await post({ intent: "generate", group: { languageId: "spanish", levelId: "a2", lessonId: "food", batch: null } });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({ intent: "generate", status: "failed", message: "These phrases have no original text to speak." });
    expect(storedFiles(site)).toEqual(before.files);
    expect(await snapshot(db())).toEqual(before.rows);
  });

  it("lists a group whose language has no voice, or whose text is over Generate Audio's cap, as a failure that says why", async () => {
    // German under an id that looks like a voice code but is none (the key change cascades to its rows).
    await db().update(languages).set({ id: "zz-steer", name: "Steer" }).where(eq(languages.id, "german"));
    await db().update(phrases).set({ originalText: "a".repeat(SPEECH_TEXT_MAX + 1) }).where(eq(phrases.lessonId, "food"));
    const before = { files: storedFiles(site), rows: await snapshot(db()) };
    for (let attempt = 0; attempt < 2; attempt++) {
      const steer = await post({ intent: "generate", group: { languageId: "zz-steer", levelId: "a1", lessonId: "hallo" } });
      expect(steer.status).toBe(200);
      expect(await steer.json()).toEqual({
        intent: "generate",
        status: "failed",
        message: "No speech voice matches Steer (zz-steer). Choose one in the language's Voice field (Languages, Edit Steer).",
      });
      const long = await post({ intent: "generate", group: { languageId: "spanish", levelId: "a2", lessonId: "food", batch: null } });
      expect(long.status).toBe(200);
      expect(await long.json()).toEqual({ intent: "generate", status: "failed", message: "The text is too long" });
    }
    expect(storedFiles(site)).toEqual(before.files);
    expect(await snapshot(db())).toEqual(before.rows);

    // With a voice chosen for it, the language speaks.
    await db().update(languages).set({ voice: "de" }).where(eq(languages.id, "zz-steer"));
    const spoken = await post({ intent: "generate", group: { languageId: "zz-steer", levelId: "a1", lessonId: "hallo" } });
    expect(await spoken.json()).toMatchObject({ intent: "generate", status: "generated" });
  });

  it("refuses a malformed or oversized request", async () => {
    expect((await post({ intent: "generate", group: { languageId: "x".repeat(201), levelId: "a1", lessonId: "b" } })).status).toBe(400);
    expect((await post({ intent: "next", skip: Array.from({ length: 101 }, () => ({ languageId: "a", levelId: "b", lessonId: "c" })) })).status).toBe(400);
    expect((await post({ intent: "nope" })).status).toBe(400);
    // Over the route's body cap (128 KiB): refused before it is read.
    expect((await post({ intent: "next", padding: "x".repeat(130 * 1024) })).status).toBe(413);
    expect((await site.request(AUDIO_BACKFILL_API, { method: "POST", cookie: admin, headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
  });
});
