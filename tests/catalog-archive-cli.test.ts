import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { changeLog } from "#server/db/schema.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { catalogueFiles, catalogueRows, seedArchiveCatalogue } from "#tests/support/catalog-archive-fixture.ts";
import { quietLogger } from "#tests/support/database.ts";

/**
 * `cli export FILE`, `cli import FILE --dry-run` and `cli import FILE` as an operator runs them: `node cli/main.ts` in a
 * child process, on PGlite data directories (the CLI opens the database the environment names, as the server does).
 */

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-archive-cli-"));
const sourceDir = path.join(root, "source");
const targetDir = path.join(root, "target");
const archive = path.join(root, "catalog.tar");

const envFor = (dataDir: string) => ({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" });

async function withRuntime<T>(dataDir: string, work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await createRuntime(loadEnv(envFor(dataDir)), { initialize: false, logger: quietLogger });
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

async function cli(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["cli/main.ts", ...args], { env: { ...process.env, ...envFor(dataDir) } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const contents = (runtime: Runtime) => Promise.all([catalogueRows(runtime.database.db), catalogueFiles(runtime.database.db, runtime.storage)]);

let expected: Awaited<ReturnType<typeof contents>>;

beforeAll(async () => {
  expected = await withRuntime(sourceDir, async (runtime) => {
    await seedArchiveCatalogue(runtime);
    return contents(runtime);
  });
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("exports, shows a dry run that changes nothing, then imports the same catalogue", async () => {
  const exported = await cli(sourceDir, "export", archive);
  expect(exported.stderr).toBe("");
  expect(exported.code).toBe(0);
  expect(exported.stdout).toMatch(/^Exported 5 phrases and 4 files to .*catalog\.tar \(\d+ bytes\)\.$/m);

  const dryRun = await cli(targetDir, "import", archive, "--dry-run");
  expect(dryRun.code).toBe(0);
  expect(dryRun.stdout).toContain("Dry run: nothing was changed.");
  expect(dryRun.stdout).toContain("phrases: 5 added, 0 changed, 0 removed, 0 unchanged");
  expect(dryRun.stdout).toContain("files: 4 added, 0 changed, 0 removed, 0 unchanged");
  expect(dryRun.stdout).toMatch(/Lessons added \(4\):\n {2}japanese\/a1\/greetings/);
  expect(await withRuntime(targetDir, async (runtime) => (await catalogueRows(runtime.database.db)) as Record<string, unknown[]>)).toEqual({
    languages: [],
    levels: [],
    lessons: [],
    phrases: [],
  });

  const imported = await cli(targetDir, "import", archive);
  expect(imported.code).toBe(0);
  expect(imported.stdout).toContain("Imported the archive:");
  expect(await withRuntime(targetDir, contents)).toEqual(expected);
  // One change log entry for the whole import, by the CLI, with its count (2 languages, 3 levels, 4 lessons, 5
  // phrases and 4 files added); importing the same archive again changes nothing and logs nothing.
  const logged = () => withRuntime(targetDir, (runtime) => runtime.database.db.select().from(changeLog));
  expect(await logged()).toEqual([expect.objectContaining({ action: "Imported the catalog archive", actorEmail: "cli", count: 18 })]);
  expect((await cli(targetDir, "import", archive)).code).toBe(0);
  expect(await logged()).toHaveLength(1);
}, 120_000);

it("refuses a truncated archive with a reason and changes nothing", async () => {
  const truncated = path.join(root, "truncated.tar");
  fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, 1500));
  const before = await withRuntime(targetDir, contents);
  const result = await cli(targetDir, "import", truncated);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^Error: The archive was refused, nothing changed: /);
  expect(await withRuntime(targetDir, contents)).toEqual(before);
}, 60_000);
