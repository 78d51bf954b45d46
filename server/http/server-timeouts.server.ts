import type http from "node:http";

/**
 * Deadlines for the HTTP server (server/main.ts; the test site uses the same). Node's defaults let one stalled request
 * hold its connection for 300 s. A request body's own idle deadline is body-limit.server.ts's BODY_IDLE_MS.
 *
 * Imported by server/main.ts, which Node runs directly: relative imports and erasable TypeScript only.
 */
/** The request line and headers must be in within this (a slow-headers client is cut off). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included: a 20 MB audio upload needs about 1.4 Mbit/s to make it. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** An idle keep-alive connection is closed after this (longer than common proxies' 60 s, so they close first). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Options for http.createServer. */
export const serverTimeouts: http.ServerOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  // How often Node checks the two deadlines above (30 s by default, which would let them overrun by as much).
  connectionsCheckingInterval: 1_000,
};
