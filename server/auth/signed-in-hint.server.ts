import type { NextFunction, Request, Response } from "express";
import { SIGNED_IN_HINT_COOKIE } from "#common/viewer.ts";
import { SESSION_LIFETIME_SECONDS, sessionCookieName } from "#server/auth/auth.server.ts";
import { cookieValue } from "#server/auth/flash.server.ts";
import { signedSessionToken } from "#server/auth/session-token.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * The script-readable `phrasewise.signed_in=1` cookie that lets a shared, cached page know before its first paint
 * that a learner is probably signed in (docs/decisions/008-shared-pages-private-viewer.md). It says nothing the
 * HttpOnly session cookie does not: it grants nothing, and a wrong one costs one /api/viewer request, which clears it.
 *
 * It follows the session cookie through every door by watching the answers, not the doors: whenever an answer sets
 * the session cookie (the /auth form, the library's own /api/auth endpoints) the hint is set with the same lifetime,
 * and whenever an answer clears it (sign-out in either place, /api/viewer on a dead session) the hint goes too. A
 * request with a signed session cookie but no hint (a session older than the hint, a hint the learner deleted) gets
 * it back; a hint sent without any session cookie is cleared at once. None of this reads the database.
 */

export function hintCookie(secure: boolean, maxAgeSeconds: number) {
  return `${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

export function clearHintCookie(secure: boolean) {
  return `${SIGNED_IN_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

const asList = (value: ReturnType<Response["getHeader"]>): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [String(value)];

export function signedInHint(runtime: Pick<Runtime, "env" | "authSecret">) {
  const sessionName = sessionCookieName(runtime.env.PUBLIC_URL);
  const secure = runtime.env.PUBLIC_URL.startsWith("https://");
  const clearsCookie = (cookie: string) =>
    cookie.startsWith(`${sessionName}=;`) || /;\s*max-age=0(?:;|$)/i.test(cookie) || /;\s*expires=thu, 01 jan 1970/i.test(cookie);

  /** The hint cookie this answer needs, or undefined. */
  function hintFor(cookies: string | undefined, sent: string[]): string | undefined {
    if (sent.some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`))) return undefined;
    const session = sent.find((cookie) => cookie.startsWith(`${sessionName}=`));
    if (session) {
      if (clearsCookie(session)) return clearHintCookie(secure);
      const maxAge = /;\s*max-age=(\d+)/i.exec(session)?.[1];
      return hintCookie(secure, maxAge ? Number(maxAge) : SESSION_LIFETIME_SECONDS);
    }
    const hinted = cookieValue(cookies, SIGNED_IN_HINT_COOKIE) === "1";
    const hasSessionCookie = cookieValue(cookies, sessionName) !== undefined;
    if (hinted && !hasSessionCookie) return clearHintCookie(secure);
    if (!hinted && hasSessionCookie && signedSessionToken(cookies, runtime)) return hintCookie(secure, SESSION_LIFETIME_SECONDS);
    return undefined;
  }

  return function signedInHintMiddleware(req: Request, res: Response, next: NextFunction) {
    // The page cache drops cookies it must not render with; the hint is decided on what the browser sent.
    const cookies = req.headers.cookie;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      const sent = asList(res.getHeader("set-cookie"));
      const hint = hintFor(cookies, sent);
      if (hint) res.setHeader("Set-Cookie", [...sent, hint]);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
