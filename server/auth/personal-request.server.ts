import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionCookieName } from "#server/auth/auth.server.ts";
import { cookieValue, hasVerifiedFlash } from "#server/auth/flash.server.ts";
import { findSessionUser, flashOptions, type SessionUser } from "#server/auth/session.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * Whether a request belongs to someone, so the shared page cache must neither answer nor store it: it carries a
 * flash message that verifies, or a session cookie whose signature verifies and whose session exists. Cookies that
 * only look like ours (forged, garbage, a session that has ended) count for nothing: they cannot push requests past
 * the cache. The session lookup is handed on (`session`) for the render to reuse rather than repeat.
 */
export interface PersonalRequest {
  personal: boolean;
  session?: Promise<SessionUser | null>;
}

export function personalRequestCheck(runtime: Runtime): (cookieHeader: string | undefined) => Promise<PersonalRequest> {
  const sessionCookie = sessionCookieName(runtime.env.PUBLIC_URL);
  const flash = flashOptions(runtime);
  return async (cookieHeader) => {
    if (!cookieHeader) return { personal: false };
    if (hasVerifiedFlash(cookieHeader, flash)) return { personal: true };
    if (!hasSignedSessionCookie(cookieHeader, sessionCookie, runtime.authSecret)) return { personal: false };
    const session = findSessionUser(runtime, new Headers({ cookie: cookieHeader }));
    // A failed lookup is left to the render, which reports it; the shared cache never stands in for a session.
    const personal = await session.then(
      (user) => user !== null,
      () => true,
    );
    return { personal, session };
  };
}

/**
 * The auth library's signed cookie: `token.signature`, URL-encoded, where the signature is the base64 HMAC-SHA256 of
 * the token with the secret (better-call's getSignedCookie).
 */
function hasSignedSessionCookie(cookieHeader: string, name: string, secret: string): boolean {
  const raw = cookieValue(cookieHeader, name);
  if (!raw) return false;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return false;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(value.slice(0, dot)).digest("base64"));
  const actual = Buffer.from(value.slice(dot + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
