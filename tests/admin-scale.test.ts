import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHRASE_SEARCH } from "#common/phrase-form.ts";
import { hasLevels, LESSONS_PER_PAGE, listAdminLanguages, listAdminLessons, listAdminLevels, pageOfLevels, pickFilter } from "#server/admin/catalog-admin.server.ts";
import { phraseGroups, phraseLanguages, phraseLessons, phraseLevels, SEARCH_COUNT_CAP, searchPhrases } from "#server/admin/phrases-admin.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { signedInAdminAndLearner, snapshot } from "#tests/support/site-fixtures.ts";

/**
 * The Phrases tab at scale (issue 10 point 8): the lazy reads behind its accordions, the text search, and the
 * /admin/phrases/tree endpoint, on the real database (both drivers) over real HTTP.
 */

let site: TestSite;
let admin = "";
let learner = "";
const db = () => site.runtime.database.db;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ({ admin, learner } = await signedInAdminAndLearner(site));
  await db().insert(languages).values([
    { id: "spanish", name: "Spanish" },
    { id: "basque", name: "Basque" },
    { id: "zulu", name: "Zulu" },
  ]);
  await db().insert(levels).values([
    { languageId: "spanish", id: "b1", title: "Intermediate", cefrLabel: "B1", orderIndex: 1 },
    { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "spanish", id: "x", title: "Unordered", cefrLabel: "C2" },
    { languageId: "basque", id: "a1", title: "Hasiera", cefrLabel: "A1", orderIndex: 0 },
  ]);
  await db().insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "numbers", title: "Numbers", translatedTitle: "Números", orderIndex: 1 },
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "empty", title: "Empty", translatedTitle: "Vacía" },
    { languageId: "basque", levelId: "a1", id: "greetings", title: "Agurrak", translatedTitle: "Greetings" },
  ]);
  const row = (languageId: string, lessonId: string, originalText: string, translatedText: string, audioUrl: string, position: number) => ({
    languageId,
    levelId: "a1",
    lessonId,
    originalText,
    translatedText,
    audioUrl,
    position,
  });
  await db().insert(phrases).values([
    row("spanish", "greetings", "Hola", "Hello", "/storage/g1.mp3", 0),
    row("spanish", "greetings", "Buenos días", "Good morning", "/storage/g1.mp3", 1),
    row("spanish", "greetings", "Adiós", "Goodbye", "/storage/g2.mp3", 2),
    row("spanish", "greetings", "¿Qué tal?", "How are you?", "/storage/g1.mp3", 3),
    row("spanish", "numbers", "Uno", "One", "/storage/n1.mp3", 0),
    row("spanish", "numbers", "100% seguro", "100 percent sure", "/storage/n1.mp3", 1),
    row("basque", "greetings", "Kaixo", "Hello there", "/storage/k.mp3", 0),
  ]);
  // Enough rows for page 2 of a search: all in one lesson, found by "many".
  await db().insert(phrases).values(
    Array.from({ length: PHRASE_SEARCH.pageSize + 3 }, (_, i) => row("spanish", "numbers", `Número ${i}`, `Many things ${i}`, "/storage/n2.mp3", 10 + i)),
  );
}, 120_000);

afterAll(() => site?.close());

describe("lazy reads of the Phrases tab", () => {
  it("lists every language by name with its number of levels, and whether lessons and phrases exist", async () => {
    expect(await phraseLanguages(db())).toEqual({
      languages: [
        { id: "basque", name: "Basque", levelCount: 1 },
        { id: "spanish", name: "Spanish", levelCount: 3 },
        { id: "zulu", name: "Zulu", levelCount: 0 },
      ],
      hasLessons: true,
      hasPhrases: true,
    });
  });

  it("gives a language's levels in order (a missing order_index last), and none of another language's", async () => {
    expect(await phraseLevels(db(), "spanish")).toEqual([
      { id: "a1", title: "Beginner", cefrLabel: "A1" },
      { id: "b1", title: "Intermediate", cefrLabel: "B1" },
      { id: "x", title: "Unordered", cefrLabel: "C2" },
    ]);
    expect(await phraseLevels(db(), "zulu")).toEqual([]);
  });

  it("gives a level's lessons in order with their number of audio groups", async () => {
    expect(await phraseLessons(db(), "spanish", "a1")).toEqual([
      { id: "greetings", title: "Greetings", groupCount: 2 },
      { id: "numbers", title: "Numbers", groupCount: 2 },
      { id: "empty", title: "Empty", groupCount: 0 },
    ]);
    expect(await phraseLessons(db(), "basque", "a1")).toEqual([{ id: "greetings", title: "Agurrak", groupCount: 1 }]);
  });

  it("gives a lesson's audio groups in the order of their first phrase, phrases in order", async () => {
    const groups = await phraseGroups(db(), "spanish", "a1", "greetings");
    expect(groups.map((g) => [g.audioUrl, g.phrases.map((p) => p.originalText)])).toEqual([
      ["/storage/g1.mp3", ["Hola", "Buenos días", "¿Qué tal?"]],
      ["/storage/g2.mp3", ["Adiós"]],
    ]);
    expect(await phraseGroups(db(), "spanish", "a1", "empty")).toEqual([]);
  });
});

describe("phrase search", () => {
  it("finds original and translated text, case-insensitively, by substring, with where each phrase lives", async () => {
    const result = await searchPhrases(db(), "HELLO", 1);
    expect(result.total).toBe(2);
    expect(result.hits.map((h) => [h.originalText, h.language.name, h.level.title, h.level.cefrLabel, h.lesson.title])).toEqual([
      ["Kaixo", "Basque", "Hasiera", "A1", "Agurrak"],
      ["Hola", "Spanish", "Beginner", "A1", "Greetings"],
    ]);
    expect((await searchPhrases(db(), "uenos dí", 1)).hits.map((h) => h.translatedText)).toEqual(["Good morning"]);
  });

  it("searches for % and _ literally", async () => {
    expect((await searchPhrases(db(), "0%", 1)).hits.map((h) => h.originalText)).toEqual(["100% seguro"]);
    expect((await searchPhrases(db(), "o_o", 1)).total).toBe(0);
  });

  it("pages the results, and keeps a page number past the end on the last page", async () => {
    const first = await searchPhrases(db(), "many things", 1);
    expect([first.total, first.pages, first.page, first.hits.length]).toEqual([PHRASE_SEARCH.pageSize + 3, 2, 1, PHRASE_SEARCH.pageSize]);
    const second = await searchPhrases(db(), "many things", 2);
    expect(second.hits.map((h) => h.originalText)).toEqual(["Número 20", "Número 21", "Número 22"]);
    expect((await searchPhrases(db(), "many things", 99)).page).toBe(2);
    expect((await searchPhrases(db(), "many things", -3)).page).toBe(1);
  });

  it("counts up to the cap, says when there are more, and pages through the first ones only", async () => {
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => ({
      languageId: "basque",
      levelId: "a1",
      lessonId: "greetings",
      originalText: `Capword ${i}`,
      translatedText: "Capword",
      audioUrl: "/storage/cap.mp3",
      position: 100 + i,
    }));
    await db().insert(phrases).values(rows);
    const result = await searchPhrases(db(), "capword", 1000);
    expect([result.total, result.capped, result.pages, result.page]).toEqual([SEARCH_COUNT_CAP, true, SEARCH_COUNT_CAP / PHRASE_SEARCH.pageSize, SEARCH_COUNT_CAP / PHRASE_SEARCH.pageSize]);
    expect(result.hits.at(-1)?.originalText).toBe(`Capword ${SEARCH_COUNT_CAP - 1}`);
    const html = await (await site.request("/admin/phrases?q=capword", { cookie: admin })).text();
    expect(html).toContain("More than 500 phrases found: showing the first 500. Add a word to narrow the search.");
    await db().delete(phrases).where(eq(phrases.audioUrl, "/storage/cap.mp3"));
  });

  it("answers nothing for a query below the minimum, and cuts one above the maximum", async () => {
    expect(await searchPhrases(db(), " h ", 1)).toMatchObject({ total: 0, hits: [] });
    const long = await searchPhrases(db(), "x".repeat(PHRASE_SEARCH.maxLength + 50), 1);
    expect(long.query).toHaveLength(PHRASE_SEARCH.maxLength);
  });

  it("can use the trigram indexes for both texts (the plan, not a timing)", async () => {
    const plan = await db().transaction(async (tx) => {
      // Tiny tables make a scan cheaper, so forbid it: the question is only whether the index serves ILIKE '%…%'.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from phrases where original_text ilike '%hello%' or translated_text ilike '%hello%'`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];
      return rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toContain("phrases_original_trgm_idx");
    expect(plan).toContain("phrases_translated_trgm_idx");
  });
});

describe("over HTTP", () => {
  const tree = (query: string, cookie?: string) => site.request(`/admin/phrases/tree?${query}`, { cookie, redirect: "manual" });

  it("answers an admin a node's children as private, never-stored JSON", async () => {
    const levelsAnswer = await tree("language=spanish", admin);
    expect(levelsAnswer.status).toBe(200);
    expect(levelsAnswer.headers.get("cache-control")).toBe("private, no-store");
    expect(await levelsAnswer.json()).toMatchObject({ kind: "levels", languageId: "spanish", levels: [{ id: "a1" }, { id: "b1" }, { id: "x" }] });
    expect(await (await tree("language=spanish&level=a1", admin)).json()).toMatchObject({ kind: "lessons", lessons: [{ id: "greetings", groupCount: 2 }, {}, {}] });
    const groups = await (await tree("language=spanish&level=a1&lesson=greetings", admin)).json();
    expect(groups).toMatchObject({ kind: "groups", lessonId: "greetings", groups: [{ audioUrl: "/storage/g1.mp3" }, { audioUrl: "/storage/g2.mp3" }] });
  });

  it("refuses a request without a language, a lesson without its level, or an overlong id", async () => {
    for (const query of ["", "level=a1", "language=spanish&lesson=greetings", `language=${"s".repeat(201)}`]) {
      expect((await tree(query, admin)).status, query).toBe(400);
    }
  });

  it("sends visitors to /auth and learners home, with no catalogue data", async () => {
    const visitor = await tree("language=spanish&level=a1&lesson=greetings");
    expect([visitor.status, visitor.headers.get("location")]).toEqual([302, "/auth"]);
    const before = await snapshot(db());
    const refused = await tree("language=spanish&level=a1&lesson=greetings", learner);
    expect([refused.status, refused.headers.get("location")]).toEqual([302, "/"]);
    expect(await refused.text()).not.toContain("Hola");
    expect(await snapshot(db())).toBe(before);
  });

  it("renders the languages with their counts, and no phrase, on the page itself", async () => {
    const html = await (await site.request("/admin/phrases", { cookie: admin })).text();
    expect(html).toContain("Spanish");
    expect(html).toContain("3 levels");
    expect(html).not.toContain("Buenos días");
  });

  it("renders a search from the URL: its results, where they live, and its pages", async () => {
    const html = await (await site.request("/admin/phrases?q=buenos", { cookie: admin })).text();
    expect(html).toContain("1 phrase found");
    expect(html).toContain("Buenos días");
    expect(html).toContain("Spanish › Beginner (A1) › Greetings");
    const paged = await (await site.request("/admin/phrases?q=many&page=2", { cookie: admin })).text();
    expect(paged).toContain("Page 2 of 2");
    expect(paged).toContain("Número 22");
    // The pager's links work without JavaScript and keep the search; its last page's Next is an unavailable link.
    const pager = /<nav aria-label="Pages of phrases".*?<\/nav>/s.exec(paged)?.[0] ?? "";
    expect(pager).toMatch(/<a rel="prev"[^>]* href="\/admin\/phrases\?q=many&amp;page=1"/);
    expect(pager).toMatch(/<a role="link" aria-disabled="true"[^>]*>Next/);
    const none = await (await site.request("/admin/phrases?q=zzzz", { cookie: admin })).text();
    expect(none).toContain("No phrases match “zzzz”. Try another word, or clear the search.");
  });
});

describe("Levels and Lessons tabs: one language (and level) at a time", () => {
  it("reads one language's levels, one level's lessons or a language's, and picks the URL's choice or the first", async () => {
    const languageRows = await listAdminLanguages(db());
    expect(languageRows.map((l) => l.id)).toEqual(["basque", "spanish", "zulu"]);
    expect((await listAdminLevels(db(), "spanish")).map((l) => l.id)).toEqual(["a1", "b1", "x"]);
    expect(await hasLevels(db())).toBe(true);
    expect((await listAdminLessons(db(), "spanish", "a1")).map((l) => l.id)).toEqual(["greetings", "numbers", "empty"]);
    expect((await listAdminLessons(db(), "basque")).map((l) => l.id)).toEqual(["greetings"]);
    expect([pickFilter(languageRows, "spanish"), pickFilter(languageRows, "nope"), pickFilter(languageRows, null), pickFilter([], "x")]).toEqual([
      "spanish",
      "basque",
      "basque",
      "",
    ]);
  });

  it("renders only the chosen language's levels, and only the chosen level's lessons", async () => {
    const levelsPage = await (await site.request("/admin/levels?language=spanish", { cookie: admin })).text();
    expect(levelsPage).toContain('data-level-row="b1"');
    expect(levelsPage).not.toContain("Hasiera");
    const byDefault = await (await site.request("/admin/levels", { cookie: admin })).text();
    expect(byDefault).toContain("Hasiera");
    expect(byDefault).not.toContain('data-level-row="b1"');
    const lessonsPage = await (await site.request("/admin/lessons?language=spanish&level=a1", { cookie: admin })).text();
    expect(lessonsPage).toContain('data-lesson-row="numbers"');
    expect(lessonsPage).not.toContain("Agurrak");
    // Not even in its data: the lesson form fetches another language's levels when the admin picks it.
    expect(lessonsPage).not.toContain("Hasiera");
    const all = await (await site.request("/admin/lessons?language=basque&level=all", { cookie: admin })).text();
    expect(all).toContain("Agurrak");
    expect(all).not.toContain('data-lesson-row="numbers"');
  });
});

describe("Lessons tab, All levels: whole levels a page at a time", () => {
  const rows = (levelId: string, n: number) => Array.from({ length: n }, (_, i) => ({ levelId, id: `${levelId}-${i}` }));
  it("fills a page with whole levels up to the limit, skips empty levels, and keeps the page in range", () => {
    const lessonRows = [...rows("a", LESSONS_PER_PAGE - 10), ...rows("b", 10), ...rows("c", 5), ...rows("d", LESSONS_PER_PAGE + 5)];
    const order = ["a", "empty", "b", "c", "d"];
    const first = pageOfLevels(order, lessonRows, 1);
    expect(first).toMatchObject({ levelIds: ["a", "b"], page: 1, pages: 3 });
    expect(first.lessons).toHaveLength(LESSONS_PER_PAGE);
    expect(pageOfLevels(order, lessonRows, 2)).toMatchObject({ levelIds: ["c"], page: 2 });
    // A level larger than a page is shown whole, alone.
    const last = pageOfLevels(order, lessonRows, 99);
    expect(last).toMatchObject({ levelIds: ["d"], page: 3 });
    expect(last.lessons).toHaveLength(LESSONS_PER_PAGE + 5);
    expect(pageOfLevels(order, lessonRows, Number.NaN).page).toBe(1);
    expect(pageOfLevels(order, [], 1)).toMatchObject({ levelIds: [], lessons: [], page: 1, pages: 1 });
  });
});

describe("Overview and Blog at scale", () => {
  it("counts exactly, and a catalogue change shows on the next Overview at once", async () => {
    const overview = async () => (await site.request("/admin", { cookie: admin })).text();
    expect(await overview()).toContain("30 phrases");
    // Every catalogue write announces itself on the event bus, which drops the cached counts.
    const [added] = await db()
      .insert(phrases)
      .values({ languageId: "basque", levelId: "a1", lessonId: "greetings", originalText: "Agur", translatedText: "Bye", audioUrl: "/storage/k.mp3", position: 1 })
      .returning({ id: phrases.id });
    await site.runtime.events.publish("catalog");
    expect(await overview()).toContain("31 phrases");
    await db().delete(phrases).where(eq(phrases.id, added!.id));
    await site.runtime.events.publish("catalog");
    expect(await overview()).toContain("30 phrases");
  });

  it("sends the blog page the languages for its sample picker, and no audio group", async () => {
    const html = await (await site.request("/admin/blog", { cookie: admin })).text();
    expect(html).toContain("Basque");
    expect(html).not.toContain("/storage/g1.mp3");
    expect(html).not.toContain("Hola");
  });
});

describe("Lessons tab, All levels over HTTP", () => {
  it("renders one page of whole levels, with its place among the pages", async () => {
    await db().insert(levels).values({ languageId: "basque", id: "b1", title: "Erdi maila", cefrLabel: "B1", orderIndex: 1 });
    await db().insert(lessons).values(
      Array.from({ length: LESSONS_PER_PAGE }, (_, i) => ({ languageId: "basque", levelId: "b1", id: `l${i}`, title: `Ikasgaia ${i}`, translatedTitle: `Lesson ${i}`, orderIndex: i })),
    );
    try {
      const first = await (await site.request("/admin/lessons?language=basque&level=all", { cookie: admin })).text();
      expect(first).toContain("Agurrak");
      expect(first).not.toContain("Ikasgaia 0");
      expect(first).toContain("Page 1 of 2");
      const second = await (await site.request("/admin/lessons?language=basque&level=all&page=2", { cookie: admin })).text();
      expect(second).toContain("Ikasgaia 0");
      expect(second).toContain(`Ikasgaia ${LESSONS_PER_PAGE - 1}`);
      expect(second).not.toContain("Agurrak");
      expect(second).toContain("Page 2 of 2");
    } finally {
      await db().delete(lessons).where(and(eq(lessons.languageId, "basque"), eq(lessons.levelId, "b1")));
      await db().delete(levels).where(and(eq(levels.languageId, "basque"), eq(levels.id, "b1")));
    }
  });
});
