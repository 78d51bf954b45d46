import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "#server/api/endpoints.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { snapshot } from "#tests/support/site-fixtures.ts";
import { documentCheck, expectDocumented } from "#tests/api/support/api-client.ts";
import { readEvents } from "#tests/api/support/event-stream.ts";
import { callerKinds, createApiWorld, LOCKED_MARKERS, type ApiWorld } from "#tests/api/support/api-fixture.ts";
import type { Scenario } from "#tests/api/scenarios/scenario.ts";
import { accountScenarios } from "#tests/api/scenarios/accounts.ts";
import { catalogScenarios } from "#tests/api/scenarios/catalog.ts";
import { siteScenarios } from "#tests/api/scenarios/site.ts";
import { eventScenarios } from "#tests/api/scenarios/events.ts";
import { syncScenarios } from "#tests/api/scenarios/sync.ts";

/**
 * The API scenario table (after PocketBase's ApiScenario tests): every operation of /api/v1 replayed as every kind of
 * caller (visitor, learner, another learner, admin, expired token, forged token, token of a deleted user), with the
 * status it must get, fragments its body must and must not hold, and, for every refusal, proof that no row changed.
 * Every answer is checked against the served OpenAPI document, and no answer ever holds locked content.
 * A new operation without a row for each kind of caller fails the first test. Rows live by group in scenarios/.
 */
const scenarios: Scenario[] = [...accountScenarios, ...catalogScenarios, ...siteScenarios, ...eventScenarios, ...syncScenarios];


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
      const headers = new Headers(scenario.headers?.(world));
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
      let text: string;
      if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
        // A stream never ends by itself: its first event stands for the body, checked against the document's
        // description of one message; then the row hangs up.
        const events = readEvents(response);
        const first = await events.nextEvent().finally(() => events.close());
        text = JSON.stringify(first);
        expect(response.status, text).toBe(scenario.status);
        (await documentCheck(site)).check(operation.method, operation.path, response.status, response.headers.get("content-type"), first);
      } else {
        text = await response.clone().text();
        expect(response.status, text).toBe(scenario.status);
        await expectDocumented(site, operation.method, operation.path, response);
      }
      for (const fragment of scenario.includes?.(world) ?? []) expect(text).toContain(fragment);
      for (const fragment of [...(scenario.excludes?.(world) ?? []), ...LOCKED_MARKERS]) expect(text).not.toContain(fragment);
      if (scenario.status >= 400) expect(await snapshot(site.runtime.database.db)).toBe(before);
      expect(response.headers.get("cache-control")).toBeTruthy();
    },
  );
});
