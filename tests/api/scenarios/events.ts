import { callerKinds } from "#tests/api/support/api-fixture.ts";
import { signedInKinds, type Scenario } from "#tests/api/scenarios/scenario.ts";

/**
 * The live channel: open to visitors (public events only), the learner's own events for a signed-in caller, and a bad
 * bearer token refused as at every other door. The runner reads the first event of a stream and hangs up.
 */
export const eventScenarios: Scenario[] = callerKinds.map((as): Scenario => {
  if (as === "visitor") return { operationId: "listenToEvents", as, status: 200, includes: () => ['"event":"ready"', '"signedIn":false'] };
  if (signedInKinds.includes(as)) return { operationId: "listenToEvents", as, status: 200, includes: () => ['"event":"ready"', '"signedIn":true'] };
  return { operationId: "listenToEvents", as, status: 401, includes: () => ["invalid or has expired"] };
});
