import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogToasts } from "#common/catalog-admin.ts";
import { phraseText } from "#common/phrase-form.ts";
import { lessons, phrases } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { openTestDatabase } from "#tests/support/database.ts";
import { fileUpload, shortWav } from "#tests/support/files.ts";
import { flashTitles, seedSmallCatalog, signedInAdminAndLearner, storedFiles } from "#tests/support/site-fixtures.ts";

/**
 * Deleting a language while an admin adds phrases to one of its lessons, as two real requests at once, on PostgreSQL
 * (PGlite runs one transaction at a time, so the two cannot overlap there). A gate (an advisory lock that a trigger
 * waits for, held by the test) stops one transaction at the worst moment until the other is seen waiting on it.
 */

let site: TestSite;
let admin = "";
let gate: Gate;

beforeAll(async () => {
  const database = await openTestDatabase();
  site = await startTestSite({ trustProxy: true, database });
  ({ admin } = await signedInAdminAndLearner(site));
  gate = await openGate(database.url!);
}, 120_000);

afterAll(async () => {
  await gate.close();
  await site?.close();
});

const GATE_LOCK = 4242;

interface Gate {
  /** Makes the trigger `when` on `table` wait until `open`; resolves once it is armed. */
  arm(table: "phrases" | "languages", when: "after insert" | "before delete"): Promise<void>;
  open(): Promise<void>;
  /** Resolves when this many of the site's transactions wait on a lock. */
  waiting(count: number): Promise<void>;
  close(): Promise<void>;
}

async function openGate(url: string): Promise<Gate> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create or replace function test_gate() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock(${GATE_LOCK}); return coalesce(new, old); end $$`);
  return {
    async arm(table, when) {
      await client.query(`select pg_advisory_lock(${GATE_LOCK})`);
      await client.query(`create trigger test_gate ${when} on ${table} for each row execute function test_gate()`);
    },
    async open() {
      await client.query(`select pg_advisory_unlock(${GATE_LOCK})`);
      await client.query("drop trigger if exists test_gate on phrases; drop trigger if exists test_gate on languages");
    },
    async waiting(count) {
      await expect
        .poll(
          async () =>
            Number(
              (
                await client.query<{ n: string }>(
                  "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
                )
              ).rows[0]!.n,
            ),
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(count);
    },
    close: () => client.end(),
  };
}

async function uploadAudio() {
  const response = await site.request("/admin/uploads/audio", { ...fileUpload(shortWav, "voice.wav", "audio/wav"), cookie: admin });
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

function addPhrases(audioUrl: string) {
  const body = new URLSearchParams({ intent: "add", languageId: "spanish", levelId: "a1", lessonId: "greetings", audioUrl });
  body.append("originalText", "Buenas noches");
  body.append("translatedText", "Good night");
  return site.request("/admin/phrases", { method: "POST", body, cookie: admin });
}

const deleteSpanish = () => site.request("/admin/languages", { method: "POST", body: new URLSearchParams({ intent: "delete", id: "spanish" }), cookie: admin });

const fileOf = (url: string) => url.replace(/^\/storage\//, "");

describe("deleting a language while phrases are added to it", () => {
  it("removes the audio of phrases that were committed while the delete waited", async () => {
    await seedSmallCatalog(site);
    const audio = await uploadAudio();
    await gate.arm("phrases", "after insert");
    // The add inserts its rows and is held before its commit; the delete then starts and must wait for it.
    const adding = addPhrases(audio);
    await gate.waiting(1);
    const deleting = deleteSpanish();
    await gate.waiting(2);
    await gate.open();
    const [added, deleted] = await Promise.all([adding, deleting]);
    expect(deleted.status).toBe(200);
    expect(added.status).toBe(200);
    expect(await site.runtime.database.db.$count(phrases)).toBe(0);
    // The rows were added and then deleted with the language: nothing plays the file, so it went with them.
    expect(storedFiles(site)).not.toContain(fileOf(audio));
  });

  it("answers an add that waited for the delete with the spec's failure toast and 409, not 500", async () => {
    await seedSmallCatalog(site);
    const audio = await uploadAudio();
    await gate.arm("languages", "before delete");
    // The delete has locked and removed the lessons and is held before its commit; the add then waits on its lesson.
    const deleting = deleteSpanish();
    await gate.waiting(1);
    const adding = addPhrases(audio);
    await gate.waiting(2);
    await gate.open();
    const [deleted, added] = await Promise.all([deleting, adding]);
    expect(deleted.status).toBe(200);
    expect(await site.runtime.database.db.$count(phrases)).toBe(0);
    expect(added.status).toBe(409);
    expect(flashTitles(added)).toEqual([phraseText.addFailed]);
    // Refused: the dialog keeps its file until it closes (then it is discarded).
    expect(storedFiles(site)).toContain(fileOf(audio));
  });
  it("answers a lesson added while its language is deleted with the spec's failure toast and 409, not 500", async () => {
    await seedSmallCatalog(site);
    await gate.arm("languages", "before delete");
    const deleting = deleteSpanish();
    await gate.waiting(1);
    const body = new URLSearchParams({ intent: "create", languageId: "spanish", levelId: "a1", id: "late", title: "Late", translatedTitle: "Tarde" });
    const adding = site.request("/admin/lessons", { method: "POST", body, cookie: admin });
    await gate.waiting(2);
    await gate.open();
    const [deleted, added] = await Promise.all([deleting, adding]);
    expect(deleted.status).toBe(200);
    expect(added.status).toBe(409);
    expect(flashTitles(added)).toEqual([catalogToasts.lessonAddFailed]);
    expect(await site.runtime.database.db.$count(lessons)).toBe(0);
  });
});
