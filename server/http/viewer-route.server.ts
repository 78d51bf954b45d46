import type { Request, Response } from "express";
import { VISITOR } from "#common/viewer.ts";
import { sessionCookieName } from "#server/auth/auth.server.ts";
import { cookieValue } from "#server/auth/flash.server.ts";
import { signedSessionToken } from "#server/auth/session-token.server.ts";
import { findViewer, isViewerPath } from "#server/auth/viewer.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/** Where the shared, cached public pages ask who is signed in (app/lib/viewer.ts). */
export const VIEWER_ROUTE = "/api/viewer";

const privateHeaders = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/viewer?path=/spanish/a1/greetings`: who is signed in and their state on that page, for the shared,
 * cached public pages to show (docs/decisions/008-shared-pages-private-viewer.md). Never stored by any cache. A
 * session cookie that names no live session is cleared (its signed-in hint with it, server/auth/signed-in-hint.server.ts),
 * so the browser stops asking.
 *
 * Every learner's page view asks it, so it is answered here, after the site's security headers, client address and
 * signed-in hint but before the page cache and React Router, whose request and response objects would cost more than
 * the prepared query behind it (issue 28). Express's router matches it as React Router did: any case, with or without
 * a trailing slash.
 */
export function viewerRoute(runtime: Runtime) {
  const sessionName = sessionCookieName(runtime.env.PUBLIC_URL);
  const secure = runtime.env.PUBLIC_URL.startsWith("https://");
  return async (req: Request, res: Response) => {
    res.set(privateHeaders);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET").type("text/plain").send("Method Not Allowed");
      return;
    }
    const url = new URL(req.originalUrl, "http://viewer.invalid");
    const paths = url.searchParams.getAll("path");
    const path = paths[0];
    if (paths.length !== 1 || !isViewerPath(path) || url.search.length > 2048) {
      sendJson(res.status(400), { error: "Bad Request" });
      return;
    }
    const cookies = req.headers.cookie;
    const token = signedSessionToken(cookies, runtime);
    const viewer = token ? await findViewer(runtime.database, await runtime.catalog(), token, path) : null;
    if (viewer) {
      sendJson(res, viewer);
      return;
    }
    if (cookieValue(cookies, sessionName) !== undefined) {
      res.append("Set-Cookie", `${sessionName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
    }
    sendJson(res, VISITOR);
  };
}

/** Without Express's ETag: nothing stores these answers, so nothing would ever ask again with it. */
function sendJson(res: Response, value: unknown) {
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(value));
}
