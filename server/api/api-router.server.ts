import { createHash } from "node:crypto";
import { STATUS_CODES } from "node:http";
import express, { type Request, type Response } from "express";
import type { z } from "zod";
import { CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import { isDatabaseUnavailable } from "#server/db/client.server.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "#server/http/errors.server.ts";
import { API_BODY_LIMIT, type BodyLimitRule } from "#server/http/body-limit.server.ts";
import { COMPRESS_THRESHOLD, compressBody, negotiateEncoding } from "#server/http/compress-body.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { resolveCaller } from "#server/api/caller.server.ts";
import type { Endpoint } from "#server/api/endpoint.server.ts";
import { buildOpenApiDocument } from "#server/api/openapi.server.ts";
import { ApiProblem, fieldErrors, sendProblem } from "#server/api/problem.server.ts";

/** Where the API lives; every path of an endpoint is below it. */
export const API_BASE_PATH = "/api/v1";

/** `/lessons/{languageId}` → `/lessons/:languageId` (Express's spelling of the same template). */
function expressPath(path: string) {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/**
 * The body caps of the operations that take one, for server/http/body-limit.server.ts, which refuses a larger body
 * (413, as a problem) before any of it is read. Paths with parameters fall back to the API's default cap.
 */
export function apiBodyLimitRules(endpoints: readonly Endpoint[]): BodyLimitRule[] {
  return endpoints
    .filter((e) => e.body && !e.path.includes("{"))
    .map((e) => ({ path: `${API_BASE_PATH}${e.path}`, maxBytes: e.bodyLimit ?? API_BODY_LIMIT, problem: true }));
}

async function readBody(req: Request, maxBytes: number): Promise<Buffer> {
  // A chunked body was already read, within its cap, by the body limit (server/http/body-limit.server.ts).
  if (typeof req.body === "string") return Buffer.from(req.body, "utf8");
  if (Buffer.isBuffer(req.body)) return req.body;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    // The declared length was checked against the cap before; Node delivers no more than it declared.
    if (received > maxBytes) throw new ApiProblem(413, `The body is larger than ${maxBytes} bytes.`, { headers: { Connection: "close" } });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parsePart<T extends z.ZodType>(schema: T | undefined, value: unknown, where: string): z.output<T> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new ApiProblem(where === "body" ? 422 : 400, where === "body" ? "The request body is not valid." : `The request's ${where} is not valid.`, {
    errors: where === "body" ? errors : errors.map((e) => ({ ...e, pointer: `/${where}${e.pointer}` })),
  });
}

async function jsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new ApiProblem(415, "Send the body as application/json.");
  const raw = await readBody(req, maxBytes);
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ApiProblem(400, "The request body is not valid JSON.");
  }
}

/** A strong ETag of an answer's bytes, for operations that do not know theirs in advance. */
export function contentTag(bytes: string) {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as RFC 9110 asks for it). */
export function matchesTag(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function handle(runtime: Runtime, definition: Endpoint) {
  return async (req: Request, res: Response) => {
    try {
      const caller = definition.access === "public" ? null : await resolveCaller(runtime, req);
      if ((definition.access === "learner" || definition.access === "admin") && !caller) throw new ApiProblem(401, "Sign in to use this operation.");
      if (definition.access === "admin" && !caller!.isAdmin) throw new ApiProblem(403, "This operation is for administrators.");
      const params = parsePart(definition.params, req.params, "path") ?? {};
      const query = parsePart(definition.query, req.query, "query") ?? {};
      const body = definition.body ? parsePart(definition.body, await jsonBody(req, definition.bodyLimit ?? API_BODY_LIMIT), "body") : undefined;
      const answer = await definition.handler({ runtime, req, res, params, query, body, caller, clientIp: String(req.headers[CLIENT_IP_HEADER]) });
      // A stream (server/api/event-stream.server.ts) has written its headers, and holds the response, by now.
      if (res.headersSent) return;
      const status = answer.status ?? definition.response.status;
      res.set("Cache-Control", definition.cache ?? (definition.access === "public" && definition.method === "get" ? "no-cache" : "private, no-store"));
      if (answer.headers) res.set(answer.headers);
      if (status === 204 || answer.body === undefined) {
        res.status(status).end();
        return;
      }
      const json = JSON.stringify(answer.body);
      if (definition.conditional) {
        const etag = answer.etag ?? contentTag(json);
        res.set("ETag", etag);
        if (matchesTag(req.headers["if-none-match"], etag)) {
          res.status(304).end();
          return;
        }
      }
      // Compressed here in one call, not streamed by the middleware (server/http/compress-body.server.ts).
      res.vary("Accept-Encoding");
      const encoding = json.length < COMPRESS_THRESHOLD ? "identity" : negotiateEncoding(req);
      const encoded = encoding === "identity" ? json : await compressBody(Buffer.from(json), encoding);
      if (encoding !== "identity") res.set("Content-Encoding", encoding);
      res.status(status).type("application/json").send(encoded);
    } catch (error) {
      if (error instanceof ApiProblem) return sendProblem(res, error);
      if (isDatabaseUnavailable(error)) {
        runtime.logger.warn(`Database unavailable on ${req.method} ${req.path}`);
        return sendProblem(res, new ApiProblem(503, "The service is briefly unavailable. Try again shortly.", { retryAfter: DATABASE_RETRY_AFTER_SECONDS }));
      }
      runtime.logger.error(`Unhandled error on ${req.method} ${API_BASE_PATH}${definition.path}`, error);
      if (!res.headersSent) sendProblem(res, new ApiProblem(500, "Something went wrong on our side."));
    }
  };
}

/**
 * /api/v1: each endpoint's handler behind its access rule and input checks, the OpenAPI document, and problem
 * documents for everything else (an unknown path is 404, a known one with another method 405). Paths match exactly,
 * case and trailing slash included: another spelling is simply not found.
 */
export function createApiRouter(runtime: Runtime, endpoints: readonly Endpoint[]): express.Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  let document: string | undefined;
  router.get("/openapi.json", (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument(endpoints));
    res.set("Cache-Control", "no-cache").type("application/json").send(document);
  });
  const methodsByPath = new Map<string, string[]>();
  for (const definition of endpoints) {
    const path = expressPath(definition.path);
    router[definition.method](path, handle(runtime, definition));
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), definition.method.toUpperCase()]);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].join(", ");
    router.all(path, (_req, res) => sendProblem(res, new ApiProblem(405, `This path answers ${allow}.`, { headers: { Allow: allow } })));
  }
  router.use((_req, res) => sendProblem(res, new ApiProblem(404, STATUS_CODES[404])));
  return router;
}
