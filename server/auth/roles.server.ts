import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";
import { userRoles, users } from "#server/db/schema.ts";

/** Admin status is a role row with role 'admin' (SPEC §6), read from the database on every request: never cached. */
export const ADMIN_ROLE = "admin";

export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .limit(1);
  return row !== undefined;
}

/** Grants the admin role; true when it was granted now, false when the user already had it. */
export async function grantAdmin(db: Executor, userId: string): Promise<boolean> {
  const inserted = await db
    .insert(userRoles)
    .values({ userId, role: ADMIN_ROLE })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return inserted.length > 0;
}

/** Removes the admin role (deletes that user's role row with role 'admin'); true when there was one. */
export async function revokeAdmin(db: Executor, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, ADMIN_ROLE)))
    .returning({ userId: userRoles.userId });
  return deleted.length > 0;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/**
 * The configured owner (OWNER_EMAIL) becomes an admin when they sign in with a confirmed email, if not one already
 * (SPEC §6). Returns true when the role was granted by this call. Nothing else grants admin except an admin or the CLI.
 */
export async function promoteOwner(
  db: Executor,
  ownerEmail: string | undefined,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<boolean> {
  if (!ownerEmail || !user.emailVerified) return false;
  if (user.email.trim().toLowerCase() !== ownerEmail.trim().toLowerCase()) return false;
  return grantAdmin(db, user.id);
}

/** How many admins exist (for the CLI's warnings). */
export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(userRoles)
    .where(eq(userRoles.role, ADMIN_ROLE));
  return row?.count ?? 0;
}
