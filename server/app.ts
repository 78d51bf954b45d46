import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { RouterContextProvider, type RouterContext } from "react-router";
import { requestInfoContext, runtimeContext } from "#server/context.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import { authLimitForPath, authTargetMatcher, canonicalAuthPath, consumeAuthLimit, tooManyAttemptsText } from "#server/auth/auth-limits.server.ts";
import { originCheck } from "#server/http/origin-check.server.ts";
import { createPageCache } from "#server/http/page-cache.server.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { startSupportMailRetry } from "#server/support/support-mail-retry.server.ts";
import { supportDeps } from "#server/support/support.server.ts";
import { LOCAL_STORAGE_ROUTE } from "#server/storage/local-storage.server.ts";

/**
 * The server bundle's entry (see vite.config.ts). server/main.ts owns the HTTP listener, static assets and
 * shutdown; this module owns everything that needs the runtime.
 */
/** The server's runtime, with its background work: retrying failed support mail. */
export async function startRuntime(source: Record<string, string | undefined> = process.env): Promise<Runtime> {
  const runtime = await createRuntime(loadEnv(source));
  const supportMailRetry = startSupportMailRetry(supportDeps(runtime));
  return {
    ...runtime,
    async close() {
      await supportMailRetry.stop();
      await runtime.close();
    },
  };
}

/**
 * Any of our cookies that identify a person (the session, `phrasewise.session_token`) or carry a message for them
 * (`phrasewise.flash`) makes a request personal: never served from, or stored in, the shared cache.
 */
const personalCookie = /(?:^|;\s*)(?:__Secure-)?phrasewise[._-](?:session|flash)/;

export function createSiteHandler(runtime: Runtime): express.Router {
  const pageCache = createPageCache({ events: runtime.events, isPersonal: (req) => personalCookie.test(req.headers.cookie ?? "") });
  const router = express.Router();
  router.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    // The one client address everything downstream uses (rate limits, the auth library's session records); a value
    // the client sent under this name is replaced. req.ip honours X-Forwarded-For only with TRUST_PROXY.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  router.use(originCheck(runtime.env.PUBLIC_URL));
  const authHandler = toNodeHandler(runtime.auth);
  const isAuthTarget = authTargetMatcher(AUTH_BASE_PATH);
  router.use(async (req, res, next) => {
    if (!isAuthTarget(req.originalUrl)) {
      next();
      return;
    }
    try {
      res.setHeader("Cache-Control", "no-store");
      // Only canonical spellings reach the library, so the limits below see the path it routes on.
      const path = canonicalAuthPath(AUTH_BASE_PATH, req.originalUrl);
      if (path === undefined) {
        res.sendStatus(404);
        return;
      }
      const kind = authLimitForPath(req.method, path);
      if (kind) {
        const limit = await consumeAuthLimit(runtime.database.db, kind, String(req.headers[CLIENT_IP_HEADER]));
        if (!limit.allowed) {
          res.status(429).setHeader("Retry-After", String(limit.retryAfterSeconds));
          res.json({ code: "TOO_MANY_REQUESTS", message: tooManyAttemptsText(limit.retryAfterSeconds) });
          return;
        }
      }
      await authHandler(req, res);
    } catch (error) {
      next(error);
    }
  });
  router.use(
    LOCAL_STORAGE_ROUTE,
    express.static(path.join(runtime.env.DATA_DIR, "storage"), {
      index: false,
      fallthrough: false,
      maxAge: 3600 * 1000,
      dotfiles: "deny",
    }),
  );
  router.use(pageCache.middleware);
  router.all(
    "/{*path}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: process.env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req) =>
        new RouterContextProvider(
          new Map<RouterContext, unknown>([
            [runtimeContext, runtime],
            [requestInfoContext, { clientIp: String(req.headers[CLIENT_IP_HEADER]) }],
          ]),
        ),
    }),
  );
  return router;
}
