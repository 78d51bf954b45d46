import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flashCookie } from "#server/auth/flash.server.ts";
import { signedSessionCookie, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser, contentChanged, seedSmallCatalog, signInThroughForm } from "#tests/support/site-fixtures.ts";

/**
 * Who gets the shared page cache, over HTTP against the real site. Only a flash message that verifies passes it by;
 * a session gets the shared page too (its own state comes from /api/viewer, tests/viewer.test.ts), and a page that
 * reads the session is sent private and never stored. A response's X-Cache says HIT or MISS, and its CSP nonce
 * identifies its render: equal nonces mean the same render.
 */
let site: TestSite;
let sessionCookie: string;
const email = "cached@example.com";

beforeAll(async () => {
  site = await startTestSite();
  await seedSmallCatalog(site);
  await confirmedUser(site, email, "cachedpass1");
  sessionCookie = await signInThroughForm(site, email, "cachedpass1", "192.0.2.10");
}, 120_000);
afterAll(() => site?.close());

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

/** An empty cache, then `path` stored by a visitor's request. */
async function primed(path: string) {
  await contentChanged(site, "catalog");
  const first = await site.request(path);
  expect(first.headers.get("x-cache")).toBe("MISS");
  return { nonce: nonceOf(first), html: await first.text() };
}

describe("cookies that only look like ours", () => {
  const forged = () => [
    "phrasewise.flash=x",
    "phrasewise.session_token=x",
    "__Secure-phrasewise.session_token=x",
    // A well-formed value with a signature of the right shape, made with another secret.
    signedSessionCookie("some-token-of-a-session", "another-secret-another-secret-0123456789"),
    // Signed with our secret, but no such session exists (ended, or never was).
    signedSessionCookie("no-such-session-token"),
    `phrasewise.flash=${flashCookie([{ type: "success", title: "Forged" }], { secret: "another-secret-another-secret-0123456789", secure: false }).split(";")[0]!.split("=")[1]}`,
    "phrasewise.flash=x; phrasewise.session_token=y; theme=dark",
  ];

  it("are answered from the cache, with the very render a visitor got", async () => {
    const cached = await primed("/spanish/a1");
    for (const cookie of forged()) {
      const response = await site.request("/spanish/a1", { cookie });
      expect(response.headers.get("x-cache"), cookie).toBe("HIT");
      expect(nonceOf(response), cookie).toBe(cached.nonce);
      expect(response.headers.get("cache-control"), cookie).toBe("no-cache");
      expect(await response.text()).toBe(cached.html);
    }
  });

  it("on an empty cache render what any visitor gets, and that render is stored for everyone", async () => {
    for (const cookie of forged()) {
      await contentChanged(site, "catalog");
      const rendered = await site.request("/spanish", { cookie });
      expect(rendered.headers.get("x-cache"), cookie).toBe("MISS");
      // A session cookie signed with our secret gets the signed-in hint back (/api/viewer then clears both).
      expect(rendered.headers.getSetCookie().filter((c) => !c.startsWith("phrasewise.signed_in=1;")), cookie).toEqual([]);
      const next = await site.request("/spanish");
      expect(next.headers.get("x-cache"), cookie).toBe("HIT");
      expect(nonceOf(next), cookie).toBe(nonceOf(rendered));
    }
  });
});

describe("a real session", () => {
  it("gets the shared page from the cache, with no session lookup, byte for byte what a visitor got", async () => {
    const cached = await primed("/spanish/a1/greetings");
    const getSession = vi.spyOn(site.runtime.auth.api, "getSession");
    try {
      for (let n = 0; n < 2; n++) {
        const response = await site.request("/spanish/a1/greetings", { cookie: sessionCookie });
        expect(response.headers.get("x-cache")).toBe("HIT");
        expect(response.headers.get("cache-control")).toBe("no-cache");
        expect(nonceOf(response)).toBe(cached.nonce);
        const html = await response.text();
        expect(html).toBe(cached.html);
        expect(html).not.toContain(email);
      }
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
  });

  it("renders a missing page as for a visitor and stores it for everyone", async () => {
    await contentChanged(site, "catalog");
    const rendered = await site.request("/spanish/a1", { cookie: sessionCookie });
    expect(rendered.headers.get("x-cache")).toBe("MISS");
    expect(await rendered.text()).not.toContain(email);
    const visitor = await site.request("/spanish/a1");
    expect(visitor.headers.get("x-cache")).toBe("HIT");
    expect(nonceOf(visitor)).toBe(nonceOf(rendered));
  });

  it("gets shared .data answers too", async () => {
    await primed("/_.data");
    const response = await site.request("/_.data", { cookie: sessionCookie });
    expect(response.headers.get("x-cache")).toBe("HIT");
    expect(await response.text()).not.toContain(email);
  });
});

describe("a page that reads the session", () => {
  it("is sent private and never stored, for a learner as for a visitor", async () => {
    await contentChanged(site, "catalog");
    for (let n = 0; n < 2; n++) {
      const profile = await site.request("/profile", { cookie: sessionCookie });
      expect(profile.status).toBe(200);
      expect(profile.headers.get("x-cache")).toBeNull();
      expect(profile.headers.get("cache-control")).toBe("private, no-cache");
      expect(await profile.text()).toContain(email);
      const data = await site.request("/profile.data", { cookie: sessionCookie });
      expect(data.headers.get("x-cache")).toBeNull();
      expect(data.headers.get("cache-control")).toBe("private, no-cache");
      expect(await data.text()).toContain(email);
      // /auth asks who is signed in to send them on: a visitor's form is not stored either.
      const auth = await site.request("/auth");
      expect(auth.status).toBe(200);
      expect(auth.headers.get("x-cache")).toBeNull();
      expect(auth.headers.get("cache-control")).toBe("private, no-cache");
      const signedIn = await site.request("/auth", { cookie: sessionCookie });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    }
    // Nothing of it reached the shared cache: a visitor's /profile is the sign-in redirect, not the learner's page.
    const visitor = await site.request("/profile");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("a real flash message", () => {
  it("passes the cache by, shows its toast once and clears itself", async () => {
    const cached = await primed("/languages");
    const flash = flashCookie([{ type: "success", title: "Signed out" }], { secret: site.runtime.authSecret, secure: false });
    const response = await site.request("/languages", { cookie: flash.split(";")[0]! });
    expect(response.headers.get("x-cache")).toBeNull();
    expect(nonceOf(response)).not.toBe(cached.nonce);
    expect(await response.text()).toContain("Signed out");
    expect(response.headers.getSetCookie().some((cookie) => /^phrasewise\.flash=;.*Max-Age=0/.test(cookie))).toBe(true);
    expect(cached.html).not.toContain("Signed out");
  });
});

describe("/api/settings", () => {
  it("sends one Cache-Control, public for 30 s, to visitors and signed-in users alike", async () => {
    await contentChanged(site, "settings");
    for (const cookie of [undefined, undefined, sessionCookie]) {
      const response = await site.request("/api/settings", cookie ? { cookie } : {});
      expect(response.status).toBe(200);
      // fetch joins repeated headers with ", ": a second Cache-Control would show here.
      expect(response.headers.get("cache-control")).toBe("public, max-age=30");
    }
  });
});
