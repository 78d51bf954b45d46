import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { lastMailTo, linkIn } from "#tests/support/auth.ts";
import { confirmedUser, snapshot } from "#tests/support/site-fixtures.ts";
import { apiClient, expectDocumented } from "#tests/api/support/api-client.ts";

/**
 * Accounts through the app API, as an app would use them (the typed client): register, confirm from the mail, sign
 * in for a bearer token, see and end sessions, sign out. The website's limits hold at this door too (the same
 * counters), and every refused body is a problem document naming its fields.
 */
let site: TestSite;
let ip = 0;
/** A client address of its own for each call that counts against a per-address limit. */
const nextIp = () => `198.18.0.${++ip}`;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
}, 120_000);
afterAll(() => site?.close());

describe("accounts for apps", () => {
  it("registers, confirms from the mail, signs in with a bearer token, lists and ends sessions, signs out", async () => {
    const visitor = apiClient(site, { ip: nextIp() });
    const registered = await visitor.POST("/auth/sign-up", { body: { email: "app-user@example.com", password: "app-pass-1" } });
    expect(registered.response.status).toBe(202);

    // Not confirmed yet: refused, with a fresh confirmation mail.
    const early = await apiClient(site, { ip: nextIp() }).POST("/auth/sign-in", { body: { email: "app-user@example.com", password: "app-pass-1" } });
    expect(early.response.status).toBe(403);
    expect(early.error?.detail).toBe("Please confirm your email address first. We've sent you a new confirmation link.");

    const mail = await lastMailTo(site.runtime.auth, site.runtime.database.db, "app-user@example.com");
    const token = linkIn(mail!.text).searchParams.get("token")!;
    expect((await visitor.POST("/auth/confirm", { body: { token } })).response.status).toBe(204);

    const phone = await apiClient(site, { ip: nextIp() }).POST("/auth/sign-in", {
      body: { email: "app-user@example.com", password: "app-pass-1" },
      headers: { "user-agent": "PhrasewiseApp/1.0 (phone)" },
    });
    expect(phone.response.status).toBe(200);
    expect(phone.response.headers.get("set-cookie")).toBeNull();
    const phoneToken = phone.data!.token;
    expect(phone.data!.user).toMatchObject({ email: "app-user@example.com", username: "app-user", isAdmin: false });
    const tablet = await apiClient(site, { ip: nextIp() }).POST("/auth/sign-in", { body: { email: "app-user@example.com", password: "app-pass-1" } });
    const tabletToken = tablet.data!.token;

    const asPhone = apiClient(site, { token: phoneToken });
    expect((await asPhone.GET("/me")).data).toMatchObject({ email: "app-user@example.com", isAdmin: false });
    const sessions = (await asPhone.GET("/auth/sessions")).data!.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ id: phone.data!.sessionId, userAgent: "PhrasewiseApp/1.0 (phone)" });

    // The phone signs the tablet out: the tablet's very next request is refused.
    expect((await asPhone.DELETE("/auth/sessions/{sessionId}", { params: { path: { sessionId: tablet.data!.sessionId } } })).response.status).toBe(204);
    const tabletAfter = await apiClient(site, { token: tabletToken }).GET("/me");
    expect(tabletAfter.response.status).toBe(401);
    expect(tabletAfter.response.headers.get("www-authenticate")).toMatch(/^Bearer/);

    expect((await asPhone.POST("/auth/sign-out")).response.status).toBe(204);
    expect((await asPhone.GET("/me")).response.status).toBe(401);
  });

  it("takes the token at the auth library's own endpoints too, signed only", async () => {
    const user = await confirmedUser(site, "library@example.com", "library-pass-1");
    const signedIn = await apiClient(site, { ip: nextIp() }).POST("/auth/sign-in", { body: { email: "library@example.com", password: "library-pass-1" } });
    const token = signedIn.data!.token;
    const session = await site.request("/api/auth/get-session", { headers: { authorization: `Bearer ${token}` } });
    expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBe(user.id);
    // The bare session token (a database row's value) is not a credential.
    const bare = await site.request("/api/auth/get-session", { headers: { authorization: `Bearer ${token.slice(0, token.lastIndexOf("."))}` } });
    expect(await bare.json()).toBeNull();
    expect((await apiClient(site, { token: token.slice(0, token.lastIndexOf(".")) }).GET("/me")).response.status).toBe(401);
  });

  it("counts sign-ins with the website's form: the 4th within 10 s from one address is refused at either door", async () => {
    await confirmedUser(site, "limits@example.com", "limits-pass-1");
    const address = nextIp();
    const app = apiClient(site, { ip: address });
    for (let i = 0; i < 2; i++) expect((await app.POST("/auth/sign-in", { body: { email: "limits@example.com", password: "wrong-pass" } })).response.status).toBe(401);
    const viaForm = await site.request("/auth", { ...form({ intent: "sign-in", email: "limits@example.com", password: "wrong-pass" }), ip: address });
    expect(viaForm.status).toBe(401);
    const fourth = await app.POST("/auth/sign-in", { body: { email: "limits@example.com", password: "limits-pass-1" } });
    expect(fourth.response.status).toBe(429);
    expect(Number(fourth.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fourth.error?.retryAfter).toBeGreaterThan(0);
  });

  it("locks an account after 10 failures from any addresses, the right password included", async () => {
    await confirmedUser(site, "lockout@example.com", "lockout-pass-1");
    for (let i = 0; i < 10; i++) {
      const failed = await apiClient(site, { ip: nextIp() }).POST("/auth/sign-in", { body: { email: "lockout@example.com", password: `guess-${i}` } });
      expect(failed.response.status).toBe(401);
    }
    const locked = await apiClient(site, { ip: nextIp() }).POST("/auth/sign-in", { body: { email: "lockout@example.com", password: "lockout-pass-1" } });
    expect(locked.response.status).toBe(429);
  });

  it("refuses bad bodies with problem documents, before and after reading them, and changes nothing", async () => {
    const before = await snapshot(site.runtime.database.db);
    const post = (body: BodyInit, type = "application/json", length?: number) =>
      site.request("/api/v1/auth/sign-in", {
        method: "POST",
        body,
        headers: { "content-type": type, ...(length ? { "content-length": String(length) } : {}) },
        ip: nextIp(),
      });

    const invalid = await post(JSON.stringify({ email: "not-an-email", password: 5 }));
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    await expectDocumented(site, "post", "/auth/sign-in", invalid);
    const problem = (await invalid.json()) as { errors: { pointer: string; detail: string }[] };
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { pointer: "/email", detail: "Please enter a valid email address." },
        expect.objectContaining({ pointer: "/password" }),
      ]),
    );

    const malformed = await post("{ not json");
    expect(malformed.status).toBe(400);
    await expectDocumented(site, "post", "/auth/sign-in", malformed);

    const wrongType = await post("email=a@b.c&password=x", "application/x-www-form-urlencoded");
    expect(wrongType.status).toBe(415);
    await expectDocumented(site, "post", "/auth/sign-in", wrongType);

    const tooLarge = await post(JSON.stringify({ email: "a@example.com", password: "x".repeat(5000) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    await expectDocumented(site, "post", "/auth/sign-in", tooLarge);

    expect(await snapshot(site.runtime.database.db)).toBe(before);
  });

  it("answers unknown paths and methods with problems, and knows only the exact spelling of a path", async () => {
    for (const path of ["/api/v1/nothing-here", "/api/v1/ME", "/api/v1/me/", "/api/v1/%6de"]) {
      const response = await site.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    const wrongMethod = await site.request("/api/v1/me", { method: "PUT" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
  });
});
