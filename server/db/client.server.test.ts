import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, like, sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsApplied, migrationsFolder, openDatabase, type DatabaseHandle } from "#server/db/client.server.ts";
import { blogPosts, languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";

const run = promisify(execFile);

/** A text query on either driver, as migrationsApplied takes it. */
const rawQuery = (handle: DatabaseHandle) => async (text: string) => ({
  rows: ((await handle.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows,
});

/**
 * A copy of the app's migrations folder with one more migration, as the next build would bring it: a `CREATE TABLE`,
 * not idempotent on purpose, so running it on a database that has it would fail the open.
 */
function nextBuildMigrations(): string {
  const next = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-next-migrations-"));
  fs.cpSync(migrationsFolder, next, { recursive: true });
  const journalFile = path.join(next, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_upgrade-probe" });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(next, "9999_upgrade-probe.sql"), "CREATE TABLE upgrade_probe (id integer);");
  return next;
}

describe("catalogue schema", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  async function addLesson(languageId: string) {
    await handle.db.insert(languages).values({ id: languageId, name: "Test" });
    await handle.db.insert(levels).values({ languageId, id: "a1", title: "Beginner", cefrLabel: "A1" });
    await handle.db
      .insert(lessons)
      .values({ languageId, levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos" });
    await handle.db.insert(phrases).values({
      languageId,
      levelId: "a1",
      lessonId: "greetings",
      originalText: "Hola",
      translatedText: "Hello",
      audioUrl: "/storage/content/audio/x.wav",
    });
  }

  it("deleting a language deletes its levels, lessons and phrases", async () => {
    await addLesson("cascade-language");
    await handle.db.delete(languages).where(eq(languages.id, "cascade-language"));
    expect(await handle.db.$count(levels, eq(levels.languageId, "cascade-language"))).toBe(0);
    expect(await handle.db.$count(lessons, eq(lessons.languageId, "cascade-language"))).toBe(0);
    expect(await handle.db.$count(phrases, eq(phrases.languageId, "cascade-language"))).toBe(0);
  });

  it("deleting a level deletes its lessons and phrases, and keeps the language", async () => {
    await addLesson("cascade-level");
    await handle.db.delete(levels).where(eq(levels.languageId, "cascade-level"));
    expect(await handle.db.$count(languages, eq(languages.id, "cascade-level"))).toBe(1);
    expect(await handle.db.$count(lessons, eq(lessons.languageId, "cascade-level"))).toBe(0);
    expect(await handle.db.$count(phrases, eq(phrases.languageId, "cascade-level"))).toBe(0);
  });

  it("the same level id may exist in two languages, but not twice in one", async () => {
    await handle.db.insert(languages).values([{ id: "lang-one", name: "One" }, { id: "lang-two", name: "Two" }]);
    await handle.db.insert(levels).values({ languageId: "lang-one", id: "a1", title: "Beginner", cefrLabel: "A1" });
    await handle.db.insert(levels).values({ languageId: "lang-two", id: "a1", title: "Beginner", cefrLabel: "A1" });
    await expect(
      handle.db.insert(levels).values({ languageId: "lang-one", id: "a1", title: "Again", cefrLabel: "A1" }),
    ).rejects.toThrow();
  });

  it("a lesson cannot point at a level that does not exist", async () => {
    await expect(
      handle.db.insert(lessons).values({ languageId: "nowhere", levelId: "a1", id: "x", title: "X", translatedTitle: "X" }),
    ).rejects.toThrow();
  });

  it("a phrase search reads a few index pages after a bulk insert, not a long list of unmerged rows", async () => {
    // PGlite has no autovacuum: with GIN's default 4 MB pending list, the 2,000 rows below stayed unmerged and every
    // search read all of them (over 100 pages here); the trigram indexes merge every 64 kB (migration 0016).
    await addLesson("bulk-language");
    await handle.db.execute(sql`insert into phrases (language_id, level_id, lesson_id, original_text, translated_text, audio_url, position)
      select 'bulk-language', 'a1', 'greetings', 'frase ' || md5(g::text), 'phrase ' || md5((g + 1)::text), '', g
      from generate_series(1, 2000) g`);
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain (analyze, buffers) select count(*) from phrases where original_text ilike '%zzzzzz%' or translated_text ilike '%zzzzzz%'`,
      )) as unknown as { rows: { "QUERY PLAN": string }[] };
      return result.rows.map((row) => row["QUERY PLAN"]);
    });
    // Each index scan's own "Buffers: shared hit=… read=…" line is the first one after it.
    const scanBuffers = plan.flatMap((line, i) =>
      /Bitmap Index Scan on phrases_\w+_trgm_idx/.test(line) ? [plan.slice(i + 1).find((next) => next.trim().startsWith("Buffers:")) ?? ""] : [],
    );
    const pagesRead = scanBuffers.map((line) => Number(/hit=(\d+)/.exec(line)?.[1] ?? 0) + Number(/read=(\d+)/.exec(line)?.[1] ?? 0));
    expect(pagesRead).toHaveLength(2);
    for (const pages of pagesRead) expect(pages).toBeGreaterThan(0);
    for (const pages of pagesRead) expect(pages).toBeLessThan(20);
  });

  it("blog slugs are unique", async () => {
    await handle.db.insert(blogPosts).values({ title: "A", slug: "same-slug", content: "Body" });
    await expect(handle.db.insert(blogPosts).values({ title: "B", slug: "same-slug", content: "Body" })).rejects.toThrow();
  });
});

describe("embedded database on disk", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-db-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps committed data across a close and reopen", async () => {
    const first = await openDatabase({ dataDir: dir }, quietLogger);
    await first.db.insert(languages).values({ id: "persisted", name: "Persisted" });
    await first.close();
    const second = await openDatabase({ dataDir: dir }, quietLogger);
    expect(await second.db.$count(languages, eq(languages.id, "persisted"))).toBe(1);
    await second.close();
  });

  it("refuses a second opening of the same directory, in this process and from another process", async () => {
    const open = await openDatabase({ dataDir: dir }, quietLogger);
    try {
      await expect(openDatabase({ dataDir: dir }, quietLogger)).rejects.toThrow(/already open in this process/);
      const script = `import { openDatabase } from "#server/db/client.server.ts";
        import { createLogger } from "#server/logger.server.ts";
        try { await openDatabase({ dataDir: ${JSON.stringify(dir)} }, createLogger("silent")); console.log("opened"); }
        catch (e) { console.log(e.message); }`;
      const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
      expect(stdout).toContain(`is in use by another Phrasewise process (pid ${process.pid})`);
    } finally {
      await open.close();
    }
  });

  it("keeps every committed write when the process is killed with SIGKILL", async () => {
    const script = `import { openDatabase } from "#server/db/client.server.ts";
      import { createLogger } from "#server/logger.server.ts";
      import { languages } from "#server/db/schema.ts";
      const handle = await openDatabase({ dataDir: ${JSON.stringify(dir)} }, createLogger("silent"));
      for (let i = 0; i < 20; i++) await handle.db.insert(languages).values({ id: "killed-" + i, name: "Killed " + i });
      console.log("committed");
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("committed") && resolve()));
    child.kill("SIGKILL");
    await new Promise((resolve) => child.on("exit", resolve));

    const reopened = await openDatabase({ dataDir: dir }, quietLogger);
    try {
      expect(await reopened.db.$count(languages, like(languages.id, "killed-%"))).toBe(20);
    } finally {
      await reopened.close();
    }
  });

  it("gives the embedded PostgreSQL the shared buffers asked for, 16 MB unless told", async () => {
    const shown = async (handle: DatabaseHandle) => ((await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers;
    const standard = await openDatabase({ dataDir: dir }, quietLogger);
    try {
      expect(await shown(standard)).toBe("16MB");
    } finally {
      await standard.close();
    }
    const larger = await openDatabase({ dataDir: dir, bufferMb: 40 }, quietLogger);
    try {
      expect(await shown(larger)).toBe("40MB");
    } finally {
      await larger.close();
    }
  });

  it("applies the migrations a data directory made by an older build lacks, and only reads when it has them all", async () => {
    const next = nextBuildMigrations();
    const probes = async (handle: DatabaseHandle) =>
      ((await handle.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'upgrade_probe'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    try {
      const current = await openDatabase({ dataDir: dir }, quietLogger);
      expect(await probes(current)).toBe(0);
      await current.close();
      for (let open = 0; open < 2; open++) {
        const upgraded = await openDatabase({ dataDir: dir, migrations: next }, quietLogger);
        try {
          expect(await probes(upgraded)).toBe(1);
          expect(await migrationsApplied(rawQuery(upgraded), next)).toBe(true);
        } finally {
          await upgraded.close();
        }
      }
    } finally {
      fs.rmSync(next, { recursive: true, force: true });
    }
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    fs.writeFileSync(path.join(dir, "phrasewise.lock"), "999999");
    const handle = await openDatabase({ dataDir: dir }, quietLogger);
    expect(await handle.db.$count(languages)).toBeGreaterThanOrEqual(0);
    await handle.close();
    expect(fs.existsSync(path.join(dir, "phrasewise.lock"))).toBe(false);
  });
});

describe("the migrations' check", () => {
  it("counts a new database as behind, a migrated one as current, and one a newer journal outgrows as behind", async () => {
    const fresh = new PGlite();
    try {
      expect(await migrationsApplied((text) => fresh.query(text))).toBe(false);
    } finally {
      await fresh.close();
    }
    const handle = await openTestDatabase();
    const next = nextBuildMigrations();
    try {
      expect(await migrationsApplied(rawQuery(handle))).toBe(true);
      expect(await migrationsApplied(rawQuery(handle), next)).toBe(false);
    } finally {
      fs.rmSync(next, { recursive: true, force: true });
      await handle.close();
    }
  });
});
