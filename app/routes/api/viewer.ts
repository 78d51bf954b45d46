import { sessionCookieName } from "#server/auth/auth.server.ts";
import { cookieValue } from "#server/auth/flash.server.ts";
import { signedSessionToken } from "#server/auth/personal-request.server.ts";
import { findViewer, isViewerPath } from "#server/auth/viewer.server.ts";
import { VISITOR } from "#common/viewer.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/viewer";

const privateHeaders = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/viewer?path=/spanish/a1/greetings`: who is signed in and their state on that page, for the shared,
 * cached public pages to show (app/lib/viewer.ts). Never stored by any cache. A session cookie that names no live
 * session is cleared (its signed-in hint with it, server/auth/signed-in-hint.server.ts), so the browser stops asking.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  getRequestInfo(context).markPersonal?.();
  const url = new URL(request.url);
  const paths = url.searchParams.getAll("path");
  const path = paths[0];
  if (paths.length !== 1 || !isViewerPath(path) || url.search.length > 2048) {
    return Response.json({ error: "Bad Request" }, { status: 400, headers: privateHeaders });
  }
  const runtime = getRuntime(context);
  const cookies = request.headers.get("cookie");
  const token = signedSessionToken(cookies, runtime);
  const viewer = token ? await findViewer(runtime.database.db, await runtime.catalog(), token, path) : null;
  if (viewer) return Response.json(viewer, { headers: privateHeaders });
  const headers = new Headers(privateHeaders);
  const sessionName = sessionCookieName(runtime.env.PUBLIC_URL);
  if (cookieValue(cookies, sessionName) !== undefined) {
    const secure = runtime.env.PUBLIC_URL.startsWith("https://");
    headers.append("Set-Cookie", `${sessionName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
  }
  return Response.json(VISITOR, { headers });
}

export function action() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET" } });
}
