import type { Request, Response } from "express";
import type { z } from "zod";
import type { Caller } from "#server/api/caller.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * One /api/v1 operation, described once: the same zod schemas validate the request, type the handler and write the
 * OpenAPI document (server/api/openapi.server.ts). Access is declared here and enforced by the router before the
 * handler runs; what a learner may see of the catalogue and whose rows they may touch is the services' rule.
 */

/**
 * "optional": served to anyone, and told who the caller is when there is one (a bad bearer token is still 401, as
 * everywhere): the live channel carries public events to a visitor and the learner's own to the learner.
 */
export type Access = "public" | "optional" | "learner" | "admin";
export type Method = "get" | "post" | "put" | "patch" | "delete";

type AnyObject = z.ZodObject;
export type ResponseContentType = "application/json" | "text/event-stream";

export interface HandlerContext<P, Q, B> {
  runtime: Runtime;
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
  /** The signed-in caller; never null when the endpoint's access is "learner" or "admin", always null when "public". */
  caller: Caller | null;
  /** The trusted client address (rate limits). */
  clientIp: string;
}

export interface Answer<T> {
  status?: number;
  body?: T;
  headers?: Record<string, string>;
  /**
   * A strong validator of the answer, known before the body is built. With it the router answers a matching
   * `If-None-Match` with 304 and no body.
   */
  etag?: string;
}

export interface Endpoint<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: Method;
  /** Below /api/v1, as OpenAPI writes it: `/lessons/{languageId}/{levelId}/{lessonId}`. */
  path: `/${string}`;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** The largest body this operation accepts (bytes); refused with 413 before it is read. Default API_BODY_LIMIT (16 KiB). */
  bodyLimit?: number;
  /**
   * `contentType` "text/event-stream" declares a stream (server/api/event-stream.server.ts): the handler writes it
   * itself and `schema` describes one of its messages.
   */
  response:
    | { status: 200 | 201 | 202; description: string; schema: R; headers?: Record<string, z.ZodType>; contentType?: ResponseContentType }
    | { status: 204; description: string };
  /** The refusals this operation can answer besides 401/403 (from its access) and 400/413 (from its input). */
  problems?: number[];
  /** Answers carry an ETag and `If-None-Match` gets 304. */
  conditional?: boolean;
  /** A private answer (the caller's own data): `Cache-Control: private, no-store`. Public reads may be cached. */
  cache?: string;
  handler(context: HandlerContext<z.output<P>, z.output<Q>, z.output<B>>): Promise<Answer<z.input<R>>>;
}

/** Identity with inference: writes an endpoint with its handler typed from its schemas. */
export function endpoint<P extends AnyObject, Q extends AnyObject, B extends z.ZodType, R extends z.ZodType>(
  definition: Endpoint<P, Q, B, R>,
): Endpoint {
  return definition as unknown as Endpoint;
}

