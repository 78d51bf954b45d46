import { and, eq, gt, sql } from "drizzle-orm";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { preparedRead } from "#server/db/prepared-read.server.ts";
import { ADMIN_ROLE } from "#server/auth/roles.server.ts";
import { sessions, userRoles, users } from "#server/db/schema.ts";

/**
 * The live session a token names, with its user and whether they hold the admin role, in one prepared read
 * (server/db/prepared-read.server.ts): what the auth library's getSession checks (the session row by its token, not
 * expired, and its user) without its two queries and its request handling, about 3 ms a request against 0.3
 * (bench/README.md, "Review"), and the role without a query of its own. Every signed-in page and action, and every
 * app API request, asks it, so a sign-out, a password reset, a revoked session or a removed role still applies at
 * once on every server. Nothing is written on the way: sessions are never refreshed (disableSessionRefresh in
 * auth.server.ts).
 */
function sessionRead(database: DatabaseHandle) {
  const fields = {
    sessionId: sessions.id,
    id: users.id,
    email: users.email,
    name: users.name,
    image: users.image,
    isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${ADMIN_ROLE})`,
  };
  const query = database.db
    .select(fields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // Unconfirmed accounts cannot sign in; a session of one (however it came about) counts as none.
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql.placeholder("now")), eq(users.emailVerified, true)))
    .limit(1);
  type Row = { [K in keyof typeof fields]: Awaited<typeof query>[number][K] };
  return preparedRead<Row>(database.runPrepared, "phrasewise_session", fields, query);
}

const reads = new WeakMap<DatabaseHandle, ReturnType<typeof sessionRead>>();

export async function liveSession(database: DatabaseHandle, token: string, now = new Date()) {
  let read = reads.get(database);
  if (!read) reads.set(database, (read = sessionRead(database)));
  const [row] = await read({ token, now });
  return row ?? null;
}
