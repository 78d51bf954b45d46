import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authText } from "#common/toast.ts";
import { removeAdminRole } from "#server/admin/users-admin.server.ts";
import { mailOutbox, users } from "#server/db/schema.ts";
import { cookiesFrom, form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { lastMailTo, linkIn } from "#tests/support/auth.ts";
import { confirmedUser, flashTitles, signInThroughForm, snapshot } from "#tests/support/site-fixtures.ts";

/** Rate limits, the Origin check and session revocation, over HTTP against the real routes. */

describe("without a trusted proxy", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ trustProxy: false });
    await confirmedUser(site, "ana@example.com", "anapass1");
  }, 60_000);
  afterAll(() => site?.close());

  it("refuses the 4th sign-in within 10 s with 429, however X-Forwarded-For is forged, on the form and the API alike", async () => {
    const attempt = (n: number) =>
      site.request("/auth", { ...form({ intent: "sign-in", email: "ana@example.com", password: "wrong-pass" }), ip: `192.0.2.${n}` });
    for (const n of [1, 2, 3]) expect((await attempt(n)).status).toBe(401);
    const fourth = await attempt(4);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    // Said above the form, not in a toast as well.
    expect(flashTitles(fourth)).toEqual([]);
    expect(await fourth.text()).toContain("Error signing in");
    // The right password does not get through either, and the library's own endpoint shares the counter.
    const right = await site.request("/auth", { ...form({ intent: "sign-in", email: "ana@example.com", password: "anapass1" }), ip: "192.0.2.99" });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((c) => c.startsWith("phrasewise.session_token"))).toBe(false);
    const api = await site.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.100" },
      body: JSON.stringify({ email: "ana@example.com", password: "anapass1" }),
    });
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("limits registrations and reset requests per client too", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await site.request("/auth/forgot-password", { ...form({ email: `x${n}@example.com` }), ip: `192.0.2.${n}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("refuses a state-changing request from a foreign origin with 403 and changes nothing, ours and the library's", async () => {
    const db = site.runtime.database.db;
    const before = await snapshot(db);
    const mails = await db.$count(mailOutbox);
    const foreign = { origin: "https://evil.example" };
    const ours = await site.request("/auth", { ...form({ intent: "register", email: "eve@example.com", password: "evepass1" }), headers: foreign });
    expect(ours.status).toBe(403);
    const library = await site.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { ...foreign, "content-type": "application/json" },
      body: JSON.stringify({ name: "eve", email: "eve@example.com", password: "evepass1" }),
    });
    expect(library.status).toBe(403);
    const nullOrigin = await site.request("/auth/sign-out", { method: "POST", headers: { origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    // No Origin, but a browser that says the request is cross-site.
    const hidden = await fetch(`${site.url}/auth`, {
      method: "POST",
      body: new URLSearchParams({ intent: "register", email: "eve@example.com", password: "evepass1" }),
      headers: { "sec-fetch-site": "cross-site" },
      redirect: "manual",
    });
    expect(hidden.status).toBe(403);
    expect(await snapshot(db)).toBe(before);
    await site.runtime.auth.flushMail();
    expect(await db.$count(mailOutbox)).toBe(mails);
    expect(await db.$count(users, eq(users.email, "eve@example.com"))).toBe(0);
  });

  it("accepts this site's origin, and clients that send no Origin and no Sec-Fetch-Site (such as the mobile app)", async () => {
    const same = await site.request("/auth/forgot-password", { ...form({ email: "a@example.com" }), ip: "192.0.2.200" });
    expect([200, 429]).toContain(same.status);
    const client = await fetch(`${site.url}/api/auth/get-session`, { method: "GET" });
    expect(client.status).toBe(200);
    const noOrigin = await fetch(`${site.url}/api/auth/sign-out`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(noOrigin.status).not.toBe(403);
  });
});

describe("sessions", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ trustProxy: true });
  }, 60_000);
  afterAll(() => site?.close());

  it("signing out ends the session on the server: the old cookie no longer works", async () => {
    await confirmedUser(site, "out@example.com", "outpass1");
    const cookie = await signInThroughForm(site, "out@example.com", "outpass1", "198.51.100.1");
    expect((await site.request("/profile", { cookie })).status).toBe(200);
    const signOut = await site.request("/auth/sign-out", { method: "POST", cookie });
    expect(signOut.status).toBe(302);
    expect(flashTitles(signOut)).toEqual([authText.signedOut.title]);
    expect((await site.request("/profile", { cookie })).status).toBe(302);
  });

  it("a password reset ends every session of that user", async () => {
    await confirmedUser(site, "reset@example.com", "resetpass1");
    const first = await signInThroughForm(site, "reset@example.com", "resetpass1", "198.51.100.2");
    const second = await signInThroughForm(site, "reset@example.com", "resetpass1", "198.51.100.3");
    expect((await site.request("/profile", { cookie: second })).status).toBe(200);

    expect((await site.request("/auth/forgot-password", { ...form({ email: "reset@example.com" }), ip: "198.51.100.4" })).status).toBe(200);
    const token = linkIn((await lastMailTo(site.runtime.auth, site.runtime.database.db, "reset@example.com"))!.text).searchParams.get("token")!;
    const reset = await site.request("/auth/reset-password", {
      ...form({ token, password: "brandnew1", confirm: "brandnew1" }),
      ip: "198.51.100.5",
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/auth");
    for (const cookie of [first, second]) expect((await site.request("/profile", { cookie })).status).toBe(302);
    // The same link does not work twice.
    const again = await site.request("/auth/reset-password", { ...form({ token, password: "another12", confirm: "another12" }), ip: "198.51.100.6" });
    expect(again.status).toBe(400);
    expect(await signInThroughForm(site, "reset@example.com", "brandnew1", "198.51.100.7")).toMatch(/phrasewise\.session_token=/);
  });

  it("revoking the admin role takes effect on the very next request, with the same session", async () => {
    const admin = await confirmedUser(site, "boss@example.com", "bosspass1", true);
    const cookie = await signInThroughForm(site, "boss@example.com", "bosspass1", "198.51.100.8");
    expect((await site.request("/admin", { cookie })).status).toBe(200);
    await confirmedUser(site, "deputy@example.com", "deputypass1", true);
    await removeAdminRole(site.runtime.database.db, admin, { actor: null, via: "cli" });
    const refused = await site.request("/admin/settings", { cookie });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    expect(flashTitles(refused)).toEqual([authText.adminDenied.title]);
    expect((await site.request("/profile", { cookie })).status).toBe(200);
  });

  it("the owner address becomes admin only once confirmed, and is told so", async () => {
    const owner = await startTestSite({ trustProxy: true, ownerEmail: "owner@example.com" });
    try {
      const registered = await owner.request("/auth", { ...form({ intent: "register", email: "owner@example.com", password: "ownerpass1" }), ip: "198.51.100.20" });
      expect(registered.status).toBe(200);
      const early = await owner.request("/auth", { ...form({ intent: "sign-in", email: "owner@example.com", password: "ownerpass1" }), ip: "198.51.100.21" });
      expect(early.status).toBe(403);
      const ownerRow = (await owner.runtime.database.db.select().from(users).where(eq(users.email, "owner@example.com")))[0]!;
      expect(await owner.runtime.database.db.$count((await import("#server/db/schema.ts")).userRoles)).toBe(0);

      const confirmation = await lastMailTo(owner.runtime.auth, owner.runtime.database.db, "owner@example.com");
      const link = linkIn(confirmation!.text);
      const confirmed = await owner.request(`${link.pathname}${link.search}`);
      expect(confirmed.status).toBe(302);
      expect(flashTitles(confirmed)).toEqual(["Email confirmed"]);

      const signIn = await owner.request("/auth", { ...form({ intent: "sign-in", email: "owner@example.com", password: "ownerpass1" }), ip: "198.51.100.22" });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe("/admin");
      expect(flashTitles(signIn)).toEqual([authText.welcomeBack.title, authText.ownerPromoted.title]);
      const cookie = cookiesFrom(signIn);
      expect((await owner.request("/admin", { cookie })).status).toBe(200);
      expect(ownerRow.emailVerified).toBe(false);
    } finally {
      await owner.close();
    }
  });
});
