import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { adminAreaFixture } from "#e2e/support/servers.ts";

/** The phrases admin area's e2e server: an admin and a learner. */
export async function prepare(runtime: Runtime) {
  const { db } = runtime.database;
  await createConfirmedUser(runtime.auth, db, adminAreaFixture.learner);
  await createConfirmedUser(runtime.auth, db, { ...adminAreaFixture.admin, admin: true });
}
