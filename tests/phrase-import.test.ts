import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIO_BACKFILL_API } from "#common/audio-backfill.ts";
import { PHRASE_IMPORT_MAX_BYTES, PHRASE_IMPORT_PATH, type PhraseImportAnswer } from "#common/phrase-import.ts";
import { latestChanges } from "#server/admin/change-log.server.ts";
import { phrases } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { replaceCatalogue } from "#tests/support/catalogue-fixture.ts";
import { signedInAdminAndLearner, snapshot, storedFiles } from "#tests/support/site-fixtures.ts";

/**
 * Import phrases (issue 27 point 1) through its route, over real HTTP on the real database: rows checked before
 * anything is saved, one transaction, each planned audio group spoken as one file with cues by the audio backfill of
 * that lesson, one change log line for the import and one for its audio; refused for everyone but an admin.
 */

let site: TestSite;
let admin = "";
let learner = "";

beforeAll(async () => {
  site = await startTestSite();
  ({ admin, learner } = await signedInAdminAndLearner(site));
  await replaceCatalogue(site.runtime.database.db, [
    {
      id: "spanish",
      name: "Spanish",
      levels: [
        {
          id: "a1",
          title: "Beginner",
          cefrLabel: "A1",
          lessons: [
            { id: "greetings", title: "Greetings", translatedTitle: "Saludos", phrases: [["Hola", "https://cdn.example/hola.mp3"]] },
            { id: "market", title: "Market", translatedTitle: "Mercado", phrases: [] },
          ],
        },
      ],
    },
  ]);
}, 120_000);
afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const market = { languageId: "spanish", levelId: "a1", lessonId: "market" };

function importBody(values: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...market, audio: "groups", ...values })) body.set(name, value);
  return body;
}
async function send(values: Record<string, string>, cookie = admin): Promise<{ status: number; answer: PhraseImportAnswer }> {
  const response = await site.request(PHRASE_IMPORT_PATH, { method: "POST", body: importBody(values), cookie });
  return { status: response.status, answer: (await response.json()) as PhraseImportAnswer };
}
const backfill = async (body: unknown) =>
  (await site.request(AUDIO_BACKFILL_API, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, cookie: admin })).json() as Promise<
    Record<string, unknown>
  >;

const rows = ["original,translation,group", "Uno,One,1", "Dos,Two,1", "Tres,Three,1", '"Cuatro, cinco","Four, five"', "Seis,Six,2", "Siete,Seven,2"].join("\n");

describe("checking rows", () => {
  it("names every bad row with its reasons and saves nothing, for a check and for an import", async () => {
    const before = await snapshot(db());
    const bad = "Uno,One\nDos,\n,Three,x\nCuatro,Four";
    const checked = await send({ intent: "check", text: bad });
    expect(checked.status).toBe(200);
    expect(checked.answer).toMatchObject({ intent: "check", ok: false, error: "2 rows need a fix before anything is imported.", total: 4, bad: 2 });
    const shown = (checked.answer as Extract<PhraseImportAnswer, { intent: "check" }>).rows;
    expect(shown.map((row) => [row.line, row.errors])).toEqual([
      [2, ["The translation is missing."]],
      [3, ["The original text is missing.", "The group must be a whole number from 1 to 1,000."]],
    ]);
    const refused = await send({ intent: "import", text: bad });
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ intent: "check", ok: false, bad: 2 });
    expect(await snapshot(db())).toEqual(before);
  });

  it("refuses a group of more phrases than one file speaks, and a lesson that does not exist, saving nothing", async () => {
    const before = await snapshot(db());
    const big = Array.from({ length: 101 }, (_, i) => `Frase ${i},Phrase ${i},7`).join("\n");
    const checked = await send({ intent: "check", text: big });
    expect(checked.answer).toMatchObject({ ok: false, bad: 1, rows: [{ line: 101, errors: ["Group 7 has more than 100 rows: one audio file speaks at most 100 phrases."] }] });
    const nowhere = await send({ intent: "import", text: rows, lessonId: "no-such-lesson" });
    expect(nowhere).toEqual({ status: 400, answer: { intent: "import", ok: false, error: "Lesson is required" } });
    expect(await snapshot(db())).toEqual(before);
  });

  it("answers a body over its cap with 413 before reading it", async () => {
    const response = await site.request(PHRASE_IMPORT_PATH, {
      method: "POST",
      body: importBody({ intent: "check", text: "x".repeat(PHRASE_IMPORT_MAX_BYTES + 70 * 1024) }),
      cookie: admin,
    });
    expect(response.status).toBe(413);
  });

  it("refuses a visitor and a learner, for a check and an import, and changes nothing", async () => {
    const before = { rows: await snapshot(db()), files: storedFiles(site) };
    for (const [cookie, status] of [
      ["", 401],
      [learner, 403],
    ] as const) {
      for (const intent of ["check", "import"]) {
        const response = await site.request(PHRASE_IMPORT_PATH, { method: "POST", body: importBody({ intent, text: rows }), cookie });
        expect(response.status).toBe(status);
      }
    }
    expect(await snapshot(db())).toEqual(before.rows);
    expect(storedFiles(site)).toEqual(before.files);
  });
});

describe("importing and generating", () => {
  it("saves the rows in order as planned audio groups, and the lesson's backfill speaks each group as one file with cues", async () => {
    const imported = await send({ intent: "import", text: rows });
    expect(imported).toEqual({ status: 200, answer: { intent: "import", ok: true, count: 6, groups: 3 } });

    const saved = await db().select().from(phrases).where(eq(phrases.lessonId, "market")).orderBy(asc(phrases.position));
    expect(saved.map((row) => [row.originalText, row.translatedText, row.audioUrl])).toEqual([
      ["Uno", "One", ""],
      ["Dos", "Two", ""],
      ["Tres", "Three", ""],
      ["Cuatro, cinco", "Four, five", ""],
      ["Seis", "Six", ""],
      ["Siete", "Seven", ""],
    ]);
    const batches = saved.map((row) => row.audioBatch);
    expect(new Set(batches).size).toBe(3);
    expect(batches[0]).toBe(batches[2]);
    expect(batches[4]).toBe(batches[5]);

    // The dialog's loop: the lesson's groups in the order of their first phrase, each spoken alone.
    const spoken: string[] = [];
    for (;;) {
      const next = (await backfill({ intent: "next", lesson: market })) as { group: { batch: string; firstText: string; phraseCount: number } | null; remaining: number };
      if (!next.group) break;
      spoken.push(`${next.group.firstText} (${next.group.phraseCount})`);
      expect(await backfill({ intent: "generate", group: { ...market, batch: next.group.batch } })).toMatchObject({ status: "generated" });
    }
    expect(spoken).toEqual(["Uno (3)", "Cuatro, cinco (1)", "Seis (2)"]);

    const done = await db().select().from(phrases).where(eq(phrases.lessonId, "market")).orderBy(asc(phrases.position));
    const files = done.map((row) => row.audioUrl);
    expect(new Set(files).size).toBe(3);
    expect(files[0]).toBe(files[2]);
    expect(files[3]).not.toBe(files[0]);
    expect(files.every((url) => url.startsWith("/storage/content/audio/"))).toBe(true);
    // Every phrase knows where it is spoken, and no planned group is left.
    expect(done.every((row) => row.cueStartMs !== null && row.cueEndMs! > row.cueStartMs && row.audioBatch === null)).toBe(true);
    const lesson = await (await site.request("/spanish/a1/market")).text();
    for (const url of new Set(files)) expect(lesson).toContain(url);

    // The change log: the import is one entry with its count, the audio one more.
    const { entries } = await latestChanges(db(), { keepDays: 365 });
    expect(entries.slice(0, 2).map((entry) => [entry.action, entry.subject, entry.count, entry.actorEmail])).toEqual([
      ["Generated audio", "spanish / a1 / market", 6, "admin@example.com"],
      ["Imported phrases", "spanish / a1 / market", 6, "admin@example.com"],
    ]);
  });

  it("with a file for each phrase, plans one group a row", async () => {
    const imported = await send({ intent: "import", text: "Ocho,Eight,3\nNueve,Nine,3", audio: "each" });
    expect(imported.answer).toEqual({ intent: "import", ok: true, count: 2, groups: 2 });
    const next = (await backfill({ intent: "next", lesson: market })) as { remaining: number };
    expect(next.remaining).toBe(2);
  });
});
