import { STATUS_CODES } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { isDatabaseUnavailable } from "#server/db/client.server.ts";
import type { Logger } from "#server/logger.server.ts";

/** What a 503 for a database outage asks clients to wait: about as long as a PostgreSQL restart or failover. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** Every method the site answers. Others (TRACE, CONNECT, WebDAV's…) cannot become a web Request at all. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function allowedMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res.status(405).set({ Allow: ALLOWED_METHODS.join(", "), "Cache-Control": "no-store" }).type("text/plain").send("Method Not Allowed");
}

/**
 * The last resort for errors no route answered (pages have their own error page): a database outage is a 503 with
 * Retry-After, anything else a 500. Neither ever shows a stack trace; the log has it.
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    res.set("Cache-Control", "no-store").type("text/plain");
    // Errors that carry a client status (express.static's 404 for a missing stored file, a malformed body…).
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).send(STATUS_CODES[status] ?? "Bad Request");
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn(`Database unavailable on ${req.method} ${req.path}: ${error instanceof Error ? error.message : String(error)}`);
      res.status(503).set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS)).send("Service Unavailable");
      return;
    }
    logger.error(`Unhandled error on ${req.method} ${req.path}`, error);
    res.status(500).send("Internal Server Error");
  };
}
