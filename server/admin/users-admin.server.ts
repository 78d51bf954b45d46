import { and, asc, count, desc, eq, ilike, inArray, max, sql } from "drizzle-orm";
import { displayName } from "#common/account-display.ts";
import type { AuditEntry, RoleChangeVia, UserDetails, UserRow } from "#common/users-admin.ts";
import { ADMIN_ROLE } from "#server/auth/roles.server.ts";
import type { Executor } from "#server/db/client.server.ts";
import { profiles, roleAuditLog, sessions, userFavorites, userProgress, userRoles, users } from "#server/db/schema.ts";

/**
 * The one door to the admin role. The Users tab, Make Myself Admin, the CLI and the OWNER_EMAIL sign-in all come
 * through grantAdminRole / removeAdminRole, so every change is audited and the last-admin guard holds everywhere.
 * Roles are read from the database on every request (server/auth/session.server.ts), so a change takes effect on
 * the affected user's very next request.
 */

export interface RoleChangeBy {
  /** The signed-in admin who made the change; null for the CLI and the owner's automatic promotion. */
  actor: { id: string; email: string } | null;
  via: RoleChangeVia;
}

/** A change refused for a reason the person asking should read (shown in the toast after 'Failed to …: '). */
export class RoleChangeError extends Error {
  override name = "RoleChangeError";
}

export const lastAdminMessage = {
  self: "You are the only administrator. Make another user an admin before removing your own admin role, or nobody could manage the site.",
  other: "This is the only administrator. Removing their admin role would leave nobody able to manage the site.",
} as const;

export function noAccountMessage(email: string) {
  return `No account uses the email address ${email}`;
}

/** Grants the admin role and logs it, in one transaction; true when granted now, false when the user already had it. */
export async function grantAdminRole(db: Executor, target: { id: string }, by: RoleChangeBy): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(userRoles)
      .values({ userId: target.id, role: ADMIN_ROLE })
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    if (inserted.length === 0) return false;
    await audit(tx, "grant", target.id, by);
    return true;
  });
}

/**
 * Removes the admin role (deletes that user's role row 'admin', SPEC §6) and logs it, in one transaction. Refuses
 * to remove the last one: the admin rows are locked first, so two admins removing each other at once cannot both
 * pass the count. True when removed now, false when the user was not an admin.
 */
export async function removeAdminRole(db: Executor, target: { id: string }, by: RoleChangeBy): Promise<boolean> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, ADMIN_ROLE))
      .for("update");
    if (!admins.some((a) => a.userId === target.id)) return false;
    if (admins.length <= 1) {
      throw new RoleChangeError(by.actor?.id === target.id ? lastAdminMessage.self : lastAdminMessage.other);
    }
    await tx.delete(userRoles).where(and(eq(userRoles.userId, target.id), eq(userRoles.role, ADMIN_ROLE)));
    await audit(tx, "remove", target.id, by);
    return true;
  });
}

async function audit(tx: Executor, action: "grant" | "remove", targetId: string, by: RoleChangeBy) {
  const [target] = await tx.select({ email: users.email }).from(users).where(eq(users.id, targetId)).limit(1);
  if (!target) throw new RoleChangeError("That account no longer exists");
  await tx.insert(roleAuditLog).values({
    action,
    role: ADMIN_ROLE,
    targetUserId: targetId,
    targetEmail: target.email,
    actorUserId: by.actor?.id ?? null,
    actorEmail: by.actor?.email ?? null,
    via: by.via,
  });
}

/** Grant by email (the Admin Management card and the CLI): the address must belong to an account. */
export async function grantAdminByEmail(db: Executor, email: string, by: RoleChangeBy) {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, normalized)).limit(1);
  if (!user) throw new RoleChangeError(noAccountMessage(normalized));
  return { user, granted: await grantAdminRole(db, user, by) };
}

/**
 * The configured owner (OWNER_EMAIL) becomes an admin when they sign in with a confirmed email, if not one already
 * (SPEC §6). Returns true when the role was granted by this call.
 */
export async function promoteOwner(
  db: Executor,
  ownerEmail: string | undefined,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<boolean> {
  if (!ownerEmail || !user.emailVerified) return false;
  if (user.email.trim().toLowerCase() !== ownerEmail.trim().toLowerCase()) return false;
  return grantAdminRole(db, user, { actor: null, via: "owner" });
}

export const USERS_PAGE_SIZE = 20;

/** Strips LIKE's wildcards from what the admin typed, so "a_b" finds "a_b" and not "axb". */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The account an admin's action names, or undefined when there is none (any more). */
export async function findUserById(db: Executor, userId: string): Promise<{ id: string; email: string } | undefined> {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** One page of users, newest first, optionally only those whose email contains `search`; and how many there are. */
export async function listUsers(db: Executor, options: { search?: string; page?: number; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? USERS_PAGE_SIZE;
  const search = options.search?.trim().toLowerCase() ?? "";
  const where = search ? ilike(users.email, likePattern(search)) : undefined;
  const [[all], [matching]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const total = all?.n ?? 0;
  const matches = matching?.n ?? 0;
  const pages = Math.max(1, Math.ceil(matches / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: profiles.username,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${ADMIN_ROLE})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list: UserRow[] = rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: displayName(r.username ?? r.name, r.email),
    isAdmin: Boolean(r.isAdmin),
    emailConfirmed: r.emailVerified,
    createdAt: r.createdAt.toISOString(),
  }));
  return { users: list, total, matches, page, pages, pageSize, search };
}

function toEntry(row: typeof roleAuditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    action: row.action === "remove" ? "remove" : "grant",
    role: row.role,
    targetEmail: row.targetEmail,
    actorEmail: row.actorEmail,
    via: row.via as RoleChangeVia,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest role changes, across all users (the audit log table). */
export async function recentAuditEntries(db: Executor, limit = 20): Promise<AuditEntry[]> {
  const rows = await db.select().from(roleAuditLog).orderBy(desc(roleAuditLog.createdAt), desc(roleAuditLog.id)).limit(limit);
  return rows.map(toEntry);
}

/** One account's facts for the Details dialog: dates, progress counts, and every role change made to it. */
export async function userDetails(db: Executor, userId: string): Promise<UserDetails | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: profiles.username,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const [[lastSession], [progress], [favorites], roles, history] = await Promise.all([
    db.select({ at: max(sessions.createdAt) }).from(sessions).where(eq(sessions.userId, userId)),
    db
      .select({
        completed: sql<number>`count(*) filter (where ${userProgress.completed})::integer`,
        languages: sql<number>`count(distinct ${userProgress.languageId}) filter (where ${userProgress.completed})::integer`,
      })
      .from(userProgress)
      .where(eq(userProgress.userId, userId)),
    db.select({ n: count() }).from(userFavorites).where(eq(userFavorites.userId, userId)),
    db.select({ role: userRoles.role }).from(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [ADMIN_ROLE]))),
    db
      .select()
      .from(roleAuditLog)
      .where(eq(roleAuditLog.targetUserId, userId))
      .orderBy(desc(roleAuditLog.createdAt), desc(roleAuditLog.id)),
  ]);
  return {
    id: user.id,
    email: user.email,
    name: displayName(user.username ?? user.name, user.email),
    isAdmin: roles.length > 0,
    emailConfirmed: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    // Sessions are rows that go at sign-out or expiry: this is the newest sign-in still on record.
    lastSignInAt: lastSession?.at ? new Date(lastSession.at).toISOString() : null,
    completedLessons: progress?.completed ?? 0,
    languagesStarted: progress?.languages ?? 0,
    favorites: favorites?.n ?? 0,
    audit: history.map(toEntry),
  };
}

