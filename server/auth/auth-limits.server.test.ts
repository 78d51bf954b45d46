import { describe, expect, it } from "vitest";
import { authLimitForPath, authTargetMatcher, canonicalAuthPath } from "#server/auth/auth-limits.server.ts";

describe("which requests the auth handler answers, and which of them reach the library", () => {
  const isAuthTarget = authTargetMatcher("/api/auth");

  it("takes every spelling that reads as a path under /api/auth, and nothing else", () => {
    for (const target of [
      "/api/auth/sign-in/email",
      "/api/auth/%2e/sign-in/email",
      "/api/auth/x/../sign-in/email",
      "/api/x/../auth/sign-in/email",
      "/api//auth/sign-in/email",
      "/API/AUTH/sign-in/email",
      "/api/auth\\sign-in\\email",
      "/api/auth%2fsign-in%2femail",
      "/api/%61uth/sign-in/email",
      "/api/auth",
    ]) {
      expect(isAuthTarget(target), target).toBe(true);
    }
    for (const target of ["/", "/auth", "/auth/forgot-password", "/api/authors", "/api/settings", "/spanish/a1/greetings?x=%20"]) {
      expect(isAuthTarget(target), target).toBe(false);
    }
  });

  it("lets only canonical spellings through, with or without a query string", () => {
    expect(canonicalAuthPath("/api/auth", "/api/auth/sign-in/email")).toBe("/sign-in/email");
    expect(canonicalAuthPath("/api/auth", "/api/auth/sign-in/email?x=/../%2e")).toBe("/sign-in/email");
    for (const target of [
      "/api/auth/%2e/sign-in/email",
      "/api/auth/./sign-in/email",
      "/api/auth/x/../sign-in/email",
      "/api/auth//sign-in/email",
      "/api/auth/sign-in/email/",
      "/api/auth/SIGN-IN/email",
      "/api/auth/sign-in%2femail",
      "/api/auth/sign-in\\email",
      "/api/auth/sign-in/email;x=1",
      "/API/AUTH/sign-in/email",
      "/api/auth",
      "/api/auth/",
      "http://evil.example/api/auth/sign-in/email",
    ]) {
      expect(canonicalAuthPath("/api/auth", target), target).toBeUndefined();
    }
  });

  it("counts sign-in, sign-up and the reset endpoints, on POST only", () => {
    expect(authLimitForPath("POST", "/sign-in/email")).toBe("sign-in");
    expect(authLimitForPath("POST", "/sign-up/email")).toBe("sign-up");
    for (const path of ["/request-password-reset", "/reset-password", "/send-verification-email"]) {
      expect(authLimitForPath("POST", path)).toBe("password-reset");
    }
    expect(authLimitForPath("GET", "/sign-in/email")).toBeUndefined();
    expect(authLimitForPath("POST", "/get-session")).toBeUndefined();
  });
});
