import fs from "node:fs";
import { eq } from "drizzle-orm";
import { packTar, unpackTar } from "modern-tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveRefused } from "#server/catalog/archive/archive-format.server.ts";
import { importCatalog, planImport, type ImportDeps } from "#server/catalog/archive/catalog-import.server.ts";
import { phrases, userFavorites, users } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { catalogueFiles, catalogueRows, exportTo, rewriteArchive, seedArchiveCatalogue } from "#tests/support/catalog-archive-fixture.ts";
import { openTestDatabase } from "#tests/support/database.ts";
import { confirmedUser, signedInAdminAndLearner, snapshot, storedFiles } from "#tests/support/site-fixtures.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";

/**
 * The catalogue archive (docs/catalogue-archive.md) between the two database kinds: exported from PGlite, imported into
 * an empty PostgreSQL installation, exported from there and imported into an empty PGlite one; each time the rows, the
 * files and the public catalogue (app API and lesson pages) are the same. Bad archives are refused with nothing changed.
 * Needs the PostgreSQL server (TEST_DATABASE_URL), whichever driver the suite runs on.
 */

let source: TestSite;
let postgres: TestSite;
let pglite: TestSite;

beforeAll(async () => {
  source = await startTestSite({ database: await openTestDatabase("pglite") });
  postgres = await startTestSite({ database: await openTestDatabase("postgres") });
  pglite = await startTestSite({ database: await openTestDatabase("pglite") });
  await seedArchiveCatalogue(source.runtime);
}, 180_000);

afterAll(async () => {
  await Promise.all([source?.close(), postgres?.close(), pglite?.close()]);
});

const depsOf = (site: TestSite): ImportDeps => ({
  changes: changeRecorder(site.runtime.env, cliAuthor),
  db: site.runtime.database.db,
  storage: site.runtime.storage,
  events: site.runtime.events,
  logger: site.runtime.logger,
});

/** What a visitor sees of the catalogue: every app API answer and the open pages' HTML (per-request nonces and the site's own origin left out). */
async function publicCatalogue(site: TestSite) {
  const answers: Record<string, string> = {};
  const get = async (pathname: string) => {
    const response = await site.request(pathname);
    const text = (await response.text()).replaceAll(site.url, "ORIGIN").replace(/nonce="[^"]*"/g, 'nonce=""')
      // The dev server's own build id, different per test site.
      .replace(/"version": "[0-9.]+"/g, '"version": ""');
    answers[pathname] = `${response.status} ${text}`;
    return text;
  };
  const list = JSON.parse(await get("/api/v1/languages")) as { items?: { id: string }[]; languages?: { id: string }[] };
  for (const language of list.items ?? list.languages ?? []) {
    const levels = JSON.parse(await get(`/api/v1/languages/${language.id}/levels`)) as { items?: { id: string }[]; levels?: { id: string }[] };
    await get(`/${language.id}`);
    for (const level of levels.items ?? levels.levels ?? []) {
      const lessons = JSON.parse(await get(`/api/v1/languages/${language.id}/levels/${level.id}/lessons`)) as { items?: { id: string }[]; lessons?: { id: string }[] };
      await get(`/${language.id}/${level.id}`);
      for (const lesson of lessons.items ?? lessons.lessons ?? []) {
        await get(`/api/v1/languages/${language.id}/levels/${level.id}/lessons/${lesson.id}`);
        await get(`/${language.id}/${level.id}/${lesson.id}`);
      }
    }
  }
  return answers;
}

describe("round trip between the database kinds", () => {
  it("PGlite to an empty PostgreSQL and back to an empty PGlite: same rows, same files, same public catalogue", async () => {
    const expectedRows = await catalogueRows(source.runtime.database.db);
    const expectedFiles = await catalogueFiles(source.runtime.database.db, source.runtime.storage);
    const expectedPublic = await publicCatalogue(source);
    expect(Object.keys(expectedFiles)).toHaveLength(4);
    expect(Object.keys(expectedPublic).length).toBeGreaterThan(8);

    const first = await exportTo(source.runtime);
    const plan = await importCatalog(depsOf(postgres), first);
    expect(plan.counts.phrases).toEqual({ added: 5, changed: 0, removed: 0, unchanged: 0 });
    expect(plan.counts.files).toEqual({ added: 4, changed: 0, removed: 0, unchanged: 0 });
    expect(await catalogueRows(postgres.runtime.database.db)).toEqual(expectedRows);
    expect(await catalogueFiles(postgres.runtime.database.db, postgres.runtime.storage)).toEqual(expectedFiles);
    expect(await publicCatalogue(postgres)).toEqual(expectedPublic);

    const second = await exportTo(postgres.runtime);
    await importCatalog(depsOf(pglite), second);
    expect(await catalogueRows(pglite.runtime.database.db)).toEqual(expectedRows);
    expect(await catalogueFiles(pglite.runtime.database.db, pglite.runtime.storage)).toEqual(expectedFiles);
    expect(await publicCatalogue(pglite)).toEqual(expectedPublic);
  }, 120_000);

  it("an archive imported again changes nothing", async () => {
    const archive = await exportTo(source.runtime);
    const before = await snapshot(postgres.runtime.database.db);
    const plan = await importCatalog(depsOf(postgres), archive);
    for (const table of ["languages", "levels", "lessons", "phrases", "files"] as const) {
      expect(plan.counts[table].added + plan.counts[table].changed + plan.counts[table].removed).toBe(0);
    }
    expect(await snapshot(postgres.runtime.database.db)).toBe(before);
  }, 60_000);

  it("keeps planned audio groups, and an archive made before them imports with none", async () => {
    const { db } = postgres.runtime.database;
    const planned = async () => (await db.select({ id: phrases.id, audioBatch: phrases.audioBatch }).from(phrases)).filter((p) => p.audioBatch !== null);
    const archive = await exportTo(source.runtime);
    await importCatalog(depsOf(postgres), archive);
    const [station] = await planned();
    expect(station).toBeDefined();
    const older = await rewriteArchive(archive, (manifest) => {
      for (const phrase of manifest.phrases as Record<string, unknown>[]) delete phrase.audioBatch;
    });
    const plan = await importCatalog(depsOf(postgres), older);
    expect(plan.counts.phrases).toEqual({ added: 0, changed: 1, removed: 0, unchanged: 4 });
    expect(plan.phrases.changed).toEqual([station!.id]);
    expect(await planned()).toEqual([]);
    await importCatalog(depsOf(postgres), archive);
    expect(await planned()).toEqual([station]);
  }, 60_000);
});

describe("import of a changed catalogue", () => {
  it("a dry run lists what would be added, changed and removed, with the learner rows, and changes nothing", async () => {
    const site = pglite;
    const { db } = site.runtime.database;
    const archive = await exportTo(source.runtime);
    // The target drifts from the archive: a phrase of its own (a learner's favorite), a changed text.
    const [extra] = await db
      .insert(phrases)
      .values({ languageId: "spanish", levelId: "a1", lessonId: "basics", originalText: "Adiós", translatedText: "Goodbye", audioUrl: "", position: 1 })
      .returning({ id: phrases.id });
    const learner = await confirmedUser(site, "archive-learner@example.com", "learnerpass1");
    await db.insert(userFavorites).values({ userId: learner.id, phraseId: extra!.id });
    await db.update(phrases).set({ translatedText: "Hi" }).where(eq(phrases.originalText, "Hola"));
    const before = await snapshot(db);
    const filesBefore = storedFiles(site);

    const plan = await planImport(depsOf(site), archive);
    expect(plan.counts.phrases).toEqual({ added: 0, changed: 1, removed: 1, unchanged: 4 });
    expect(plan.phrases.removed).toEqual([extra!.id]);
    expect(plan.learnerRows.favoritesRemoved).toBe(1);
    expect(await snapshot(db)).toBe(before);
    expect(storedFiles(site)).toEqual(filesBefore);

    const applied = await importCatalog(depsOf(site), archive);
    expect(applied.counts.phrases).toEqual(plan.counts.phrases);
    expect(await catalogueRows(db)).toEqual(await catalogueRows(source.runtime.database.db));
    expect(await db.select().from(userFavorites).where(eq(userFavorites.userId, learner.id))).toEqual([]);
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, learner.id))).toHaveLength(1);
  }, 60_000);
});

describe("bad archives are refused with nothing changed", () => {
  async function expectRefused(site: TestSite, archive: string, message: RegExp) {
    const before = await snapshot(site.runtime.database.db);
    const filesBefore = storedFiles(site);
    let events = 0;
    const stop = site.runtime.events.subscribe("catalog", () => events++);
    await expect(planImport(depsOf(site), archive)).rejects.toThrow(ArchiveRefused);
    await expect(importCatalog(depsOf(site), archive)).rejects.toThrow(message);
    stop();
    expect(events).toBe(0);
    expect(await snapshot(site.runtime.database.db)).toBe(before);
    expect(storedFiles(site)).toEqual(filesBefore);
  }

  it("a truncated archive, into two installations with a catalogue", async () => {
    const archive = await exportTo(source.runtime);
    const bytes = fs.readFileSync(archive);
    for (const length of [bytes.byteLength - 1024 - 700, Math.floor(bytes.byteLength / 2), 300]) {
      const cut = `${archive}.cut${length}`;
      fs.writeFileSync(cut, bytes.subarray(0, length));
      await expectRefused(source, cut, /truncated|cannot be read|not valid/);
      await expectRefused(postgres, cut, /truncated|cannot be read|not valid/);
    }
  }, 120_000);

  it("an archive whose row names a file the archive lacks", async () => {
    const archive = await exportTo(source.runtime);
    const [manifestEntry] = await unpackTar(fs.readFileSync(archive));
    const manifest = JSON.parse(new TextDecoder().decode(manifestEntry!.data)) as { files: { sha256: string; key: string }[] };
    const dropped = manifest.files.find((f) => f.key.startsWith("audio/"))!;
    const edited = await rewriteArchive(
      archive,
      (m) => {
        const files = m.files as { sha256: string }[];
        m.files = files.filter((f) => f.sha256 !== dropped.sha256);
        (m.counts as { files: number }).files = (m.files as unknown[]).length;
      },
      (name) => name !== `files/${dropped.sha256}`,
    );
    await expectRefused(postgres, edited, /names the file .* which the archive lacks/);
  }, 60_000);

  it("an altered file and a file left out of the tar", async () => {
    const archive = await exportTo(source.runtime);
    const entries = await unpackTar(fs.readFileSync(archive));
    const altered = entries.map((e) => (e.header.name.startsWith("files/") && e.data!.byteLength > 10 ? { header: e.header, body: e.data!.map((b, i) => (i === 0 ? b ^ 1 : b)) } : { header: e.header, body: e.data }));
    const alteredPath = `${archive}.altered`;
    fs.writeFileSync(alteredPath, await packTar(altered));
    await expectRefused(postgres, alteredPath, /does not match its SHA-256/);

    const lacking = entries.filter((e, i) => !(e.header.name.startsWith("files/") && i === entries.length - 1)).map((e) => ({ header: e.header, body: e.data }));
    const lackingPath = `${archive}.lacking`;
    fs.writeFileSync(lackingPath, await packTar(lacking));
    await expectRefused(postgres, lackingPath, /lacks 1 of its files/);
  }, 60_000);
});

describe("over HTTP, as the admin's buttons use it", () => {
  it("the export downloads as a private attachment; the import's dry run changes nothing, its apply imports; a learner gets 403", async () => {
    const { admin, learner } = await signedInAdminAndLearner(source);
    const refused = await source.request("/admin/catalog/export", { cookie: learner });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-disposition")).toBeNull();

    const download = await source.request("/admin/catalog/export", { cookie: admin });
    expect(download.status).toBe(200);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="phrasewise-catalog-\d{4}-\d{2}-\d{2}\.tar"$/);
    const archive = new Uint8Array(await download.arrayBuffer());
    const [manifest] = await unpackTar(archive);
    expect(manifest!.header.name).toBe("manifest.json");

    const target = postgres;
    const cookies = await signedInAdminAndLearner(target);
    const upload = (intent: string, cookie: string) => {
      const body = new FormData();
      body.set("file", new File([archive], "catalog.tar", { type: "application/x-tar" }));
      return target.request(`/admin/catalog/import?intent=${intent}`, { method: "POST", body, cookie });
    };
    await target.runtime.database.db.delete(phrases).where(eq(phrases.originalText, "Hola"));
    const before = await snapshot(target.runtime.database.db);
    expect((await upload("apply", cookies.learner)).status).toBe(403);
    const dryRun = await upload("dry-run", cookies.admin);
    expect(dryRun.status).toBe(200);
    expect(((await dryRun.json()) as { summary: { counts: { phrases: unknown } } }).summary.counts.phrases).toEqual({ added: 1, changed: 0, removed: 0, unchanged: 4 });
    expect(await snapshot(target.runtime.database.db)).toBe(before);
    const applied = await upload("apply", cookies.admin);
    expect(applied.status).toBe(200);
    expect(await catalogueRows(target.runtime.database.db)).toEqual(await catalogueRows(source.runtime.database.db));
  }, 60_000);
});
