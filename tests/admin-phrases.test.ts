import { and, asc, eq, inArray } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHRASE_ROWS_MAX, phraseFormSchema, phraseText, SPEECH_TEXT_MAX, type PhraseFormValue } from "#common/phrase-form.ts";
import {
  addPhrases,
  generatePhraseAudio,
  PhraseGroupGoneError,
  PhraseInputError,
  phraseGroups,
  updatePhraseGroup,
} from "#server/admin/phrases-admin.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Topic } from "#server/events/event-bus.server.ts";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { createHttpTextToSpeech } from "#server/tts/http-tts.server.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { readMp3 } from "#tests/support/mp3.ts";
import { flashTitles, seedSmallCatalog, signedInAdminAndLearner, snapshot, storedFiles } from "#tests/support/site-fixtures.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";

/** The Phrases tab's service and its action over real HTTP, on the real database, storage and speech engine. */

let site: TestSite;
let admin = "";
let learner = "";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ({ admin, learner } = await signedInAdminAndLearner(site));
}, 120_000);

afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const writer = () => ({
  db: db(),
  events: site.runtime.events,
  storage: site.runtime.storage,
  logger: site.runtime.logger,
  changes: changeRecorder(site.runtime.env, cliAuthor),
});

function value(patch: Partial<Record<keyof PhraseFormValue, unknown>>): PhraseFormValue {
  return phraseFormSchema.parse({
    languageId: "spanish",
    levelId: "a1",
    lessonId: "numbers",
    audioUrl: "/storage/content/audio/test.mp3",
    phrases: [{ originalText: "Uno", translatedText: "One" }],
    ...patch,
  });
}

async function rowsOf(lessonId: string, audioUrl?: string) {
  return db()
    .select({ id: phrases.id, originalText: phrases.originalText, translatedText: phrases.translatedText, audioUrl: phrases.audioUrl, position: phrases.position })
    .from(phrases)
    .where(and(eq(phrases.lessonId, lessonId), ...(audioUrl ? [eq(phrases.audioUrl, audioUrl)] : [])))
    .orderBy(asc(phrases.position));
}

function announced(topic: Topic) {
  let count = 0;
  const stop = site.runtime.events.subscribe(topic, () => count++);
  return { count: () => count, stop };
}

describe("empty states (SPEC §2)", () => {
  const page = async () => (await site.request("/admin/phrases", { cookie: admin })).text();

  it("asks for lessons first, then for the first phrase; then lists the catalogue", async () => {
    const empty = await page();
    expect(empty).toContain(phraseText.noLessons);
    expect(empty).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Add Phrases/s);
    await db().insert(languages).values({ id: "latin", name: "Latin" });
    await db().insert(levels).values({ languageId: "latin", id: "a1", title: "Beginner", cefrLabel: "A1" });
    await db().insert(lessons).values({ languageId: "latin", levelId: "a1", id: "salve", title: "Salve", translatedTitle: "Hello" });
    const noPhrases = await page();
    expect(noPhrases).toContain(phraseText.noPhrases);
    expect(noPhrases).not.toContain(phraseText.noLessons);
    await db().delete(languages).where(eq(languages.id, "latin"));
    await seedSmallCatalog(site);
    const listed = await page();
    expect(listed).not.toContain(phraseText.noPhrases);
    expect(listed).toContain("Spanish");
  });
});

describe("phrase form rules (SPEC §5)", () => {
  it("names each missing field and the bad URL with the spec's words", () => {
    const result = phraseFormSchema.safeParse({ languageId: "", levelId: "", lessonId: "", audioUrl: "not a url", phrases: [] });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        phraseText.languageRequired,
        phraseText.levelRequired,
        phraseText.lessonRequired,
        phraseText.invalidAudioUrl,
        phraseText.atLeastOnePhrase,
      ]),
    );
  });

  it("counts a row only when both texts are non-empty after trimming, leaves empty rows out and refuses a half-filled one", () => {
    const empty = { originalText: "  ", translatedText: "" };
    expect(phraseFormSchema.safeParse({ ...value({}), phrases: [empty] }).error?.issues[0]?.message).toBe(phraseText.atLeastOnePhrase);
    const kept = phraseFormSchema.parse({ ...value({}), phrases: [empty, { originalText: " Hola ", translatedText: " Hello " }, empty] });
    expect(kept.phrases).toEqual([{ originalText: "Hola", translatedText: "Hello", cueStartMs: null, cueEndMs: null }]);
    // Issue 27: a row with one text only is not dropped in silence; the message names the first such row.
    const halves = [
      { originalText: "Hola", translatedText: "Hello" },
      { originalText: "  ", translatedText: "Hello" },
      { originalText: "Hola", translatedText: "   " },
    ];
    const refused = phraseFormSchema.safeParse({ ...value({}), phrases: halves }).error?.issues;
    expect(refused?.map((issue) => [issue.path.join("."), issue.message])).toEqual([["phrases.1", "Phrase 2 needs both its original text and its translation"]]);
  });

  it("takes http(s) URLs and this site's paths as audio URLs, nothing else", () => {
    for (const ok of ["https://cdn.example/a.mp3", "http://x.example/a", "/storage/content/audio/a.mp3"]) {
      expect(phraseFormSchema.safeParse({ ...value({}), audioUrl: ok }).success, ok).toBe(true);
    }
    for (const bad of ["", "javascript:alert(1)", "//evil.example/a.mp3", "ftp://x.example/a.mp3", "audio.mp3"]) {
      expect(phraseFormSchema.safeParse({ ...value({}), audioUrl: bad }).success, bad).toBe(false);
    }
  });
});

describe("phrases service", () => {
  it("adds the rows as one audio group after the lesson's last phrase, and announces the catalogue change", async () => {
    const events = announced("catalog");
    const count = await addPhrases(
      writer(),
      value({ audioUrl: "https://cdn.example/numbers.mp3", phrases: [{ originalText: "Uno", translatedText: "One" }, { originalText: "Dos", translatedText: "Two" }] }),
    );
    expect(count).toBe(2);
    // On PostgreSQL the announcement travels through LISTEN/NOTIFY, so it arrives a moment later.
    await expect.poll(() => events.count()).toBe(1);
    events.stop();
    const rows = await rowsOf("numbers", "https://cdn.example/numbers.mp3");
    expect(rows.map((r) => [r.originalText, r.translatedText, r.position])).toEqual([
      ["Uno", "One", 0],
      ["Dos", "Two", 1],
    ]);
    const groups = await phraseGroups(db(), "spanish", "a1", "numbers");
    expect(groups.map((g) => [g.audioUrl, g.phrases.length])).toEqual([["https://cdn.example/numbers.mp3", 2]]);
  });

  it("refuses a lesson that does not exist, adding nothing", async () => {
    const before = await snapshot(db());
    await expect(addPhrases(writer(), value({ lessonId: "no-such-lesson" }))).rejects.toBeInstanceOf(PhraseInputError);
    expect(await snapshot(db())).toBe(before);
  });

  it("edits a group pairwise by position: updates kept rows in place, creates extra rows, keeps ids", async () => {
    const url = "https://cdn.example/edit-more.mp3";
    await addPhrases(writer(), value({ audioUrl: url, phrases: [{ originalText: "A", translatedText: "a" }, { originalText: "B", translatedText: "b" }] }));
    const before = await rowsOf("numbers", url);
    const result = await updatePhraseGroup(
      writer(),
      { languageId: "spanish", levelId: "a1", lessonId: "numbers", audioUrl: url },
      value({
        audioUrl: url,
        phrases: [
          { originalText: "A2", translatedText: "a2" },
          { originalText: "B2", translatedText: "b2" },
          { originalText: "C2", translatedText: "c2" },
        ],
      }),
    );
    expect(result).toEqual({ updated: 2, created: 1, deleted: 0 });
    const after = await rowsOf("numbers", url);
    expect(after.map((r) => r.originalText)).toEqual(["A2", "B2", "C2"]);
    expect(after.slice(0, 2).map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it("deletes surplus phrases when the edit has fewer rows, and follows a new audio URL", async () => {
    const url = "https://cdn.example/edit-fewer.mp3";
    await addPhrases(writer(), value({ audioUrl: url, phrases: ["X", "Y", "Z"].map((t) => ({ originalText: t, translatedText: t.toLowerCase() })) }));
    const before = await rowsOf("numbers", url);
    const result = await updatePhraseGroup(
      writer(),
      { languageId: "spanish", levelId: "a1", lessonId: "numbers", audioUrl: url },
      value({ audioUrl: "https://cdn.example/edit-fewer-2.mp3", phrases: [{ originalText: "X2", translatedText: "x2" }] }),
    );
    expect(result).toEqual({ updated: 1, created: 0, deleted: 2 });
    expect(await rowsOf("numbers", url)).toEqual([]);
    const moved = await rowsOf("numbers", "https://cdn.example/edit-fewer-2.mp3");
    expect(moved.map((r) => [r.id, r.originalText])).toEqual([[before[0]!.id, "X2"]]);
  });

  it("rolls the whole edit back when any part of it fails", async () => {
    const url = "https://cdn.example/rollback.mp3";
    await addPhrases(writer(), value({ audioUrl: url, phrases: [{ originalText: "Keep", translatedText: "keep" }] }));
    const before = await snapshot(db());
    // PostgreSQL refuses a NUL character in text: the extra row's insert fails after the first row was updated.
    const failing = {
      ...value({ audioUrl: url }),
      phrases: [
        { originalText: "Changed", translatedText: "changed" },
        { originalText: "Bad\u0000", translatedText: "bad" },
      ],
    };
    await expect(updatePhraseGroup(writer(), { languageId: "spanish", levelId: "a1", lessonId: "numbers", audioUrl: url }, failing)).rejects.toThrow();
    expect(await snapshot(db())).toBe(before);
    expect((await rowsOf("numbers", url)).map((r) => r.originalText)).toEqual(["Keep"]);
  });

  it("speaks in the voice of the lesson's language, found by its id or else by its name", async () => {
    await db().insert(languages).values({ id: "lang-fr", name: "French" });
    try {
      const url = await generatePhraseAudio({ db: db(), storage: site.runtime.storage, tts: site.runtime.tts }, { text: "Bonjour", languageId: "lang-fr" });
      const stored = new Uint8Array(await (await site.request(url)).arrayBuffer());
      const french = await site.runtime.tts.synthesize("Bonjour", "fr");
      const english = await site.runtime.tts.synthesize("Bonjour", "en");
      expect(Buffer.from(stored).equals(Buffer.from(french.data))).toBe(true);
      expect(Buffer.from(stored).equals(Buffer.from(english.data))).toBe(false);
    } finally {
      await db().delete(languages).where(eq(languages.id, "lang-fr"));
    }
  });

  it("stores nothing and says 'Invalid response from text-to-speech service' when a cloud voice answers with no audio", async () => {
    const before = storedFiles(site);
    const cloud = createHttpTextToSpeech({
      url: "https://tts.invalid/speak",
      encoder: createEspeakTextToSpeech(),
      fetch: async () => new Response("<h1>Maintenance</h1>", { headers: { "content-type": "text/html" } }),
    });
    await expect(generatePhraseAudio({ db: db(), storage: site.runtime.storage, tts: cloud }, { text: "Hola", languageId: "spanish" })).rejects.toThrow(
      phraseText.invalidTtsResponse,
    );
    expect(storedFiles(site)).toEqual(before);
  });

  it("removes the group's old stored file after the commit when nothing else plays it, and keeps a shared one", async () => {
    const deps = { db: db(), storage: site.runtime.storage, tts: site.runtime.tts };
    const own = await generatePhraseAudio(deps, { text: "Uno", languageId: "spanish" });
    const shared = await generatePhraseAudio(deps, { text: "Dos", languageId: "spanish" });
    await addPhrases(writer(), value({ audioUrl: own }));
    await addPhrases(writer(), value({ audioUrl: shared, phrases: [{ originalText: "Dos", translatedText: "Two" }] }));
    await addPhrases(writer(), value({ lessonId: "greetings", audioUrl: shared, phrases: [{ originalText: "Dos", translatedText: "Two" }] }));
    const fileOf = (url: string) => url.replace("/storage/", "");
    const key = { languageId: "spanish", levelId: "a1", lessonId: "numbers" };
    expect(storedFiles(site)).toEqual(expect.arrayContaining([fileOf(own), fileOf(shared)]));
    await updatePhraseGroup(writer(), { ...key, audioUrl: own }, value({ audioUrl: "https://cdn.example/new.mp3" }));
    expect(storedFiles(site)).not.toContain(fileOf(own));
    await updatePhraseGroup(
      writer(),
      { ...key, audioUrl: shared },
      value({ audioUrl: "https://cdn.example/new-2.mp3", phrases: [{ originalText: "Dos", translatedText: "Two" }] }),
    );
    expect(storedFiles(site)).toContain(fileOf(shared));
  });

  it("names a file by its storage key in group edits, however the URL spells it", async () => {
    const audio = await generatePhraseAudio({ db: db(), storage: site.runtime.storage, tts: site.runtime.tts }, { text: "Tres", languageId: "spanish" });
    // `/storage/content/audio/4cb…-tres.mp3` as `/storage/content/audio/%34cb…-tres%2Emp3`: the same file.
    const respelled = audio.replace(/(audio\/)(.)/, (_, folder: string, first: string) => `${folder}%${first.charCodeAt(0).toString(16)}`).replace(/\.mp3$/, "%2Emp3");
    expect(respelled).not.toBe(audio);
    const file = audio.replace("/storage/", "");
    const tres = [{ originalText: "Tres", translatedText: "Three" }];
    const numbers = { languageId: "spanish", levelId: "a1", lessonId: "numbers" };
    const greetings = { ...numbers, lessonId: "greetings" };
    await addPhrases(writer(), value({ ...numbers, audioUrl: audio, phrases: tres }));

    // Another spelling of the group's own file changes nothing, and rows keep the one canonical spelling.
    await updatePhraseGroup(writer(), { ...numbers, audioUrl: audio }, value({ ...numbers, audioUrl: respelled, phrases: tres }));
    expect(storedFiles(site)).toContain(file);
    expect(await rowsOf("numbers", audio)).toHaveLength(1);

    // Another lesson plays it too, given in another spelling; the first group moves to other audio: the file stays.
    await addPhrases(writer(), value({ ...greetings, audioUrl: respelled, phrases: tres }));
    await updatePhraseGroup(writer(), { ...numbers, audioUrl: audio }, value({ ...numbers, audioUrl: "https://cdn.example/tres.mp3", phrases: tres }));
    expect(storedFiles(site)).toContain(file);

    // The last group that plays it lets go: now it goes.
    await updatePhraseGroup(writer(), { ...greetings, audioUrl: audio }, value({ ...greetings, audioUrl: "https://cdn.example/tres-2.mp3", phrases: tres }));
    expect(storedFiles(site)).not.toContain(file);
  });

  it("two admins saving one group at once take turns: the result is one of the two edits, never a mix", async () => {
    const url = "https://cdn.example/concurrent.mp3";
    await addPhrases(writer(), value({ audioUrl: url, phrases: ["P", "Q"].map((t) => ({ originalText: t, translatedText: t })) }));
    const key = { languageId: "spanish", levelId: "a1", lessonId: "numbers", audioUrl: url };
    const three = ["A", "B", "C"].map((t) => ({ originalText: t, translatedText: t }));
    const one = [{ originalText: "Z", translatedText: "Z" }];
    await Promise.all([
      updatePhraseGroup(writer(), key, value({ audioUrl: url, phrases: three })),
      updatePhraseGroup(writer(), key, value({ audioUrl: url, phrases: one })),
    ]);
    const texts = (await rowsOf("numbers", url)).map((r) => r.originalText);
    expect([["A", "B", "C"], ["Z"]]).toContainEqual(texts);
  });

  it("refuses to edit a group that no longer exists", async () => {
    await expect(
      updatePhraseGroup(writer(), { languageId: "spanish", levelId: "a1", lessonId: "numbers", audioUrl: "https://gone.example/x.mp3" }, value({})),
    ).rejects.toBeInstanceOf(PhraseGroupGoneError);
  });

  it("generates speech in the language's voice with the seed's engine and stores it as MP3", async () => {
    const before = storedFiles(site);
    const url = await generatePhraseAudio({ db: db(), storage: site.runtime.storage, tts: site.runtime.tts }, { text: "Hola, buenos días", languageId: "spanish" });
    expect(url).toMatch(/^\/storage\/content\/audio\/[0-9a-f]{32}-spanish-hola-buenos-dias\.mp3$/);
    const added = storedFiles(site).filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    const response = await site.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    // A well-formed MPEG Layer III stream, mono at the seed's bitrate, with about a second of speech.
    const mp3 = readMp3(new Uint8Array(await response.arrayBuffer()));
    expect([...mp3.layers]).toEqual([3]);
    expect([...mp3.channelModes]).toEqual(["mono"]);
    expect(mp3.durationSeconds).toBeGreaterThan(0.5);
  });
});

describe("POST /admin/phrases", () => {
  const post = (body: Record<string, string | string[]>, cookie = admin, path = "/admin/phrases") => {
    const data = new URLSearchParams();
    for (const [name, v] of Object.entries(body)) for (const item of Array.isArray(v) ? v : [v]) data.append(name, item);
    return site.request(path, { method: "POST", body: data, cookie, ip: "198.51.100.20" });
  };
  const fields = {
    intent: "add",
    languageId: "spanish",
    levelId: "a1",
    lessonId: "greetings",
    audioUrl: "/storage/content/audio/http-add.mp3",
    // An empty row is left out (SPEC §5).
    originalText: ["Buenas noches", ""],
    translatedText: ["Good night", " "],
  };

  it("adds phrases with the spec's toast, and the public lesson page shows them at once", async () => {
    const page = await site.request("/spanish/a1/greetings");
    expect(await page.text()).not.toContain("Buenas noches");
    const response = await post(fields);
    expect(response.status).toBe(200);
    expect(flashTitles(response)).toEqual(["1 phrase added successfully"]);
    expect((await rowsOf("greetings", "/storage/content/audio/http-add.mp3")).map((r) => r.originalText)).toEqual(["Buenas noches"]);
    expect(await (await site.request("/spanish/a1/greetings")).text()).toContain("Buenas noches");
  });

  it("answers bad input with 400 and changes nothing", async () => {
    const before = await snapshot(db());
    const response = await post({ ...fields, audioUrl: "nope", originalText: [" "], translatedText: ["x"] });
    expect(response.status).toBe(400);
    expect(await snapshot(db())).toBe(before);
  });

  it("updates a group with 'Phrases updated successfully'", async () => {
    const response = await post({
      ...fields,
      intent: "update",
      groupLanguageId: "spanish",
      groupLevelId: "a1",
      groupLessonId: "greetings",
      groupAudioUrl: "/storage/content/audio/http-add.mp3",
      originalText: ["Buenas noches", "Hasta mañana"],
      translatedText: ["Good night", "See you tomorrow"],
    });
    expect(response.status).toBe(200);
    expect(flashTitles(response)).toEqual([phraseText.updated]);
    expect((await rowsOf("greetings", "/storage/content/audio/http-add.mp3")).map((r) => r.originalText)).toEqual(["Buenas noches", "Hasta mañana"]);
  });

  it("generates audio for an admin (a file is stored) and for a learner stores nothing", async () => {
    const before = storedFiles(site);
    const refused = await post({ intent: "generate-audio", text: "Hola", languageId: "spanish" }, learner);
    expect(refused.status).toBe(302);
    expect(storedFiles(site)).toEqual(before);
    const anonymous = await post({ intent: "generate-audio", text: "Hola", languageId: "spanish" }, "");
    expect(anonymous.status).toBe(302);
    expect(storedFiles(site)).toEqual(before);
    const response = await post({ intent: "generate-audio", text: "Hola", languageId: "spanish" });
    expect(response.status).toBe(200);
    expect(storedFiles(site).filter((f) => !before.includes(f))).toHaveLength(1);
  });

  it("answers speech for a language eSpeak has no voice for with why and where to choose one, every time; a chosen voice speaks", async () => {
    await db().insert(languages).values([
      { id: "zz-steer", name: "Steer" },
      { id: "bf-lang", name: "Bf" },
    ]);
    try {
      const before = storedFiles(site);
      for (const [languageId, name] of [["zz-steer", "Steer"], ["bf-lang", "Bf"], ["zz-steer", "Steer"]] as const) {
        const response = await post({ intent: "generate-audio", text: "Hola", languageId });
        expect(response.status, languageId).toBe(400);
        await expect(generatePhraseAudio({ db: db(), storage: site.runtime.storage, tts: site.runtime.tts }, { text: "Hola", languageId })).rejects.toThrow(
          `No speech voice matches ${name} (${languageId}). Choose one in the language's Voice field (Languages, Edit ${name}).`,
        );
      }
      expect(storedFiles(site)).toEqual(before);

      // The admin chooses a voice in the Language dialog: the server takes only one the engine has.
      const choose = (voice: string) =>
        site.request("/admin/languages", { ...form({ intent: "update", id: "zz-steer", name: "Steer", flagUrl: "/images/s.png", voice }), cookie: admin });
      expect((await choose("zz-steer")).status).toBe(400);
      expect((await db().select({ voice: languages.voice }).from(languages).where(eq(languages.id, "zz-steer")))[0]?.voice).toBeNull();
      expect((await choose("en-gb-x-rp")).status).toBe(200);
      const spoken = await post({ intent: "generate-audio", text: "Hello there", languageId: "zz-steer" });
      expect(spoken.status).toBe(200);
      expect(storedFiles(site).filter((file) => !before.includes(file))).toHaveLength(1);
      // Back to Automatic: nothing of its own, and the clear answer again.
      expect((await choose("automatic")).status).toBe(200);
      expect((await db().select({ voice: languages.voice }).from(languages).where(eq(languages.id, "zz-steer")))[0]?.voice).toBeNull();
      expect((await post({ intent: "generate-audio", text: "Hola", languageId: "zz-steer" })).status).toBe(400);
    } finally {
      await db().delete(languages).where(inArray(languages.id, ["zz-steer", "bf-lang"]));
    }
  });

  it("generates audio for the whole group for an admin: one file, a cue per row, saved with the phrases", async () => {
    const texts = ["Buenos días", "¿Qué tal?", "Hasta luego"];
    const group = { intent: "generate-group-audio", text: texts, languageId: "spanish" };
    const before = storedFiles(site);
    for (const cookie of [learner, ""]) {
      const refused = await post(group, cookie);
      expect(refused.status).toBe(302);
      expect(storedFiles(site)).toEqual(before);
    }
    const response = await post(group, admin, "/admin/phrases.data");
    expect(response.status).toBe(200);
    // The .data twin answers as the dialog's fetcher receives it: the action's data, turbo-stream encoded.
    const decoded = await decodeViaTurboStream(response.body!, globalThis);
    const answer = (decoded.value as { data: { ok: boolean; intent: string; url: string; cues: [number, number][] } }).data;
    expect(answer).toMatchObject({ ok: true, intent: "generate-group-audio" });
    expect(storedFiles(site).filter((f) => !before.includes(f))).toHaveLength(1);
    expect(answer.cues).toHaveLength(3);
    for (const [i, [start, end]] of answer.cues.entries()) {
      expect(end).toBeGreaterThan(start);
      if (i > 0) expect(start).toBeGreaterThan(answer.cues[i - 1]![1]);
    }
    const stored = readMp3(new Uint8Array(await (await site.request(answer.url)).arrayBuffer()));
    expect(answer.cues[2]![1]).toBeLessThanOrEqual(stored.durationSeconds * 1000);

    // The dialog saves the cues with the rows; the public lesson gets them.
    const saved = await post({
      ...fields,
      lessonId: "numbers",
      audioUrl: answer.url,
      originalText: texts,
      translatedText: ["Good morning", "How are you?", "See you later"],
      cueStartMs: answer.cues.map(([start]) => String(start)),
      cueEndMs: answer.cues.map(([, end]) => String(end)),
    });
    expect(saved.status).toBe(200);
    const group2 = (await phraseGroups(db(), "spanish", "a1", "numbers")).find((g) => g.audioUrl === answer.url);
    expect(group2?.phrases.map((p) => [p.originalText, p.cueStartMs, p.cueEndMs])).toEqual(texts.map((text, i) => [text, ...answer.cues[i]!]));
  });

  it("refuses Generate audio for the whole group over the caps or without text, storing nothing", async () => {
    const before = storedFiles(site);
    for (const text of [["Uno", "a".repeat(SPEECH_TEXT_MAX + 1)], Array.from({ length: PHRASE_ROWS_MAX + 1 }, (_, i) => `Frase ${i}`), ["Uno", " "], []]) {
      const response = await post({ intent: "generate-group-audio", text, languageId: "spanish" });
      expect(response.status, String(text.length)).toBe(400);
    }
    expect(storedFiles(site)).toEqual(before);
  });

  it("refuses Generate Audio for a text over the cap, storing nothing", async () => {
    const before = storedFiles(site);
    const response = await post({ intent: "generate-audio", text: "a".repeat(SPEECH_TEXT_MAX + 1), languageId: "spanish" });
    expect(response.status).toBe(400);
    expect(storedFiles(site)).toEqual(before);
  });

  it("refuses Generate Audio without text, storing nothing", async () => {
    const before = storedFiles(site);
    const response = await post({ intent: "generate-audio", text: "  ", languageId: "spanish" });
    expect(response.status).toBe(400);
    expect(storedFiles(site)).toEqual(before);
  });

  it("deletes an audio group with its phrases and its file when nothing else plays it, and says so", async () => {
    const deps = { db: db(), storage: site.runtime.storage, tts: site.runtime.tts };
    const own = await generatePhraseAudio(deps, { text: "Siete", languageId: "spanish" });
    await addPhrases(writer(), value({ lessonId: "greetings", audioUrl: own, phrases: [{ originalText: "Siete", translatedText: "Seven" }, { originalText: "Ocho", translatedText: "Eight" }] }));
    const group = { groupLanguageId: "spanish", groupLevelId: "a1", groupLessonId: "greetings", groupAudioUrl: own };
    const catalog = announced("catalog");
    // Refused for a learner and a visitor: nothing changes, the file stays.
    const before = await snapshot(db());
    for (const cookie of [learner, ""]) {
      const refused = await post({ intent: "delete", ...group }, cookie);
      expect(refused.status).toBe(302);
    }
    expect(await snapshot(db())).toBe(before);
    expect(storedFiles(site)).toContain(own.replace("/storage/", ""));
    const response = await post({ intent: "delete", ...group });
    expect(response.status).toBe(200);
    expect(flashTitles(response)).toEqual([phraseText.groupDeleted(2)]);
    expect(await rowsOf("greetings", own)).toEqual([]);
    expect(storedFiles(site)).not.toContain(own.replace("/storage/", ""));
    expect(catalog.count()).toBe(1);
    catalog.stop();
    // A second delete of the same group (another tab, a replay) finds it gone: 409, nothing else touched.
    const again = await post({ intent: "delete", ...group });
    expect(again.status).toBe(409);
    expect(flashTitles(again)).toEqual([phraseText.groupDeleteFailed]);
  });

  it("keeps a shared audio file when one of the groups playing it is deleted", async () => {
    const shared = "/storage/content/audio/shared-delete.mp3";
    await addPhrases(writer(), value({ lessonId: "greetings", audioUrl: shared, phrases: [{ originalText: "Nueve", translatedText: "Nine" }] }));
    await addPhrases(writer(), value({ lessonId: "numbers", audioUrl: shared, phrases: [{ originalText: "Nueve", translatedText: "Nine" }] }));
    const response = await post({ intent: "delete", groupLanguageId: "spanish", groupLevelId: "a1", groupLessonId: "greetings", groupAudioUrl: shared });
    expect(flashTitles(response)).toEqual([phraseText.groupDeleted(1)]);
    expect((await rowsOf("numbers", shared)).map((r) => r.originalText)).toEqual(["Nueve"]);
  });

  it("keeps a learner's add and update from changing any row", async () => {
    const before = await snapshot(db());
    for (const intent of ["add", "update"]) {
      const response = await post({ ...fields, intent }, learner);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/");
    }
    expect(await snapshot(db())).toBe(before);
  });
});
