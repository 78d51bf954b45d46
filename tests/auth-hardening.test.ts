import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USERNAME_MAX } from "#common/account-limits.ts";
import { AccountError, createConfirmedUser } from "#server/auth/accounts.server.ts";
import { ACCOUNT_SIGN_IN_LIMIT, AUTH_RATE_LIMITS, type AuthLimitKind } from "#server/auth/auth-limits.server.ts";
import { CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import { accounts, mailOutbox, rateLimits, users, verifications } from "#server/db/schema.ts";
import { cookiesFrom, form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { lastMailTo, linkIn } from "#tests/support/auth.ts";
import { confirmedUser, signInThroughForm, snapshot } from "#tests/support/site-fixtures.ts";

/** Issue 8: the auth limits, field rules and session endings hold whichever door or spelling a request uses. */

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
}, 120_000);
afterAll(() => site?.close());

/** Every request from its own client address, unless a test says otherwise (the per-address limits stay out of the way). */
let addresses = 0;
function freshIp() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

let emails = 0;
function freshEmail(label: string) {
  emails += 1;
  return `${label}-${emails}@example.com`;
}

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A POST with the request target exactly as written: fetch would resolve `.`, `..`, `%2e` and `\` before sending, as a
 * browser does, but an attacker's client need not.
 */
function rawPost(target: string, body: unknown, ip: string): Promise<RawResponse> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        method: "POST",
        path: target,
        headers: { "content-type": "application/json", origin: site.url, "x-forwarded-for": ip },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

function apiPost(path: string, body: unknown, ip: string, cookie?: string) {
  return site.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    ip,
    ...(cookie ? { cookie } : {}),
  });
}

function formSignIn(email: string, password: string, ip: string) {
  return site.request("/auth", { ...form({ intent: "sign-in", email, password }), ip });
}

function setsSession(headers: Headers | http.IncomingHttpHeaders) {
  const cookies = headers instanceof Headers ? headers.getSetCookie() : (headers["set-cookie"] ?? []);
  return cookies.some((cookie) => /^phrasewise\.session_token=[^;]/.test(cookie));
}

/** What any auth endpoint could change: accounts, sessions, passwords, pending tokens and mail. */
async function authState() {
  await site.runtime.auth.flushMail();
  const db = site.runtime.database.db;
  const passwords = await db.select({ id: accounts.id, password: accounts.password }).from(accounts).orderBy(accounts.id);
  return JSON.stringify([await snapshot(db), passwords, await db.$count(verifications), await db.$count(mailOutbox)]);
}

describe("every spelling of an auth path is limited (point 1)", () => {
  /** The spellings of one endpoint's path that a lax router could take for it. */
  function spellings(path: string): string[] {
    const base = "/api/auth";
    const last = path.lastIndexOf("/");
    const first = path.split("/")[1]!;
    const afterFirst = path.slice(first.length + 1);
    return [
      `${base}/%2e${path}`,
      `${base}/%2E${path}`,
      `${base}/.${path}`,
      `${base}/x/..${path}`,
      `${base}/x/%2e%2e${path}`,
      `${base}${path.slice(0, last)}/%2E${path.slice(last)}`,
      `${base}/${path}`,
      `${base}${path.slice(0, last)}//${path.slice(last + 1)}`,
      `${base}${path}/`,
      `${base}${path.toUpperCase()}`,
      `${base}${path.slice(0, last)}%2f${path.slice(last + 1)}`,
      `${base}${path.slice(0, last)}%2F${path.slice(last + 1)}`,
      `${base}/x\\..${path}`,
      `${base}${path.replaceAll("/", "\\")}`,
      `${base}${path};x=1`,
      `${base}/${first};x=1${afterFirst}`,
      `${base}${path}?x=1`,
      `/API/AUTH${path}`,
      `${base}/../auth${path}`,
      `/api/x/../auth${path}`,
      `/api//auth${path}`,
    ];
  }

  interface Door {
    path: string;
    kind: AuthLimitKind;
    /** A request the endpoint counts, the n-th of a flood. */
    attempt(n: number): unknown;
    /** The request that must not take effect once the client is over its limit. */
    right(): unknown;
  }

  const target = { email: "spelled@example.com", password: "spelled-pass-1" };
  const unconfirmed = "unconfirmed@example.com";
  let resetToken = "";

  beforeAll(async () => {
    await confirmedUser(site, target.email, target.password);
    const headers = new Headers({ [CLIENT_IP_HEADER]: "127.0.0.9" });
    await site.runtime.auth.api.signUpEmail({ body: { name: "unconfirmed", email: unconfirmed, password: "unconfirmed-1" }, headers });
    await site.runtime.auth.api.requestPasswordReset({ body: { email: target.email }, headers });
    const mail = await lastMailTo(site.runtime.auth, site.runtime.database.db, target.email);
    resetToken = linkIn(mail!.text).searchParams.get("token")!;
  }, 30_000);

  const doors: Door[] = [
    {
      path: "/sign-in/email",
      kind: "sign-in",
      attempt: (n) => ({ email: `flood-${n}@example.com`, password: "wrong-pass" }),
      right: () => target,
    },
    {
      path: "/sign-up/email",
      kind: "sign-up",
      attempt: () => ({ name: "flood", email: freshEmail("flood"), password: "flood-pass-1" }),
      right: () => ({ name: "eve", email: freshEmail("eve"), password: "eve-pass-1" }),
    },
    {
      path: "/request-password-reset",
      kind: "password-reset",
      attempt: (n) => ({ email: `nobody-${n}@example.com` }),
      right: () => ({ email: target.email }),
    },
    {
      path: "/reset-password",
      kind: "password-reset",
      attempt: () => ({ token: "not-a-token", newPassword: "whatever-1" }),
      right: () => ({ token: resetToken, newPassword: "taken-over-1" }),
    },
    {
      path: "/send-verification-email",
      kind: "password-reset",
      attempt: (n) => ({ email: `nobody-${n}@example.com` }),
      right: () => ({ email: unconfirmed }),
    },
  ];

  for (const door of doors) {
    it(`${door.path}: no spelling answers more than the limit, and none takes effect over it`, async () => {
      const { limit } = AUTH_RATE_LIMITS[door.kind];
      for (const spelled of spellings(door.path)) {
        const ip = freshIp();
        const answers: number[] = [];
        for (let n = 0; n <= limit; n++) answers.push((await rawPost(spelled, door.attempt(n), ip)).status);
        // Refused: 404 for a spelling that reaches no endpoint, 429 over the limit. Anything else reached the endpoint.
        const reached = answers.filter((status) => status !== 404 && status !== 429);
        expect(reached.length, `${spelled} answered ${answers.join(", ")}`).toBeLessThanOrEqual(limit);

        const before = await authState();
        const right = await rawPost(spelled, door.right(), ip);
        expect([404, 429], `${spelled} answered ${right.status}`).toContain(right.status);
        expect(setsSession(right.headers), spelled).toBe(false);
        expect(await authState(), spelled).toBe(before);
      }
    }, 120_000);
  }

  it("a spelling other than the canonical one reaches no endpoint at all, limit or not", async () => {
    for (const spelled of spellings("/sign-in/email").filter((s) => !s.includes("?"))) {
      const response = await rawPost(spelled, target, freshIp());
      expect(response.status, spelled).toBe(404);
      expect(setsSession(response.headers), spelled).toBe(false);
    }
    // The canonical path, with or without a query string, still works.
    expect((await rawPost("/api/auth/sign-in/email?x=1", target, freshIp())).status).toBe(200);
  });
});

describe("failed sign-ins are limited per account (point 2)", () => {
  const wrongFromFifteenAddresses = async (email: string) => {
    const statuses: number[] = [];
    for (let n = 1; n <= 15; n++) {
      // Both doors share the count: odd attempts through our /auth form, even ones through the library's endpoint.
      const response =
        n % 2 === 1 ? await formSignIn(email, "wrong-pass", freshIp()) : await apiPost("/api/auth/sign-in/email", { email, password: "wrong-pass" }, freshIp());
      statuses.push(response.status);
    }
    return statuses;
  };
  const { limit } = ACCOUNT_SIGN_IN_LIMIT;
  const lockedOut = [...Array<number>(limit).fill(401), ...Array<number>(15 - limit).fill(429)];

  it("after 10 failures from 15 addresses the account is refused, the right password too, until the window ends", async () => {
    await confirmedUser(site, "stuffed@example.com", "right-pass-1");
    expect(await wrongFromFifteenAddresses("stuffed@example.com")).toEqual(lockedOut);

    const viaForm = await formSignIn("stuffed@example.com", "right-pass-1", freshIp());
    expect(viaForm.status).toBe(429);
    expect(Number(viaForm.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(viaForm.headers.get("retry-after"))).toBeLessThanOrEqual(ACCOUNT_SIGN_IN_LIMIT.windowMs / 1000);
    expect(setsSession(viaForm.headers)).toBe(false);
    const viaApi = await apiPost("/api/auth/sign-in/email", { email: "stuffed@example.com", password: "right-pass-1" }, freshIp());
    expect(viaApi.status).toBe(429);
    expect(await viaApi.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(Number(viaApi.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(setsSession(viaApi.headers)).toBe(false);

    // Ten minutes pass: the window's end is moved into the past in the database, where every app server reads it.
    await site.runtime.database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.bucket, "sign-in-account"));
    expect((await formSignIn("stuffed@example.com", "right-pass-1", freshIp())).status).toBe(302);
    const api = await apiPost("/api/auth/sign-in/email", { email: "stuffed@example.com", password: "right-pass-1" }, freshIp());
    expect(api.status).toBe(200);
    expect(setsSession(api.headers)).toBe(true);
  }, 60_000);

  it("answers an unknown address exactly like an existing one", async () => {
    expect(await wrongFromFifteenAddresses("no-such-account@example.com")).toEqual(lockedOut);
  }, 60_000);

  it("does not count successful sign-ins", async () => {
    await confirmedUser(site, "regular@example.com", "regular-pass-1");
    for (let n = 0; n <= limit; n++) {
      const response = await apiPost("/api/auth/sign-in/email", { email: "regular@example.com", password: "regular-pass-1" }, freshIp());
      expect(response.status).toBe(200);
    }
  }, 60_000);
});

describe("account fields follow one rule through every door (point 4)", () => {
  const tooLong = "n".repeat(USERNAME_MAX + 1);
  const refusedFields = [
    { name: tooLong },
    { name: "x".repeat(5_000) },
    { name: "two\nlines" },
    { name: "   " },
    { name: "ok", image: "javascript:alert(1)" },
    { name: "ok", image: "https://example.com/me.png" },
  ];

  it("sign-up through the API refuses a bad name or any image, for a new and an existing address alike", async () => {
    await confirmedUser(site, "existing@example.com", "existing-pass-1");
    const usersBefore = await site.runtime.database.db.$count(users);
    for (const fields of refusedFields) {
      const answers: string[] = [];
      for (const email of [freshEmail("new"), "existing@example.com"]) {
        const response = await apiPost("/api/auth/sign-up/email", { ...fields, email, password: "some-pass-1" }, freshIp());
        expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
        answers.push(await response.text());
      }
      expect(answers[0]).toBe(answers[1]);
      expect(JSON.parse(answers[0]!)).toMatchObject({ code: "INVALID_ACCOUNT_FIELD" });
    }
    expect(await site.runtime.database.db.$count(users)).toBe(usersBefore);

    const email = freshEmail("fits");
    const fits = await apiPost("/api/auth/sign-up/email", { name: `  ${"n".repeat(USERNAME_MAX)}  `, email, password: "some-pass-1" }, freshIp());
    expect(fits.status).toBe(200);
    const [row] = await site.runtime.database.db.select({ name: users.name, image: users.image }).from(users).where(eq(users.email, email));
    expect(row).toEqual({ name: "n".repeat(USERNAME_MAX), image: null });
  }, 60_000);

  it("update-user through the API refuses a bad name or any image, and keeps the account as it was", async () => {
    await confirmedUser(site, "editor@example.com", "editor-pass-1");
    const cookie = await signInThroughForm(site, "editor@example.com", "editor-pass-1", freshIp());
    const before = await site.runtime.database.db.select().from(users).where(eq(users.email, "editor@example.com"));
    for (const fields of [...refusedFields, { image: "javascript:alert(1)" }, { name: "bell\u0007" }]) {
      const response = await apiPost("/api/auth/update-user", fields, freshIp(), cookie);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect(await site.runtime.database.db.select().from(users).where(eq(users.email, "editor@example.com"))).toEqual(before);

    expect((await apiPost("/api/auth/update-user", { name: "  Ana Lima " }, freshIp(), cookie)).status).toBe(200);
    const [row] = await site.runtime.database.db.select({ name: users.name }).from(users).where(eq(users.email, "editor@example.com"));
    expect(row?.name).toBe("Ana Lima");
  }, 60_000);

  it("the profile form applies the same rule", async () => {
    await confirmedUser(site, "profile@example.com", "profile-pass-1");
    const cookie = await signInThroughForm(site, "profile@example.com", "profile-pass-1", freshIp());
    const save = (username: string) => site.request("/profile", { ...form({ intent: "update-profile", username }), cookie });
    expect((await save(tooLong)).status).toBe(400);
    expect((await save("bell\u0007")).status).toBe(400);
    expect((await save("Ana")).status).toBe(200);
  }, 60_000);

  it("registering through the form and creating a user with the CLI give a name within the rule", async () => {
    const local = "l".repeat(USERNAME_MAX + 10);
    const registered = await site.request("/auth", { ...form({ intent: "register", email: `${local}@example.com`, password: "long-pass-1" }), ip: freshIp() });
    expect(registered.status).toBe(200);
    const db = site.runtime.database.db;
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, `${local}@example.com`));
    expect(row?.name).toBe("l".repeat(USERNAME_MAX));

    // The CLI's user:create.
    const created = await createConfirmedUser(site.runtime.auth, db, { email: `${"c".repeat(USERNAME_MAX + 10)}@example.com`, password: "cli-pass-1" });
    const [cli] = await db.select({ name: users.name }).from(users).where(eq(users.id, created.id));
    expect(cli?.name).toBe("c".repeat(USERNAME_MAX));
    await expect(createConfirmedUser(site.runtime.auth, db, { email: "cli-bad@example.com", password: "cli-pass-1", name: "bad\nname" })).rejects.toThrow(
      AccountError,
    );
    expect(await db.$count(users, eq(users.email, "cli-bad@example.com"))).toBe(0);
  }, 60_000);
});

describe("changing the password ends the other sessions (point 7)", () => {
  for (const revokeOtherSessions of [false, undefined]) {
    it(`through the API, with revokeOtherSessions ${String(revokeOtherSessions)}, and this client keeps a session`, async () => {
      const email = freshEmail("changer");
      await confirmedUser(site, email, "old-pass-1");
      const mine = await signInThroughForm(site, email, "old-pass-1", freshIp());
      const other = await signInThroughForm(site, email, "old-pass-1", freshIp());
      expect((await site.request("/profile", { cookie: other })).status).toBe(200);

      const body = { currentPassword: "old-pass-1", newPassword: "new-pass-1", ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }) };
      const changed = await apiPost("/api/auth/change-password", body, freshIp(), mine);
      expect(changed.status).toBe(200);

      expect((await site.request("/profile", { cookie: other })).status).toBe(302);
      expect((await site.request("/profile", { cookie: cookiesFrom(changed, mine) })).status).toBe(200);
      expect(await signInThroughForm(site, email, "new-pass-1", freshIp())).toMatch(/phrasewise\.session_token=/);
    }, 60_000);
  }
});
