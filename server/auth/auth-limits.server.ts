import { createHash } from "node:crypto";
import type { Executor } from "#server/db/client.server.ts";
import { clientAddressKey, consumeRateLimit, refundRateLimit, type RateLimitResult } from "#server/rate-limit/rate-limit.server.ts";

/**
 * Attempts per client address, counted in the database (rate_limits) so every app server agrees. The same counters
 * cover our /auth forms and the library's /api/auth endpoints, so neither is a way around the other.
 */
export const AUTH_RATE_LIMITS = {
  /** The 4th sign-in within 10 s is refused (HTTP 429). */
  "sign-in": { limit: 3, windowMs: 10_000 },
  "sign-up": { limit: 5, windowMs: 10 * 60_000 },
  /** Requesting a reset link, setting the new password, and asking for a new confirmation link. */
  "password-reset": { limit: 5, windowMs: 10 * 60_000 },
} as const;

export type AuthLimitKind = keyof typeof AUTH_RATE_LIMITS;

export function consumeAuthLimit(db: Executor, kind: AuthLimitKind, clientIp: string): Promise<RateLimitResult> {
  return consumeRateLimit(db, { bucket: kind, key: clientAddressKey(clientIp), ...AUTH_RATE_LIMITS[kind] });
}

/**
 * Failed sign-ins per account, whatever the client address (credential stuffing from many addresses): after 10
 * failures within 10 minutes of the first one, every sign-in to that address is refused (429) until those 10 minutes
 * are over, the right password included. That caps guessing at 60 passwords an hour per account (OWASP ASVS asks for
 * at most 100) and a stranger can shut the owner out for at most 10 minutes per 10 failures. Unknown addresses are
 * counted the same way, so the answers never tell whether an account exists.
 */
export const ACCOUNT_SIGN_IN_LIMIT = { limit: 10, windowMs: 10 * 60_000 } as const;

/** The counter's key: a digest of the address, so the table holds no addresses and keys stay short. */
function accountRule(email: string) {
  const key = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return { bucket: "sign-in-account", key, ...ACCOUNT_SIGN_IN_LIMIT };
}

/** Counts a sign-in to this address before the password is checked (concurrent guesses cannot overshoot). */
export function consumeAccountSignIn(db: Executor, email: string): Promise<RateLimitResult> {
  return consumeRateLimit(db, accountRule(email));
}

/** A sign-in that succeeded was no failure: it gives its count back. */
export function refundAccountSignIn(db: Executor, email: string): Promise<void> {
  return refundRateLimit(db, accountRule(email));
}

/**
 * Whether a request target names something under /api/auth however it is spelled: read as the library (WHATWG URL)
 * or React Router (which also decodes `%2f`) would, case and repeated slashes aside. All of these are answered by the
 * auth handler, which refuses the spellings canonicalAuthPath does not accept.
 */
export function authTargetMatcher(basePath: string): (target: string) => boolean {
  const lastSegment = new RegExp(basePath.slice(basePath.lastIndexOf("/") + 1), "i");
  return (target) => {
    // Most requests can tell at a glance (this runs for every page view); an escape could spell anything.
    if (!target.includes("%") && !lastSegment.test(target)) return false;
    let path: string;
    try {
      path = new URL(target, "http://localhost").pathname;
    } catch {
      return false;
    }
    try {
      path = decodeURIComponent(path);
    } catch {
      // A malformed escape: judge the path as written.
    }
    path = path.replaceAll("\\", "/").replace(/\/{2,}/g, "/").toLowerCase();
    return path === basePath || path.startsWith(`${basePath}/`);
  };
}

/**
 * The path below /api/auth that a request target names, or undefined when it is not spelled canonically: lower-case
 * segments of letters, digits and `-`, no empty segment, no trailing slash. The library routes on the URL as WHATWG
 * parses it (`.` and `..` segments resolved, also written `%2e`; `\` read as `/`), so a limit keyed on any other
 * spelling could be walked around; such targets are refused instead (404, as the library answers unknown paths).
 * Every endpoint of ours is spelled this way; a query string is allowed.
 */
export function canonicalAuthPath(basePath: string, target: string): string | undefined {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith(`${basePath}/`)) return undefined;
  const below = path.slice(basePath.length);
  return /^(?:\/[a-z0-9-]+)+$/.test(below) ? below : undefined;
}

/** Which limit a library endpoint (canonical path below /api/auth) counts against; undefined for the rest. */
export function authLimitForPath(method: string, path: string): AuthLimitKind | undefined {
  if (method !== "POST") return undefined;
  if (path === "/sign-in/email") return "sign-in";
  if (path === "/sign-up/email") return "sign-up";
  if (["/request-password-reset", "/reset-password", "/send-verification-email"].includes(path)) return "password-reset";
  return undefined;
}

export function tooManyAttemptsText(retryAfterSeconds: number) {
  return `Too many attempts. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`;
}
