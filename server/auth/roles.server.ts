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

// Granting and removing the role: server/admin/users-admin.server.ts (grantAdminRole, removeAdminRole), the one
// door that audits every change and keeps the last-admin guard.

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** How many admins exist (for the CLI's warnings). */
export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::integer` })
    .from(userRoles)
    .where(eq(userRoles.role, ADMIN_ROLE));
  return row?.count ?? 0;
}
