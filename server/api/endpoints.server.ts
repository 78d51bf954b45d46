import type { Endpoint } from "#server/api/endpoint.server.ts";
import { meEndpoint } from "#server/api/endpoints/account.server.ts";
import {
  confirmEndpoint,
  listSessionsEndpoint,
  revokeSessionEndpoint,
  signInEndpoint,
  signOutEndpoint,
  signUpEndpoint,
} from "#server/api/endpoints/auth.server.ts";
import { languagesEndpoint } from "#server/api/endpoints/catalog.server.ts";

/**
 * Every operation of /api/v1, in the order the document lists them. An operation exists only if it is here, and
 * every one here gets rows in the API scenario table (tests/api/scenarios.test.ts), which fails otherwise.
 */
export const apiEndpoints: readonly Endpoint[] = [
  signUpEndpoint,
  confirmEndpoint,
  signInEndpoint,
  signOutEndpoint,
  listSessionsEndpoint,
  revokeSessionEndpoint,
  meEndpoint,
  languagesEndpoint,
];
