import { STATUS_CODES } from "node:http";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import type { Endpoint } from "#server/api/endpoint.server.ts";
import { PROBLEM_CONTENT_TYPE, problemSchema } from "#server/api/problem.server.ts";

/**
 * The OpenAPI 3.1 document of /api/v1, written from the endpoints' own zod schemas: what validates a request is what
 * the document says, so the two cannot drift (tests/api/openapi.test.ts validates every answer against it).
 */

export const API_VERSION = "1.0.0";

/** What each tag (an endpoint's `tag`) groups, in the reference's order. A tag missing here fails the lint test. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Accounts: "Registration, confirmation, sign-in with bearer tokens, and the caller's own sessions and account.",
  Catalogue: "Languages, levels, lessons and phrases as the website shows them; locked content is listed, never sent.",
  Sync: "The learner's own data (progress, favourites, reviews, goal) both ways between devices and the website.",
  "Live channel": "Server-Sent Events: catalogue and settings changes, and the learner's own sync notices.",
  Site: "The site's settings and a message to the support team.",
};

function problem(status: number) {
  return { description: STATUS_CODES[status] ?? "Error", content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } } };
}

function operation(e: Endpoint): ZodOpenApiOperationObject {
  const statuses = new Set<number>(e.problems ?? []);
  if (e.params || e.query) statuses.add(400);
  if (e.body) for (const status of [400, 413, 415, 422]) statuses.add(status);
  // "optional" serves visitors but refuses a bad bearer token like every other door.
  if (e.access !== "public") statuses.add(401);
  if (e.access === "admin") statuses.add(403);
  statuses.add(500);
  const success =
    e.response.status === 204
      ? { description: e.response.description }
      : {
          description: e.response.description,
          ...(e.response.headers ? { headers: e.response.headers } : {}),
          content: { [e.response.contentType ?? "application/json"]: { schema: e.response.schema } },
        };
  return {
    operationId: e.operationId,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [e.tag],
    security: e.access === "public" ? [] : [...(e.access === "optional" ? [{}] : []), { bearerToken: [] }, { sessionCookie: [] }],
    ...(e.params || e.query ? { requestParams: { ...(e.params ? { path: e.params } : {}), ...(e.query ? { query: e.query } : {}) } } : {}),
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: e.body } } } } : {}),
    responses: {
      [String(e.response.status)]: success,
      ...(e.conditional ? { "304": { description: "Not Modified: the `If-None-Match` ETag is current." } } : {}),
      ...Object.fromEntries([...statuses].sort().map((status) => [String(status), problem(status)])),
    },
  };
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of endpoints) {
    const item = (paths[e.path] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[e.method] = operation(e);
  }
  const used = new Set(endpoints.map((e) => e.tag));
  const tags = [...Object.keys(TAG_DESCRIPTIONS).filter((name) => used.has(name)), ...[...used].filter((name) => !(name in TAG_DESCRIPTIONS))].map(
    (name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) }),
  );
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Phrasewise API",
      version: API_VERSION,
      description:
        "The API of the Phrasewise companion app and any other client: accounts, the catalogue for reading and offline " +
        "download, and the learner's own data. Errors are RFC 9457 problem documents.",
      // The project carries no open-source licence (package.json is private): the API is the school's own.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/api/v1" }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer", description: "The token `POST /auth/sign-in` returns." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "phrasewise.session_token", description: "The website's session." },
      },
    },
  });
}
