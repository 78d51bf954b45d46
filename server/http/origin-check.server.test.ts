import { describe, expect, it } from "vitest";
import { isAllowedRequest } from "#server/http/origin-check.server.ts";

const site = "https://learn.example";
const check = (input: Partial<Parameters<typeof isAllowedRequest>[0]>) =>
  isAllowedRequest({ method: "POST", origin: undefined, secFetchSite: undefined, ...input }, site);

describe("isAllowedRequest", () => {
  it("lets reads through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(check({ method, origin: "https://evil.example" })).toBe(true);
  });

  it("accepts PUBLIC_URL's origin", () => {
    expect(check({ origin: "https://learn.example" })).toBe(true);
    expect(check({ origin: "HTTPS://LEARN.EXAMPLE/" })).toBe(true);
  });

  // The address a proxy forwarded to (Host rewritten) is not where browsers are.
  it.each(["https://evil.example", "https://learn.example.evil.example", "http://learn.example", "http://10.0.0.5:3000", "null", ""])(
    "refuses the foreign origin %j",
    (origin) => {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(check({ method, origin })).toBe(false);
    },
  );

  it("without an Origin, accepts non-browser clients and same-origin fetches, refuses browsers that say cross-site", () => {
    expect(check({})).toBe(true);
    expect(check({ secFetchSite: "same-origin" })).toBe(true);
    expect(check({ secFetchSite: "same-site" })).toBe(false);
    expect(check({ secFetchSite: "cross-site" })).toBe(false);
    expect(check({ secFetchSite: "none" })).toBe(false);
  });

  it("accepts the app's web view origins given in APP_ORIGINS, and only those", () => {
    const app = (origin: string) => isAllowedRequest({ method: "POST", origin, secFetchSite: "cross-site" }, site, ["capacitor://localhost", "phrasewise://"]);
    expect(app("capacitor://localhost")).toBe(true);
    expect(app("Phrasewise://")).toBe(true);
    expect(app("capacitor://evil")).toBe(false);
    expect(app("ionic://localhost")).toBe(false);
    // Without the setting, the same web view is refused: no blanket exemption for app schemes.
    expect(check({ origin: "capacitor://localhost" })).toBe(false);
  });
});
