import { describe, expect, it } from "vitest";
import { sameSitePath } from "#server/http/same-site-path.server.ts";

describe("sameSitePath", () => {
  it.each([
    ["/profile", "/profile"],
    ["/languages/es?level=a1#top", "/languages/es?level=a1#top"],
    ["/a/../profile", "/profile"],
    ["/café?q=ü", "/caf%C3%A9?q=%C3%BC"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps the same-site path %j as %j", (value, expected) => {
    expect(sameSitePath(value, "")).toBe(expected);
  });

  it.each([
    "/.//evil.example/phish",
    "/..//evil.example/phish",
    "/%2e//evil.example/phish",
    "/%2E%2E//evil.example/phish",
    "/a/..//evil.example/phish",
    "/a/%2e%2e//evil.example/phish",
    "/./\\evil.example/phish",
    "/\\evil.example",
    "//evil.example",
    "///evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "profile",
    "",
    undefined,
    42,
  ])("refuses %j", (value) => {
    expect(sameSitePath(value, "fallback")).toBe("fallback");
  });

  it("gives the same answer when its own result is checked again", () => {
    for (const value of ["/a/./b/../c?x=%2e#y", "/caf%C3%A9", "/x//y"]) {
      const once = sameSitePath(value, "");
      expect(sameSitePath(once, "")).toBe(once);
    }
  });
});
