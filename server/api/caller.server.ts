import type { Request } from "express";
import { liveSession } from "#server/auth/session-read.server.ts";
import { signedSessionToken, verifiedSessionToken } from "#server/auth/session-token.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";

/**
 * Who calls /api/v1: an app with `Authorization: Bearer <token>` (the signed session token sign-in returned), or the
 * website with its session cookie. Either way the session row is read on every request, in one prepared read with the
 * user and the role (server/auth/session-read.server.ts), so a sign-out, a revoked session or a removed admin role
 * applies at once on every server.
 */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  isAdmin: boolean;
  via: "bearer" | "cookie";
}

/** The live session a token names (the same prepared read as the website's pages), as the API's caller. */
async function callerByToken(runtime: Runtime, token: string, via: Caller["via"]): Promise<Caller | null> {
  const row = await liveSession(runtime.database, token);
  return row ? { userId: row.id, email: row.email, name: row.name, sessionId: row.sessionId, isAdmin: row.isAdmin, via } : null;
}

/**
 * The caller of this request, or null for a visitor. A bearer token that is malformed, forged, expired, revoked or
 * whose user is gone is a 401 whatever the endpoint: the app must sign in again rather than be served as a visitor.
 * A stale cookie is a visitor, as on the website.
 */
export async function resolveCaller(runtime: Runtime, req: Request): Promise<Caller | null> {
  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer[ ]+(\S{1,512})$/i.exec(authorization.trim());
    const token = match ? verifiedSessionToken(match[1]!, runtime.authSecret) : null;
    const caller = token ? await callerByToken(runtime, token, "bearer") : null;
    if (!caller) throw new ApiProblem(401, "The access token is invalid or has expired. Sign in again.");
    return caller;
  }
  const token = signedSessionToken(req.headers.cookie, runtime);
  return token ? callerByToken(runtime, token, "cookie") : null;
}
