import { and, eq, gt, sql } from "drizzle-orm";
import type { Request } from "express";
import { ADMIN_ROLE } from "#server/auth/roles.server.ts";
import { signedSessionToken, verifiedSessionToken } from "#server/auth/session-token.server.ts";
import type { Executor } from "#server/db/client.server.ts";
import { sessions, userRoles, users } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";

/**
 * Who calls /api/v1: an app with `Authorization: Bearer <token>` (the signed session token sign-in returned), or the
 * website with its session cookie. Either way the session row is read on every request, in one query with the user
 * and the role, so a sign-out, a revoked session or a removed admin role applies at once on every server.
 */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  isAdmin: boolean;
  via: "bearer" | "cookie";
}

async function callerByToken(db: Executor, token: string, via: Caller["via"]): Promise<Caller | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      sessionId: sessions.id,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${ADMIN_ROLE})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // Unconfirmed accounts cannot sign in; a session of one (however it came about) counts as none.
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date()), eq(users.emailVerified, true)))
    .limit(1);
  return row ? { ...row, via } : null;
}

/**
 * The caller of this request, or null for a visitor. A bearer token that is malformed, forged, expired, revoked or
 * whose user is gone is a 401 whatever the endpoint: the app must sign in again rather than be served as a visitor.
 * A stale cookie is a visitor, as on the website.
 */
export async function resolveCaller(runtime: Runtime, req: Request): Promise<Caller | null> {
  const authorization = req.headers.authorization;
  const db = runtime.database.db;
  if (authorization !== undefined) {
    const match = /^Bearer[ ]+(\S{1,512})$/i.exec(authorization.trim());
    const token = match ? verifiedSessionToken(match[1]!, runtime.authSecret) : null;
    const caller = token ? await callerByToken(db, token, "bearer") : null;
    if (!caller) throw new ApiProblem(401, "The access token is invalid or has expired. Sign in again.");
    return caller;
  }
  const token = signedSessionToken(req.headers.cookie, runtime);
  return token ? callerByToken(db, token, "cookie") : null;
}
