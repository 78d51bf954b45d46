import { describe, expect, it } from "vitest";
import { assetUrlsIn, dataUrlOf, isPrivatePath, isStorableResponse } from "#common/offline.ts";

describe("what the service worker may store", () => {
  it("never a private path or its data", () => {
    for (const path of ["/api/viewer", "/api/v1/sync/pull", "/admin", "/admin/users", "/auth", "/auth/reset-password", "/profile", "/profile.data", "/review", "/review.data"]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ["/", "/spanish/a1/greetings", "/spanish/a1/greetings.data", "/reviews-of-the-year", "/blog/api-news", "/offline"]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });

  it("only a plain 200 that no header keeps private", () => {
    const answer = (status: number, init: { type?: ResponseType; redirected?: boolean; cacheControl?: string } = {}) => ({
      status,
      type: init.type ?? "basic",
      redirected: init.redirected ?? false,
      headers: new Headers(init.cacheControl ? { "cache-control": init.cacheControl } : {}),
    });
    expect(isStorableResponse(answer(200, { cacheControl: "no-cache" }))).toBe(true);
    expect(isStorableResponse(answer(200, { cacheControl: "public, max-age=60" }))).toBe(true);
    expect(isStorableResponse(answer(200, { cacheControl: "private, no-cache" }))).toBe(false);
    expect(isStorableResponse(answer(200, { cacheControl: "no-store" }))).toBe(false);
    // A locked lesson: its redirect, followed or not, and a single-fetch redirect (202).
    expect(isStorableResponse(answer(200, { redirected: true }))).toBe(false);
    expect(isStorableResponse(answer(0, { type: "opaqueredirect" }))).toBe(false);
    expect(isStorableResponse(answer(202))).toBe(false);
    expect(isStorableResponse(answer(206))).toBe(false);
    expect(isStorableResponse(answer(403))).toBe(false);
    expect(isStorableResponse(answer(200, { type: "opaque" }))).toBe(false);
  });
});

describe("a page's files", () => {
  it("are the /assets/ files its HTML names, once each", () => {
    const html = `<link rel="modulepreload" href="/assets/shell-AB12.js"/><script type="module">import "/assets/entry.client-x_Y.js";import("/assets/shell-AB12.js")</script><link href='/assets/font-1.woff2'><img src="/images/logo.svg">`;
    expect(assetUrlsIn(html)).toEqual(["/assets/shell-AB12.js", "/assets/entry.client-x_Y.js", "/assets/font-1.woff2"]);
  });

  it("and its data address is React Router's", () => {
    expect(dataUrlOf("/spanish/a1/greetings")).toBe("/spanish/a1/greetings.data");
    expect(dataUrlOf("/")).toBe("/_root.data");
  });
});
