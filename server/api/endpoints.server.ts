import type { Endpoint } from "#server/api/endpoint.server.ts";
import { meEndpoint } from "#server/api/endpoints/account.server.ts";
import { accountEndpoints } from "#server/api/endpoints/auth.server.ts";
import { catalogEndpoints } from "#server/api/endpoints/catalog.server.ts";
import { siteEndpoints } from "#server/api/endpoints/site.server.ts";
import { eventsEndpoint } from "#server/api/endpoints/events.server.ts";
import { syncEndpoints } from "#server/api/endpoints/sync.server.ts";

/**
 * Every operation of /api/v1, in the order the document lists them, one group per line. An operation exists only if
 * it is here, and every one here needs rows in the API scenario table (tests/api/scenarios.test.ts).
 */
export const apiEndpoints: readonly Endpoint[] = [
  ...accountEndpoints,
  meEndpoint,
  ...catalogEndpoints,
  ...syncEndpoints,
  eventsEndpoint,
  ...siteEndpoints,
];
