import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authText } from "#common/toast.ts";
import { usersText } from "#common/users-admin.ts";
import {
  grantAdminByEmail,
  grantAdminRole,
  lastAdminMessage,
  listUsers,
  noAccountMessage,
  removeAdminRole,
  RoleChangeError,
  userDetails,
} from "#server/admin/users-admin.server.ts";
import { isAdmin } from "#server/auth/roles.server.ts";
import { openDatabase } from "#server/db/client.server.ts";
import { roleAuditLog, userRoles, users } from "#server/db/schema.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { quietLogger } from "#tests/support/database.ts";
import { confirmedUser, flashTitles, signInThroughForm } from "#tests/support/site-fixtures.ts";

/** The Users tab (issue 11): the role service, its guard and audit log, the list, and the route's actions over HTTP. */

let site: TestSite;
let db: TestSite["runtime"]["database"]["db"];
let admin: { id: string; email: string };
let adminCookie = "";
let ip = 0;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true, ownerEmail: "owner@example.com" });
  db = site.runtime.database.db;
  admin = await confirmedUser(site, "chief@example.com", "chiefpass1", true);
  adminCookie = await signInThroughForm(site, "chief@example.com", "chiefpass1", "198.51.100.200");
}, 120_000);

afterAll(() => site?.close());

const post = (values: Record<string, string>, cookie = adminCookie) =>
  site.request("/admin/users", { ...form(values), cookie, ip: `203.0.113.${(ip += 1) % 250}` });

async function auditFor(userId: string) {
  return db
    .select({ action: roleAuditLog.action, actor: roleAuditLog.actorEmail, via: roleAuditLog.via, target: roleAuditLog.targetEmail })
    .from(roleAuditLog)
    .where(eq(roleAuditLog.targetUserId, userId))
    .orderBy(asc(roleAuditLog.createdAt));
}

describe("the role service", () => {
  it("audits every grant and removal, in the same transaction, and only real changes", async () => {
    const user = await confirmedUser(site, "audited@example.com", "auditpass1");
    const by = { actor: admin, via: "admin" as const };
    expect(await grantAdminRole(db, user, by)).toBe(true);
    expect(await grantAdminRole(db, user, by)).toBe(false);
    expect(await removeAdminRole(db, user, by)).toBe(true);
    expect(await removeAdminRole(db, user, by)).toBe(false);
    expect(await auditFor(user.id)).toEqual([
      { action: "grant", actor: "chief@example.com", via: "admin", target: "audited@example.com" },
      { action: "remove", actor: "chief@example.com", via: "admin", target: "audited@example.com" },
    ]);
  });

  it("never removes the last administrator, whoever asks, and says why", async () => {
    const others = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
    expect(others.map((r) => r.userId)).toEqual([admin.id]);
    await expect(removeAdminRole(db, admin, { actor: admin, via: "self" })).rejects.toThrow(new RoleChangeError(lastAdminMessage.self));
    await expect(removeAdminRole(db, admin, { actor: null, via: "cli" })).rejects.toThrow(lastAdminMessage.other);
    expect(await isAdmin(db, admin.id)).toBe(true);
    expect(await auditFor(admin.id)).toEqual([{ action: "grant", actor: null, via: "cli", target: "chief@example.com" }]);
  });

  it("grants by email only to an existing account", async () => {
    await expect(grantAdminByEmail(db, "nobody@example.com", { actor: admin, via: "admin" })).rejects.toThrow(noAccountMessage("nobody@example.com"));
    const user = await confirmedUser(site, "byemail@example.com", "emailpass1");
    const { granted } = await grantAdminByEmail(db, "  ByEmail@Example.com ", { actor: admin, via: "admin" });
    expect(granted).toBe(true);
    expect(await isAdmin(db, user.id)).toBe(true);
    await removeAdminRole(db, user, { actor: admin, via: "admin" });
  });

  it("lists users page by page, newest first, searched by email on the server, with the name fallback", async () => {
    for (let i = 0; i < 7; i += 1) await confirmedUser(site, `page-${String(i).padStart(2, "0")}@list.example`, "listpass1");
    const nameless = await confirmedUser(site, "no.name@list.example", "listpass1");
    await db.update(users).set({ name: "" }).where(eq(users.id, nameless.id));

    const first = await listUsers(db, { search: "@LIST.example", pageSize: 3 });
    expect(first).toMatchObject({ matches: 8, page: 1, pages: 3 });
    expect(first.total).toBeGreaterThanOrEqual(9);
    expect(first.users).toHaveLength(3);
    expect(first.users[0]).toMatchObject({ email: "no.name@list.example", name: "no.name", isAdmin: false, emailConfirmed: true });
    const last = await listUsers(db, { search: "@list.example", pageSize: 3, page: 99 });
    expect(last.page).toBe(3);
    expect(last.users).toHaveLength(2);
    expect(last.users.at(-1)?.email).toBe("page-00@list.example");
    // LIKE's wildcards are matched literally.
    expect((await listUsers(db, { search: "page-_0" })).matches).toBe(0);
    expect((await listUsers(db, { search: "%" })).matches).toBe(0);
  });

  it("promotes the owner email through the same door, audited", async () => {
    const owner = await confirmedUser(site, "owner@example.com", "ownerpass1");
    const response = await site.request("/auth", { ...form({ intent: "sign-in", email: "owner@example.com", password: "ownerpass1" }), ip: "198.51.100.201" });
    expect(response.status).toBe(302);
    expect(flashTitles(response)).toContain(authText.ownerPromoted.title);
    expect(await auditFor(owner.id)).toEqual([{ action: "grant", actor: null, via: "owner", target: "owner@example.com" }]);
    await removeAdminRole(db, owner, { actor: admin, via: "admin" });
  });
});

describe("the Users tab over HTTP", () => {
  it("shows the table, its caption and the name fallback, and searches by email", async () => {
    const nameless = await confirmedUser(site, "unnamed.http@example.com", "unnamedpass1");
    await db.update(users).set({ name: "" }).where(eq(users.id, nameless.id));
    await confirmedUser(site, "other.http@example.com", "otherpass1");
    const page = await site.request("/admin/users?q=unnamed.HTTP", { cookie: adminCookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Email", "Name", "Admin", "Verification", "Email Confirmed", "Joined", "Actions", "Total users: ", usersText.alert, "Make Myself Admin"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("unnamed.http@example.com");
    expect(html).toMatch(/>unnamed\.http<\/td>/);
    expect(html).not.toContain("other.http@example.com");
  });

  it("Make Admin takes effect on the user's very next request, Remove Admin too", async () => {
    const learner = await confirmedUser(site, "rising@example.com", "risingpass1");
    const cookie = await signInThroughForm(site, "rising@example.com", "risingpass1", "198.51.100.202");
    expect((await site.request("/admin", { cookie })).status).toBe(302);

    const made = await post({ intent: "make-admin", userId: learner.id });
    expect(made.status).toBe(200);
    expect(flashTitles(made)).toEqual(["User rising@example.com has been granted admin privileges"]);
    expect((await site.request("/admin", { cookie })).status).toBe(200);

    const removed = await post({ intent: "remove-admin", userId: learner.id });
    expect(removed.status).toBe(200);
    expect(flashTitles(removed)).toEqual([usersText.removed.title]);
    const refused = await site.request("/admin", { cookie });
    expect(refused.status).toBe(302);
    expect(flashTitles(refused)).toEqual([authText.adminDenied.title]);
    expect(await auditFor(learner.id)).toEqual([
      { action: "grant", actor: "chief@example.com", via: "admin", target: "rising@example.com" },
      { action: "remove", actor: "chief@example.com", via: "admin", target: "rising@example.com" },
    ]);

    // The Details dialog's data (the dialog itself renders in the browser).
    const details = await userDetails(db, learner.id);
    expect(details?.audit.map((e) => [e.action, e.actorEmail])).toEqual([
      ["remove", "chief@example.com"],
      ["grant", "chief@example.com"],
    ]);
    expect((await site.request(`/admin/users.data?user=${learner.id}`, { cookie: adminCookie })).status).toBe(200);
  });

  it("grants by email: empty, unknown and known addresses get the spec's messages", async () => {
    const blank = await post({ intent: "grant-by-email", email: "   " });
    expect(blank.status).toBe(400);
    expect(flashTitles(blank)).toEqual([usersText.emptyEmail]);

    const unknown = await post({ intent: "grant-by-email", email: "ghost@example.com" });
    expect(unknown.status).toBe(409);
    expect(flashTitles(unknown)).toEqual([`Failed to add admin: ${noAccountMessage("ghost@example.com")}`]);

    const user = await confirmedUser(site, "granted@example.com", "grantedpass1");
    const granted = await post({ intent: "grant-by-email", email: "granted@example.com" });
    expect(granted.status).toBe(200);
    expect(flashTitles(granted)).toEqual(["User granted@example.com has been granted admin privileges"]);
    expect(await isAdmin(db, user.id)).toBe(true);
    await removeAdminRole(db, user, { actor: admin, via: "admin" });
  });

  it("the last admin cannot remove their own role; with another admin, only after confirming, and then leaves the admin area", async () => {
    const guarded = await post({ intent: "remove-admin", userId: admin.id, confirmSelf: "yes" });
    expect(guarded.status).toBe(409);
    expect(flashTitles(guarded)).toEqual([`Failed to remove admin: ${lastAdminMessage.self}`]);
    expect(await isAdmin(db, admin.id)).toBe(true);

    const deputy = await confirmedUser(site, "deputy@example.com", "deputypass1", true);
    const deputyCookie = await signInThroughForm(site, "deputy@example.com", "deputypass1", "198.51.100.203");
    const unconfirmed = await post({ intent: "remove-admin", userId: deputy.id }, deputyCookie);
    expect(unconfirmed.status).toBe(400);
    expect(await isAdmin(db, deputy.id)).toBe(true);

    const confirmed = await post({ intent: "remove-admin", userId: deputy.id, confirmSelf: "yes" }, deputyCookie);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(flashTitles(confirmed)).toEqual([usersText.removed.title]);
    expect(await isAdmin(db, deputy.id)).toBe(false);
    expect((await auditFor(deputy.id)).at(-1)).toEqual({ action: "remove", actor: "deputy@example.com", via: "self", target: "deputy@example.com" });
  });

  it("Make Myself Admin, and the failure toasts for a user that is gone", async () => {
    const already = await post({ intent: "make-myself-admin" });
    expect(already.status).toBe(200);
    expect(flashTitles(already)).toEqual(["You already have admin privileges"]);
    const gone = await post({ intent: "make-admin", userId: "no-such-user" });
    expect(gone.status).toBe(404);
    expect(flashTitles(gone)).toEqual(["Failed to update user: That user no longer exists"]);
    const goneRemove = await post({ intent: "remove-admin", userId: "no-such-user" });
    expect(flashTitles(goneRemove)).toEqual(["Failed to remove admin: That user no longer exists"]);
  });

  it("Details shows the account's facts and progress counts", async () => {
    const user = await confirmedUser(site, "facts@example.com", "factspass1");
    const facts = await userDetails(db, user.id);
    expect(facts).toMatchObject({ email: "facts@example.com", isAdmin: false, emailConfirmed: true, completedLessons: 0, favorites: 0, audit: [] });
    const answer = await site.request(`/admin/users.data?user=${user.id}`, { cookie: adminCookie });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("facts@example.com");
  });
});

describe("the CLI's door", () => {
  const exec = promisify(execFile);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-users-cli-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", DATABASE_URL: "", SMTP_URL: "" };
  async function cli(...args: string[]) {
    try {
      const { stdout } = await exec(process.execPath, ["cli/main.ts", ...args], { env });
      return { code: 0, out: stdout.trim() };
    } catch (error) {
      const failure = error as { code: number; stderr: string };
      return { code: failure.code, out: failure.stderr.trim() };
    }
  }

  it("admin:grant and admin:revoke are audited and keep the last-admin guard", async () => {
    expect((await cli("user:create", "--email", "op@example.com", "--password", "oppass1", "--admin")).code).toBe(0);
    expect(await cli("admin:revoke", "op@example.com")).toEqual({ code: 1, out: `Error: ${lastAdminMessage.other}` });
    expect((await cli("user:create", "--email", "two@example.com", "--password", "twopass1")).code).toBe(0);
    expect(await cli("admin:grant", "two@example.com")).toEqual({ code: 0, out: "two@example.com is now an administrator." });
    expect(await cli("admin:revoke", "op@example.com")).toEqual({ code: 0, out: "op@example.com is no longer an administrator." });
    const handle = await openDatabase({ dataDir }, quietLogger);
    try {
      const rows = await handle.db
        .select({ action: roleAuditLog.action, target: roleAuditLog.targetEmail, via: roleAuditLog.via, actor: roleAuditLog.actorUserId })
        .from(roleAuditLog)
        .orderBy(asc(roleAuditLog.createdAt));
      expect(rows).toEqual([
        { action: "grant", target: "op@example.com", via: "cli", actor: null },
        { action: "grant", target: "two@example.com", via: "cli", actor: null },
        { action: "remove", target: "op@example.com", via: "cli", actor: null },
      ]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
