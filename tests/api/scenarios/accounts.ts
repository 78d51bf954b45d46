import { eq } from "drizzle-orm";
import { sessions } from "#server/db/schema.ts";
import { callerKinds, sessionToken, type ApiWorld } from "#tests/api/support/api-fixture.ts";
import { anyone, emailOf, signedIn, signedInKinds, type Scenario } from "#tests/api/scenarios/scenario.ts";

/** Another live session of the learner's (a second device), for the revoke rows. */
async function learnersOtherDevice(world: ApiWorld) {
  await sessionToken(world.site, world.users.learner);
  const [row] = await world.site.runtime.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, world.users.learner))
    .limit(1);
  return row!.id;
}

export const accountScenarios: Scenario[] = [
  ...anyone({
    operationId: "signUp",
    status: 202,
    body: (_world, row) => ({ email: `new-${row}@example.com`, password: "new-pass-1" }),
    includes: () => ["confirm your account"],
  }),
  ...anyone({ operationId: "confirmEmail", status: 400, body: () => ({ token: "not-a-token" }), includes: () => ["invalid or has expired"] }),
  ...anyone({ operationId: "signIn", status: 401, body: () => ({ email: "ada@example.com", password: "wrong-password" }) }),
  ...signedIn("signOut", () => ({ status: 204 })),
  ...signedIn("listSessions", (as) => ({
    status: 200,
    includes: () => ['"current":true'],
    excludes: (world) => (as === "learner" ? [world.users.otherLearner] : [world.users.learner]),
  })),
  ...callerKinds.map(
    (as): Scenario => ({
      operationId: "revokeSession",
      as,
      // Only the learner may end the learner's session; another learner and an admin are told it does not exist.
      status: as === "learner" ? 204 : signedInKinds.includes(as) ? 404 : 401,
      path: async (world) => `/auth/sessions/${await learnersOtherDevice(world)}`,
    }),
  ),
  ...signedIn("getMe", (as) => ({
    status: 200,
    includes: () => [emailOf[as]!, `"isAdmin":${as === "admin"}`],
    excludes: () => Object.entries(emailOf).filter(([kind]) => kind !== as).map(([, email]) => email!),
  })),
];
