import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessons, sessions, users } from "#server/db/schema.ts";
import { cookiesFrom, form, signedSessionCookie, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { lastMailTo, linkIn } from "#tests/support/auth.ts";
import { confirmedUser, contentChanged, seedSmallCatalog, signInThroughForm } from "#tests/support/site-fixtures.ts";

/**
 * The learner's own state on shared pages (docs/decisions/008-shared-pages-private-viewer.md), over HTTP against the
 * real site: /api/viewer gives each learner their own state and nobody else's, the shared page names nobody, and
 * the signed-in hint cookie follows the session cookie through every door.
 */
let site: TestSite;
let phraseIds: string[];
const ada = { email: "ada@example.com", password: "ada-pass-1" };
const bob = { email: "bob@example.com", password: "bob-pass-1" };
let adaCookie: string;
let bobCookie: string;
let ips = 0;
const freshIp = () => `10.9.${(++ips >> 8) & 255}.${ips & 255}`;
const HINT = "phrasewise.signed_in";
const lessonPath = "/spanish/a1/greetings";

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ({ phraseIds } = await seedSmallCatalog(site));
  await confirmedUser(site, ada.email, ada.password);
  await confirmedUser(site, bob.email, bob.password, true);
  adaCookie = await signInThroughForm(site, ada.email, ada.password, freshIp());
  bobCookie = await signInThroughForm(site, bob.email, bob.password, freshIp());
  // Ada completed the lesson and saved the first phrase; Bob saved only the second.
  const post = (cookie: string, values: Record<string, string>) => site.request(lessonPath, { ...form(values), cookie });
  expect((await post(adaCookie, { intent: "complete", value: "true" })).status).toBe(200);
  expect((await post(adaCookie, { intent: "favorite", phraseId: phraseIds[0]!, value: "true" })).status).toBe(200);
  expect((await post(bobCookie, { intent: "favorite", phraseId: phraseIds[1]!, value: "true" })).status).toBe(200);
}, 120_000);
afterAll(() => site?.close());

const setCookies = (response: Response) => response.headers.getSetCookie();
const hintSet = (response: Response) => setCookies(response).find((c) => c.startsWith(`${HINT}=1;`));
const hintCleared = (response: Response) => setCookies(response).some((c) => c.startsWith(`${HINT}=;`) && /Max-Age=0/.test(c));
const sessionCleared = (response: Response) =>
  setCookies(response).some((c) => c.startsWith("phrasewise.session_token=;") && /Max-Age=0/.test(c));

async function viewer(path: string, cookie?: string) {
  const response = await site.request(`/api/viewer?path=${encodeURIComponent(path)}`, cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("x-cache")).toBeNull();
  return { response, body: (await response.json()) as { user: { email: string } | null; isAdmin: boolean; progress: { completedLessons: string[]; favorites: string[] } } };
}

describe("/api/viewer", () => {
  it("gives each learner their own state on a lesson and a level, also interleaved", async () => {
    const expected = {
      ada: { user: { email: ada.email, name: "ada", image: null }, isAdmin: false, progress: { completedLessons: ["greetings"], favorites: [phraseIds[0]] }, reviewsDue: 1, timeZoneKnown: false },
      bob: { user: { email: bob.email, name: "bob", image: null }, isAdmin: true, progress: { completedLessons: [], favorites: [phraseIds[1]] }, reviewsDue: 1, timeZoneKnown: false },
    };
    const asks = Array.from({ length: 24 }, (_, n) => (n % 2 === 0 ? "ada" : "bob") as "ada" | "bob");
    const answers = await Promise.all(asks.map((who) => viewer(lessonPath, who === "ada" ? adaCookie : bobCookie)));
    answers.forEach(({ body }, n) => expect(body, `answer ${n}`).toEqual(expected[asks[n]!]));

    expect((await viewer("/spanish/a1", adaCookie)).body.progress).toEqual({ completedLessons: ["greetings"], favorites: [] });
    expect((await viewer("/spanish/a1", bobCookie)).body.progress).toEqual({ completedLessons: [], favorites: [] });
    // Other pages show no progress, only who is signed in.
    for (const path of ["/", "/spanish", "/profile", "/blog/some-post", "/spanish/a1/no-such-lesson"]) {
      const { body } = await viewer(path, adaCookie);
      expect(body.user?.email, path).toBe(ada.email);
      expect(body.progress, path).toEqual({ completedLessons: [], favorites: [] });
    }
  });

  it("answers a visitor with nobody and sets no cookie", async () => {
    const { response, body } = await viewer(lessonPath);
    expect(body).toEqual({ user: null, isAdmin: false, progress: { completedLessons: [], favorites: [] }, reviewsDue: 0, timeZoneKnown: false });
    expect(setCookies(response)).toEqual([]);
  });

  it("shows no state for a locked lesson or level", async () => {
    const db = site.runtime.database.db;
    await db.update(lessons).set({ isLocked: true }).where(eq(lessons.id, "greetings"));
    await contentChanged(site, "catalog");
    try {
      expect((await viewer(lessonPath, adaCookie)).body.progress).toEqual({ completedLessons: [], favorites: [] });
      // The level stays open: its page shows the completed (now locked) lesson as before.
      expect((await viewer("/spanish/a1", adaCookie)).body.progress.completedLessons).toEqual(["greetings"]);
    } finally {
      await db.update(lessons).set({ isLocked: false }).where(eq(lessons.id, "greetings"));
      await contentChanged(site, "catalog");
    }
  });

  it("refuses a path that is missing, repeated, not a site path or over 512 characters", async () => {
    const longest = `/${"x".repeat(511)}`;
    expect((await site.request(`/api/viewer?path=${longest}`, { cookie: adaCookie })).status).toBe(200);
    for (const query of ["", "?path=", "?path=/a&path=/b", "?path=spanish", `?path=${longest}x`, "?path=/a%0Ab", "?other=/"]) {
      const response = await site.request(`/api/viewer${query}`, { cookie: adaCookie });
      expect(response.status, query).toBe(400);
      expect(response.headers.get("cache-control"), query).toBe("private, no-store");
    }
  });
});

describe("the shared page", () => {
  it("is the same bytes for a visitor and two learners, from the cache, and names nobody", async () => {
    for (const path of [lessonPath, "/spanish/a1", "/", "/spanish/a1/greetings.data"]) {
      await contentChanged(site, "catalog");
      const visitor = await site.request(path);
      expect(visitor.headers.get("x-cache"), path).toBe("MISS");
      const html = await visitor.text();
      for (const cookie of [adaCookie, bobCookie]) {
        const learner = await site.request(path, { cookie });
        expect(learner.headers.get("x-cache"), path).toBe("HIT");
        expect(await learner.text(), path).toBe(html);
      }
      for (const name of [ada.email, bob.email, "You completed this lesson", "Mark as not completed"]) {
        expect(html, `${path} names ${name}`).not.toContain(name);
      }
    }
  });

  it("rendered first for a learner is what a visitor gets", async () => {
    await contentChanged(site, "catalog");
    const learner = await site.request(lessonPath, { cookie: adaCookie });
    expect(learner.headers.get("x-cache")).toBe("MISS");
    const html = await learner.text();
    expect(html).not.toContain(ada.email);
    expect(html).not.toContain("You completed this lesson");
    const visitor = await site.request(lessonPath);
    expect(visitor.headers.get("x-cache")).toBe("HIT");
    expect(await visitor.text()).toBe(html);
  });
});

describe("the signed-in hint cookie", () => {
  const sessionMaxAge = (response: Response) =>
    /Max-Age=(\d+)/.exec(setCookies(response).find((c) => c.startsWith("phrasewise.session_token=")) ?? "")?.[1];

  it("comes with a sign-in through the /auth form, as long-lived as the session, readable by scripts", async () => {
    const response = await site.request("/auth", { ...form({ intent: "sign-in", ...ada }), ip: freshIp() });
    expect(response.status).toBe(302);
    const hint = hintSet(response);
    expect(hint).toBeDefined();
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\//);
    expect(/Max-Age=(\d+)/.exec(hint!)?.[1]).toBe(sessionMaxAge(response));
  });

  it("follows the auth library's own endpoints: sign-up and confirmation give none, sign-in gives it, sign-out clears it", async () => {
    const email = "carol@example.com";
    const api = (path: string, body: unknown, cookie?: string) =>
      site.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), ip: freshIp(), ...(cookie ? { cookie } : {}) });
    const signUp = await api("/api/auth/sign-up/email", { name: "carol", email, password: "carol-pass-1" });
    expect(signUp.status).toBe(200);
    expect(hintSet(signUp)).toBeUndefined();
    const mail = await lastMailTo(site.runtime.auth, site.runtime.database.db, email);
    const token = linkIn(mail!.text).searchParams.get("token")!;
    const verified = await site.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.status).toBeLessThan(400);
    expect(hintSet(verified)).toBeUndefined();
    const signIn = await api("/api/auth/sign-in/email", { email, password: "carol-pass-1" });
    expect(signIn.status).toBe(200);
    expect(hintSet(signIn)).toBeDefined();
    expect(/Max-Age=(\d+)/.exec(hintSet(signIn)!)?.[1]).toBe(sessionMaxAge(signIn));
    const cookie = cookiesFrom(signIn);
    expect((await viewer("/", cookie)).body.user?.email).toBe(email);
    const signOut = await api("/api/auth/sign-out", {}, cookie);
    expect(signOut.status).toBe(200);
    expect(hintCleared(signOut)).toBe(true);
  });

  it("is cleared by the sign-out route", async () => {
    const cookie = await signInThroughForm(site, ada.email, ada.password, freshIp());
    expect(cookie).toContain(`${HINT}=1`);
    const response = await site.request("/auth/sign-out", { method: "POST", cookie });
    expect(response.status).toBe(302);
    expect(sessionCleared(response)).toBe(true);
    expect(hintCleared(response)).toBe(true);
  });

  it("and the session cookie are cleared by /api/viewer when the session has ended", async () => {
    const cookie = await signInThroughForm(site, ada.email, ada.password, freshIp());
    const token = decodeURIComponent(/phrasewise\.session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
    await site.runtime.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    const { response, body } = await viewer(lessonPath, cookie);
    expect(body.user).toBeNull();
    expect(sessionCleared(response)).toBe(true);
    expect(hintCleared(response)).toBe(true);
    // A forged or unknown session cookie the same.
    for (const forged of [signedSessionCookie("no-such-session"), "phrasewise.session_token=garbage"]) {
      const answer = await viewer(lessonPath, `${forged}; ${HINT}=1`);
      expect(answer.body.user, forged).toBeNull();
      expect(sessionCleared(answer.response), forged).toBe(true);
      expect(hintCleared(answer.response), forged).toBe(true);
    }
  });

  it("counts an unconfirmed account's session as none", async () => {
    const cookie = await signInThroughForm(site, bob.email, bob.password, freshIp());
    await site.runtime.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, bob.email));
    try {
      expect((await viewer(lessonPath, cookie)).body.user).toBeNull();
    } finally {
      await site.runtime.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, bob.email));
    }
  });

  it("is given back to a session that lacks it, and cleared when no session cookie comes with it, on cached pages too", async () => {
    const session = adaCookie.split("; ").find((pair) => pair.startsWith("phrasewise.session_token="))!;
    await site.request(lessonPath);
    const missing = await site.request(lessonPath, { cookie: session });
    expect(missing.headers.get("x-cache")).toBe("HIT");
    expect(hintSet(missing)).toBeDefined();
    const orphan = await site.request(lessonPath, { cookie: `${HINT}=1` });
    expect(orphan.headers.get("x-cache")).toBe("HIT");
    expect(hintCleared(orphan)).toBe(true);
    const both = await site.request(lessonPath, { cookie: adaCookie });
    expect(setCookies(both)).toEqual([]);
  });
});
