import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { sessionCookieName } from "#server/auth/auth.server.ts";
import { cookieValue } from "#server/auth/flash.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * The session token of a session cookie whose signature verifies, or null. The auth library's signed cookie is
 * `token.signature`, URL-encoded, where the signature is the base64 HMAC-SHA256 of the token with the secret
 * (better-call's getSignedCookie). A verified signature says the token was ours once, not that its session lives.
 */
export function signedSessionToken(cookieHeader: string | null | undefined, runtime: Pick<Runtime, "env" | "authSecret">): string | null {
  const raw = cookieValue(cookieHeader, sessionCookieName(runtime.env.PUBLIC_URL));
  return raw ? verifiedSessionToken(raw, runtime.authSecret) : null;
}

/**
 * The secret as a key object, made once (given as a string, every HMAC would import it again), and the signed values
 * it already verified, by their exact text: a learner sends the same cookie with every request, and its HMAC, cheap
 * alone, cost the viewer request about 20-45 µs under load (issue 28). A pure function's answers, so nothing a
 * session's end must clear: whether the session lives is read from the database on every request. Only values whose
 * signature verified are kept, so what a stranger sends never grows it; at most VERIFIED_KEPT, oldest first out.
 */
let signing: { secret: string; key: KeyObject; verified: Map<string, string> } | undefined;
const VERIFIED_KEPT = 1_000;

function signingWith(secret: string) {
  if (signing?.secret !== secret) signing = { secret, key: createSecretKey(Buffer.from(secret, "utf8")), verified: new Map() };
  return signing;
}

/**
 * The session token inside a signed value (a session cookie's, or the same value as an app's bearer token, URL-encoded
 * or not), or null when its signature does not verify.
 */
export function verifiedSessionToken(signed: string, secret: string): string | null {
  const { key, verified } = signingWith(secret);
  const known = verified.get(signed);
  if (known !== undefined) return known;
  const token = verifiedBySignature(signed, key);
  if (token !== null) {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(signed, token);
  }
  return token;
}

function verifiedBySignature(signed: string, key: KeyObject): string | null {
  let value = signed;
  if (value.includes("%")) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const expected = Buffer.from(createHmac("sha256", key).update(token).digest("base64"));
  const actual = Buffer.from(value.slice(dot + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? token : null;
}
