import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeRecorder, latestChanges, recordChange, textChanges } from "#server/admin/change-log.server.ts";
import { changeLog } from "#server/db/schema.ts";
import { CHANGE_LOG_PAGE } from "#common/change-log.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { flashTitles, signedInAdminAndLearner } from "#tests/support/site-fixtures.ts";

/**
 * Issue 27 point 6: every catalogue, blog and settings write records who, when and what (texts before and after) in
 * its own transaction; a refused write records nothing; the Overview shows the entries to admins only, by section;
 * entries older than CHANGE_LOG_DAYS go.
 */

let site: TestSite;
let admin: string;
let learner: string;

beforeAll(async () => {
  site = await startTestSite();
  ({ admin, learner } = await signedInAdminAndLearner(site));
}, 120_000);
afterAll(() => site?.close());

const db = () => site.runtime.database.db;
const entries = () => latestChanges(db(), { keepDays: 365 }).then((page) => page.entries);
const post = (path: string, values: Record<string, string>, cookie = admin) => site.request(path, { ...form(values), cookie });

describe("textChanges", () => {
  it("names the fields that differ, as text, with empty as null", () => {
    type Row = { title: string; note: string | null; flag: boolean };
    expect(textChanges<Row>({ title: "A", note: "", flag: true }, { title: "B", note: null, flag: false }, ["title", "note", "flag"])).toEqual({
      title: { before: "A", after: "B" },
      flag: { before: "true", after: "false" },
    });
    expect(textChanges(null, { name: "Spanish" }, ["name"])).toEqual({ name: { before: null, after: "Spanish" } });
  });
});

describe("the change log", () => {
  it("records an admin's catalogue writes with who and what, and nothing for a refused one", async () => {
    const added = await post("/admin/languages", { intent: "create", id: "logged", name: "Loggish", flagUrl: "/images/flags/es.svg" });
    expect(added.status).toBe(200);
    const [entry] = await entries();
    expect(entry).toMatchObject({ section: "catalog", action: "Added language", subject: "Loggish (logged)", count: 1, actorEmail: "admin@example.com" });
    expect(entry!.changes).toMatchObject({ name: { before: null, after: "Loggish" } });

    const edited = await post("/admin/languages", { intent: "update", id: "logged", name: "Loggese", flagUrl: "/images/flags/es.svg" });
    expect(edited.status).toBe(200);
    const [edit] = await entries();
    expect(edit).toMatchObject({ action: "Edited language", subject: "Loggese (logged)" });
    expect(edit!.changes).toEqual({ name: { before: "Loggish", after: "Loggese" } });

    const before = (await entries()).length;
    // A duplicate id is refused: no row, no entry.
    const refused = await post("/admin/languages", { intent: "create", id: "logged", name: "Again", flagUrl: "/images/flags/es.svg" });
    expect(refused.status).toBe(400);
    // A learner's replay is refused too.
    const replay = await post("/admin/languages", { intent: "delete", id: "logged" }, learner);
    expect([302, 403]).toContain(replay.status);
    expect((await entries()).length).toBe(before);

    const deleted = await post("/admin/languages", { intent: "delete", id: "logged" });
    expect(deleted.status).toBe(200);
    expect((await entries())[0]).toMatchObject({ action: "Deleted language", subject: "Loggese (logged)" });
  });

  it("records a blog post and a settings change, texts before and after", async () => {
    const created = await post("/admin/blog", { intent: "create", title: "Change log post", content: "First words" });
    expect(flashTitles(created)).toEqual(["Blog post created successfully"]);
    expect((await entries())[0]).toMatchObject({ section: "blog", action: "Added draft post", subject: "Change log post" });

    const saved = await post("/admin/settings?tab=content", {
      intent: "save-content",
      about_title: "About the log",
      about_content: "Who we are",
      who_we_are_title: "",
      who_we_are_content: "",
      how_it_works_title: "",
      how_it_works_content: "",
    });
    expect(saved.status).toBe(200);
    const [settings] = await entries();
    expect(settings).toMatchObject({ section: "settings", action: "Edited settings", subject: "Site settings" });
    expect(settings!.changes?.about_title?.after).toBe("About the log");
    expect(settings!.changes?.about_title?.before).not.toBe("About the log");
  });

  it("shows the entries on the Overview to admins, filtered by section, and to no one else", async () => {
    const page = await (await site.request("/admin", { cookie: admin })).text();
    expect(page).toContain("Latest Changes");
    expect(page).toContain("Change log post");
    expect(page).toContain("Loggese (logged)");
    const blogOnly = await (await site.request("/admin?changes=blog", { cookie: admin })).text();
    expect(blogOnly).toContain("Change log post");
    expect(blogOnly).not.toContain("Loggese (logged)");

    for (const cookie of [learner, ""]) {
      for (const path of ["/admin", "/admin.data", "/admin?changes=catalog", "/admin.data?changes=blog"]) {
        const refused = await site.request(path, { cookie });
        expect(refused.status, `${path} as ${cookie ? "learner" : "visitor"}`).not.toBe(200);
        expect(await refused.text()).not.toContain("Change log post");
      }
    }
  });

  it("pages older entries by a cursor, and removes entries older than the kept days on the next write", async () => {
    const recorder = changeRecorder({ CHANGE_LOG_DAYS: 30 }, { userId: null, email: "cli" });
    await db().insert(changeLog).values({ section: "catalog", action: "Old news", subject: "Long ago", actorEmail: "cli", createdAt: new Date(Date.now() - 40 * 86_400_000) });
    // Not shown once past the kept days, even before it is removed.
    expect((await latestChanges(db(), { keepDays: 30 })).entries.map((e) => e.action)).not.toContain("Old news");
    await db().transaction((tx) => recordChange(tx, recorder, { section: "catalog", action: "Fresh", subject: "Now" }));
    expect(await db().select().from(changeLog).where(eq(changeLog.action, "Old news"))).toEqual([]);

    for (let i = 0; i < 25; i++) await db().transaction((tx) => recordChange(tx, recorder, { section: "settings", action: `Step ${i}`, subject: "Paging" }));
    const first = await latestChanges(db(), { section: "settings", keepDays: 30 });
    expect(first.entries).toHaveLength(CHANGE_LOG_PAGE);
    const seen = first.entries.map((e) => e.id);
    for (let next = first.next; next; ) {
      const page = await latestChanges(db(), { section: "settings", keepDays: 30, olderThan: next });
      seen.push(...page.entries.map((e) => e.id));
      next = page.next;
    }
    // Every entry once, newest first, none skipped.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await db().$count(changeLog, eq(changeLog.section, "settings")));
    // A cursor that is not one is ignored, not an error.
    expect((await latestChanges(db(), { keepDays: 30, olderThan: "nonsense|x" })).entries.length).toBeGreaterThan(0);
  });
});
