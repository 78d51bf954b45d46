import { redirect, type RouterContextProvider } from "react-router";
import { authText, type ToastMessage } from "#common/toast.ts";
import { getRequestInfo, getRuntime } from "#server/context.server.ts";
import { flashCookie, redirectWithToast } from "#server/auth/flash.server.ts";
import { liveSession } from "#server/auth/session-read.server.ts";
import { signedSessionToken } from "#server/auth/session-token.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * Who is asking, for loaders and actions. Every admin loader and action calls requireAdmin itself, every
 * signed-in-only one requireUser: a layout's check protects nothing on its own. Each request reads the session row
 * and the role again (memoised for the duration of that one request only), so signing out, a password reset or a
 * revoked admin role takes effect on the very next request.
 */

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  sessionId: string;
}

type Context = Readonly<RouterContextProvider>;

/** A signed-in request's user, and whether they hold the admin role, both read with the session row. */
export interface SignedIn {
  user: SessionUser;
  isAdmin: boolean;
}

const sessionByRequest = new WeakMap<object, Promise<SignedIn | null>>();

/**
 * Who these request headers (their Cookie) stand for, or null: a session cookie whose signature verifies, naming a
 * live session of a confirmed account, read with the role in one prepared read (server/auth/session-read.server.ts).
 */
export async function findSignedIn(runtime: Runtime, headers: Headers): Promise<SignedIn | null> {
  const token = signedSessionToken(headers.get("Cookie"), runtime);
  if (!token) return null;
  const row = await liveSession(runtime.database, token);
  if (!row) return null;
  const user = { id: row.id, email: row.email, name: row.name, image: row.image ?? null, emailVerified: true, sessionId: row.sessionId };
  return { user, isAdmin: row.isAdmin };
}

/** This request's session, read once however many loaders ask (and only for this request). */
function signedInOf(request: Request, context: Context): Promise<SignedIn | null> {
  let pending = sessionByRequest.get(context);
  if (!pending) {
    pending = findSignedIn(getRuntime(context), request.headers);
    sessionByRequest.set(context, pending);
  }
  return pending;
}

/**
 * The signed-in user of this request, or null. Asking makes the answer personal: it is sent `private` and the shared
 * page cache never stores it, for a visitor as for a learner, so any page that depends on who is signed in stays out
 * of the cache by construction (docs/decisions/008-shared-pages-private-viewer.md).
 */
export async function getSessionUser(request: Request, context: Context): Promise<SessionUser | null> {
  getRequestInfo(context).markPersonal?.();
  return (await signedInOf(request, context))?.user ?? null;
}

/** Whether the signed-in user holds the admin role, read from the database for this request. */
export async function getIsAdmin(request: Request, context: Context): Promise<boolean> {
  getRequestInfo(context).markPersonal?.();
  return (await signedInOf(request, context))?.isAdmin ?? false;
}

export function flashOptions(runtime: Runtime) {
  return { secret: runtime.authSecret, secure: runtime.env.PUBLIC_URL.startsWith("https://") };
}

/** A redirect carrying toasts (see flash.server.ts). */
export function redirectWithMessage(context: Context, url: string, messages: ToastMessage | ToastMessage[], headers?: Headers) {
  return redirectWithToast(url, messages, flashOptions(getRuntime(context)), headers ? { headers } : {});
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  // A .data request (client navigation) stands for its page.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/** The signed-in user, or a redirect to /auth that comes back here after signing in. */
export async function requireUser(request: Request, context: Context): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) {
    const back = request.method === "GET" ? currentPath(request) : undefined;
    throw redirect(back && back !== "/" ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth");
  }
  return user;
}

/**
 * The signed-in administrator. Visitors go to /auth and signed-in users without the role to /, each with the spec's
 * toast (SPEC §8); a failed role check counts as "not an admin" ('Failed to verify admin status').
 */
export async function requireAdmin(request: Request, context: Context): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw redirectWithMessage(context, "/auth", authText.adminLoginRequired);
  let admin: boolean;
  try {
    admin = await getIsAdmin(request, context);
  } catch (error) {
    getRuntime(context).logger.error("Checking the admin role failed", error);
    throw redirectWithMessage(context, "/", authText.adminCheckFailed);
  }
  if (!admin) throw redirectWithMessage(context, "/", authText.adminDenied);
  return user;
}

/** Headers that show these toasts after the answer (the root loader reads them on its next run). */
export function toastHeaders(context: Context, messages: ToastMessage | ToastMessage[], headers = new Headers()) {
  headers.append("Set-Cookie", flashCookie(Array.isArray(messages) ? messages : [messages], flashOptions(getRuntime(context))));
  return headers;
}

/** Where a signed-in user belongs when they open /auth: admins to /admin, others to /profile. */
export async function homeFor(request: Request, context: Context) {
  return (await getIsAdmin(request, context)) ? "/admin" : "/profile";
}
