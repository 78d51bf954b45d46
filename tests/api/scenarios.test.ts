import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "#server/api/endpoints.server.ts";
import { sessions } from "#server/db/schema.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { snapshot } from "#tests/support/site-fixtures.ts";
import { expectDocumented } from "#tests/api/support/api-client.ts";
import { callerKinds, createApiWorld, LOCKED_MARKERS, sessionToken, type ApiWorld, type CallerKind } from "#tests/api/support/api-fixture.ts";

/**
 * The API scenario table (after PocketBase's ApiScenario tests): every operation of /api/v1 replayed as every kind of
 * caller (visitor, learner, another learner, admin, expired token, forged token, token of a deleted user), with the
 * status it must get, fragments its body must and must not hold, and, for every refusal, proof that no row changed.
 * Every answer is checked against the served OpenAPI document, and no answer ever holds locked content.
 * A new operation without a row for each kind of caller fails the first test.
 */

interface Scenario {
  operationId: string;
  as: CallerKind;
  status: number;
  /** The request path below /api/v1 (the operation's own when it has no parameters). */
  path?: (world: ApiWorld) => Promise<string> | string;
  body?: (world: ApiWorld, row: number) => unknown;
  includes?: (world: ApiWorld) => string[];
  excludes?: (world: ApiWorld) => string[];
}

const allowed = (kind: CallerKind) => kind === "learner" || kind === "otherLearner" || kind === "admin";
const anyone = (row: Omit<Scenario, "as">): Scenario[] => callerKinds.map((as) => ({ ...row, as }));
/** A signed-in operation: 401 for a visitor and every bad token, `signedIn` for the three real callers. */
const signedIn = (operationId: string, signedIn: (as: CallerKind) => Omit<Scenario, "as" | "operationId">): Scenario[] =>
  callerKinds.map((as) => (allowed(as) ? { operationId, as, ...signedIn(as) } : { operationId, as, status: 401 }));

const emailOf: Record<string, string> = { learner: "ada@example.com", otherLearner: "bob@example.com", admin: "carol@example.com" };

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

const scenarios: Scenario[] = [
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
      status: as === "learner" ? 204 : allowed(as) ? 404 : 401,
      path: async (world) => `/auth/sessions/${await learnersOtherDevice(world)}`,
    }),
  ),
  ...signedIn("getMe", (as) => ({
    status: 200,
    includes: () => [emailOf[as]!, `"isAdmin":${as === "admin"}`],
    excludes: () => Object.entries(emailOf).filter(([kind]) => kind !== as).map(([, email]) => email),
  })),
  ...anyone({ operationId: "listLanguages", status: 200, includes: () => ['"id":"spanish"', '"levelCount":'] }),
];

let site: TestSite;
let world: ApiWorld;

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  world = await createApiWorld(site);
}, 120_000);
afterAll(() => site?.close());

describe("the API scenario table", () => {
  it("has a row for every operation and every kind of caller", () => {
    const missing = apiEndpoints.flatMap((e) =>
      callerKinds.filter((kind) => !scenarios.some((s) => s.operationId === e.operationId && s.as === kind)).map((kind) => `${e.operationId} as ${kind}`),
    );
    expect(missing).toEqual([]);
    expect(scenarios.filter((s) => !apiEndpoints.some((e) => e.operationId === s.operationId))).toEqual([]);
  });

  it.each(scenarios.map((scenario, row) => [`${scenario.operationId} as ${scenario.as} → ${scenario.status}`, scenario, row] as const))(
    "%s",
    async (_name, scenario, row) => {
      const operation = apiEndpoints.find((e) => e.operationId === scenario.operationId)!;
      const credentials = await world.credentials(scenario.as);
      const path = scenario.path ? await scenario.path(world) : operation.path;
      const body = scenario.body?.(world, row);
      const headers = new Headers();
      if (credentials.token) headers.set("authorization", `Bearer ${credentials.token}`);
      if (body !== undefined) headers.set("content-type", "application/json");
      const before = await snapshot(site.runtime.database.db);
      const response = await site.request(`/api/v1${path}`, {
        method: operation.method.toUpperCase(),
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        // Each row its own client address: the sign-in and sign-up limits count per address.
        ip: `203.0.113.${row % 250}`,
      });
      const text = await response.clone().text();
      expect(response.status, text).toBe(scenario.status);
      await expectDocumented(site, operation.method, operation.path, response);
      for (const fragment of scenario.includes?.(world) ?? []) expect(text).toContain(fragment);
      for (const fragment of [...(scenario.excludes?.(world) ?? []), ...LOCKED_MARKERS]) expect(text).not.toContain(fragment);
      if (scenario.status >= 400) expect(await snapshot(site.runtime.database.db)).toBe(before);
      expect(response.headers.get("cache-control")).toBeTruthy();
    },
  );
});
