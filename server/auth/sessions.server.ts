import { and, desc, eq, gt } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";
import { sessions } from "#server/db/schema.ts";

/**
 * A user's own sessions (each signed-in browser or app), for the app API's session list. Only the owner's rows are
 * ever read or deleted: the user id is always part of the condition. Deleting the row is signing that device out on
 * every server at once (each request reads its session row).
 */

export interface OwnSession {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
}

export function listOwnSessions(db: Executor, userId: string): Promise<OwnSession[]> {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt))
    .limit(100);
}

/** Ends one of the user's sessions; false when they have no such session (another user's id included). */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}
