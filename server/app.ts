import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, type RouterContext } from "react-router";
import { requestInfoContext, runtimeContext } from "#server/context.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createPageCache } from "#server/http/page-cache.server.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { LOCAL_STORAGE_ROUTE } from "#server/storage/local-storage.server.ts";

/**
 * The server bundle's entry (see vite.config.ts). server/main.ts owns the HTTP listener, static assets and
 * shutdown; this module owns everything that needs the runtime.
 */
export function startRuntime(source: Record<string, string | undefined> = process.env): Promise<Runtime> {
  return createRuntime(loadEnv(source));
}

/** Any of our cookies that identify a person makes a request personal (never served from the shared cache). */
const personalCookie = /(?:^|;\s*)(?:__Secure-)?phrasewise[._-]session/;

export function createSiteHandler(runtime: Runtime): express.Router {
  const pageCache = createPageCache({ events: runtime.events, isPersonal: (req) => personalCookie.test(req.headers.cookie ?? "") });
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
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
            [requestInfoContext, { clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }],
          ]),
        ),
    }),
  );
  return router;
}
