import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createReactRouterHandler, data, type RouterContextProvider, type ServerBuild } from "react-router";
import { isDatabaseUnavailable } from "#server/db/client.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "#server/http/errors.server.ts";
import { createRouteTable } from "#server/http/route-table.server.ts";

/**
 * React Router behind Express: the adapter @react-router/express would be, with three differences.
 *
 * - The web Request's URL is PUBLIC_URL's origin plus the path. A reverse proxy may terminate TLS or rewrite Host;
 *   the browser's Origin is still PUBLIC_URL's, so the framework's own action check (Origin must match the request
 *   URL's origin) holds behind any proxy, with or without TRUST_PROXY.
 * - A body that server/http/body-limit.server.ts already read (a chunked one) is passed on as `req.body`.
 * - A loader or action that fails because the database cannot be reached throws a 503 (with Retry-After) instead of
 *   a 500: the error page says to try again, and a genuine bug stays a 500.
 * - A submission to a route without an action is answered 405 here, in plain text, before React Router renders an
 *   error page for it (and logs a stack trace each time): one short log line a minute at most.
 */
export interface RequestHandlerOptions {
  /**
   * The build itself, not a function that returns it: given a function, React Router builds its route tables
   * again on every request. (In development a new server/app.ts evaluation makes a new handler; see dev-server.ts.)
   */
  build: ServerBuild;
  mode: string;
  publicUrl: string;
  logger: Logger;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider;
}

export function createRequestHandler({ build, mode, publicUrl, logger, getLoadContext }: RequestHandlerOptions) {
  const origin = new URL(publicUrl).origin;
  const outages = new WeakSet<object>();
  const onOutage = outageReporter(logger);
  const handle = createReactRouterHandler(withOutageAnswer(build, outages, onOutage), mode);
  const { hasAction } = createRouteTable(build);
  const onNoAction = oncePerMinute(logger);

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (SUBMISSIONS.has(req.method) && !hasAction(new URL(req.originalUrl, origin))) {
      onNoAction(`405 for ${req.method} ${req.path}: no action there (one line a minute)`);
      res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store", Connection: "close" }).type("text/plain");
      res.send("Method Not Allowed");
      return;
    }
    try {
      const context = getLoadContext(req, res);
      const response = await handle(toWebRequest(req, res, origin), context);
      await send(res, outages.has(context) ? withRetryAfter(response) : response);
    } catch (error) {
      next(error);
    }
  };
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  const controller = new AbortController();
  // A client gone before its answer: loaders stop, and their errors are not logged as failures.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const buffered = req.body as unknown;
    if (typeof buffered === "string" || buffered instanceof Uint8Array) {
      init.body = buffered as string | Uint8Array<ArrayBuffer>;
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(`${origin}${req.originalUrl}`, init);
}

/** A copy with Retry-After (a response's own headers may be immutable). */
function withRetryAfter(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

type DataFunction = (args: { context: unknown }) => unknown;

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every loader and action answering a database outage with a 503 route error. */
function withOutageAnswer(build: ServerBuild, outages: WeakSet<object>, onOutage: (error: unknown) => void): ServerBuild {
  let wrapped = wrappedBuilds.get(build);
  if (wrapped) return wrapped;
  const guard = (fn: DataFunction) => async (args: { context: unknown }) => {
    try {
      return await fn(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      outages.add(args.context as object);
      onOutage(error);
      throw data("Service Unavailable", { status: 503 });
    }
  };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module: Record<string, unknown> = { ...route.module };
      for (const name of ["loader", "action"]) if (module[name]) module[name] = guard(module[name] as DataFunction);
      return [id, { ...route, module }];
    }),
  );
  wrapped = { ...build, routes } as ServerBuild;
  wrappedBuilds.set(build, wrapped);
  return wrapped;
}

const SUBMISSIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** At most one info line a minute, whatever the request rate. */
function oncePerMinute(logger: Logger) {
  let lastLoggedAt = 0;
  return (message: string) => {
    if (Date.now() - lastLoggedAt < 60_000) return;
    lastLoggedAt = Date.now();
    logger.info(message);
  };
}

/** One warning per outage-minute, not one per request. */
function outageReporter(logger: Logger) {
  let lastLoggedAt = 0;
  return (error: unknown) => {
    if (Date.now() - lastLoggedAt < 60_000) return;
    lastLoggedAt = Date.now();
    logger.warn(`Database unavailable, answering 503: ${error instanceof Error ? error.message : String(error)}`);
  };
}
