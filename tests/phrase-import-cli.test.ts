import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { phraseImportText } from "#common/phrase-import.ts";
import { changeLog, phrases } from "#server/db/schema.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { createLanguage, createLesson, createLevel } from "#server/admin/catalog-admin.server.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";
import { quietLogger } from "#tests/support/database.ts";

/**
 * `cli phrases:import FILE --lesson L/V/S` (issue 27 point 1's first door) as an operator runs it: a file with a bad
 * row changes nothing and names every bad row by line; a good one adds every row at the end of the lesson, without
 * audio, in one transaction, as one change log entry with its count.
 */

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-phrase-import-"));
const dataDir = path.join(root, "data");
const envFor = () => ({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });

async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await createRuntime(loadEnv(envFor()), { initialize: false, logger: quietLogger });
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["cli/main.ts", ...args], { env: { ...process.env, ...envFor() } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const file = (name: string, text: string) => {
  const at = path.join(root, name);
  fs.writeFileSync(at, text);
  return at;
};

const lessonPhrases = () =>
  withRuntime((runtime) =>
    runtime.database.db
      .select({ originalText: phrases.originalText, translatedText: phrases.translatedText, audioUrl: phrases.audioUrl, position: phrases.position, reading: phrases.reading })
      .from(phrases)
      .where(eq(phrases.lessonId, "basics"))
      .orderBy(asc(phrases.position)),
  );

beforeAll(async () => {
  await withRuntime(async (runtime) => {
    const deps = { db: runtime.database.db, events: runtime.events, changes: changeRecorder(runtime.env, cliAuthor) };
    await createLanguage(deps, { id: "spanish", name: "Spanish", flagUrl: "/images/flags/es.svg" });
    await createLevel(deps, { languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", iconUrl: "", isLocked: false });
    await createLesson(deps, { languageId: "spanish", levelId: "a1", id: "basics", title: "Basics", translatedTitle: "Básicos", iconUrl: "", isLocked: false });
  });
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("refuses a file with bad rows whole, naming each by line, and adds nothing", async () => {
  const bad = await cli("phrases:import", file("bad.csv", "Hola,Hello\nSolo\nUno,One,abc\n"), "--lesson", "spanish/a1/basics");
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toContain(phraseImportText.refused(2));
  expect(bad.stdout).toBe(`line 2: ${phraseImportText.translationRequired}\nline 3: ${phraseImportText.badGroup}\n`);
  expect(await lessonPhrases()).toEqual([]);

  const nowhere = await cli("phrases:import", file("good.csv", "Hola,Hello\n"), "--lesson", "spanish/a1/nowhere");
  expect(nowhere.code).not.toBe(0);
  expect(nowhere.stderr).toContain("No lesson spanish/a1/nowhere: nothing was added.");
  const usage = await cli("phrases:import", file("good.csv", "Hola,Hello\n"), "--lesson", "spanish/a1");
  expect(usage.stderr).toContain("--lesson LANGUAGE/LEVEL/LESSON");
});

it("adds every row at the end of the lesson without audio, as one change log entry", async () => {
  const rows = ["original\ttranslation\tgroup\treading", ...Array.from({ length: 20 }, (_, i) => `Frase ${i + 1}\tPhrase ${i + 1}\t${i < 10 ? 1 : ""}\t${i === 0 ? "fra-se" : ""}`)];
  const added = await cli("phrases:import", file("lesson.tsv", rows.join("\n")), "--lesson", "spanish/a1/basics");
  expect(added.stderr).toBe("");
  expect(added.stdout).toContain("Added 20 phrases in 11 audio groups to spanish/a1/basics.");
  const saved = await lessonPhrases();
  expect(saved.map((p) => p.originalText)).toEqual(Array.from({ length: 20 }, (_, i) => `Frase ${i + 1}`));
  expect(saved.map((p) => p.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  expect(saved.every((p) => p.audioUrl === "")).toBe(true);
  expect(saved[0]!.reading).toBe("fra-se");

  const entries = await withRuntime((runtime) => runtime.database.db.select().from(changeLog).where(eq(changeLog.action, "Imported phrases")));
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ section: "catalog", subject: "spanish / a1 / basics", count: 20, actorEmail: "cli" });
});
