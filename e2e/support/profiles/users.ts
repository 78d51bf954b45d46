import { eq } from "drizzle-orm";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { users } from "#server/db/schema.ts";
import type { Runtime } from "#server/runtime.server.ts";

/** The people the Users tab's e2e tests find in the list (each test uses its own, so tests stay independent). */
export const usersFixture = {
  /** An account whose name is empty: the list shows the part of its email before the at-sign. */
  nameless: { email: "nameless.learner@phrasewise.test", password: "nameless-pass-1" },
  /** Registered but never confirmed. */
  unconfirmed: { email: "unconfirmed@phrasewise.test", password: "unconfirmed-pass-1" },
  /** Made admin and then removed again by the desktop test, signed in beside the admin. */
  rising: { email: "rising.learner@phrasewise.test", password: "rising-pass-1" },
  /** Granted by email by the desktop test. */
  grantee: { email: "grantee@phrasewise.test", password: "grantee-pass-1" },
  /** Granted by email by the mobile test. */
  granteeMobile: { email: "grantee.mobile@phrasewise.test", password: "grantee-pass-2" },
  others: ["ana@phrasewise.test", "bruno@phrasewise.test", "chen@phrasewise.test", "dara@phrasewise.test"],
};

/** The users admin area's e2e server: an admin, a learner, and several more learners for the list. */
export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  for (const email of usersFixture.others) await createConfirmedUser(runtime.auth, db, { email, password: "other-pass-1" });
  for (const person of [usersFixture.rising, usersFixture.grantee, usersFixture.granteeMobile]) await createConfirmedUser(runtime.auth, db, person);
  const nameless = await createConfirmedUser(runtime.auth, db, usersFixture.nameless);
  await db.update(users).set({ name: "" }).where(eq(users.id, nameless.id));
  const unconfirmed = await createConfirmedUser(runtime.auth, db, usersFixture.unconfirmed);
  await db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
}
