import type { Executor } from "#server/db/client.server.ts";
import { clientAddressKey, consumeRateLimit, type RateLimitResult } from "#server/rate-limit/rate-limit.server.ts";

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

/** Which limit a library endpoint (path below /api/auth) counts against; undefined for the rest. */
export function authLimitForPath(method: string, path: string): AuthLimitKind | undefined {
  if (method !== "POST") return undefined;
  if (path === "/sign-in/email") return "sign-in";
  if (path === "/sign-up/email") return "sign-up";
  if (["/request-password-reset", "/forget-password", "/reset-password", "/send-verification-email"].includes(path)) {
    return "password-reset";
  }
  return undefined;
}

export function tooManyAttemptsText(retryAfterSeconds: number) {
  return `Too many attempts. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`;
}
