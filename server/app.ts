import path from "node:path";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import * as serverBuild from "virtual:react-router/server-build";
import { RouterContextProvider, type RouterContext } from "react-router";
import { requestInfoContext, runtimeContext } from "#server/context.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import { authLimitForPath, authTargetMatcher, canonicalAuthPath, consumeAuthLimit, tooManyAttemptsText } from "#server/auth/auth-limits.server.ts";
import { personalRequestCheck } from "#server/auth/personal-request.server.ts";
import { signedInHint } from "#server/auth/signed-in-hint.server.ts";
import { adminSubmissionGate } from "#server/http/admin-submissions.server.ts";
import { bodyDeadline, bodyLimit, bodyLimitRules, catalogImportBodyLimit } from "#server/http/body-limit.server.ts";
import { API_BASE_PATH, apiBodyLimitRules, createApiRouter } from "#server/api/api-router.server.ts";
import { apiEndpoints } from "#server/api/endpoints.server.ts";
import { apiDocsRouter } from "#server/api/docs-page.server.ts";
import { cspReportRoute } from "#server/http/csp-report.server.ts";
import { VIEWER_ROUTE, viewerRoute } from "#server/http/viewer-route.server.ts";
import type { StaticFileHeaders } from "#server/http/static-files.server.ts";
import { allowedMethods, errorHandler } from "#server/http/errors.server.ts";
import { originCheck } from "#server/http/origin-check.server.ts";
import { createPageCache } from "#server/http/page-cache.server.ts";
import { createRequestHandler } from "#server/http/request-handler.server.ts";
import { createRouteTable } from "#server/http/route-table.server.ts";
import { createSecurityHeaders } from "#server/http/security-headers.server.ts";
import { createRuntime, storagePublicUrl, type Runtime } from "#server/runtime.server.ts";
import { startSupportMailRetry } from "#server/support/support-mail-retry.server.ts";
import { supportDeps } from "#server/support/support.server.ts";
import { LOCAL_STORAGE_ROUTE, serveLocalStorage } from "#server/storage/local-storage.server.ts";

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

function securityHeaders(runtime: Runtime) {
  return createSecurityHeaders(runtime.env, { storageUrl: storagePublicUrl(runtime.env) });
}

/** The security headers of files served as they are, for express.static's `setHeaders` (server/main.ts). */
export function staticFileHeaders(runtime: Runtime): StaticFileHeaders {
  const { files, worker } = securityHeaders(runtime);
  return { files, worker };
}

/** The public "Oops! Page not found" route (app/routes.ts, `*`). */
const CATCH_ALL_ROUTE = "routes/public/not-found";

export function createSiteHandler(runtime: Runtime): express.Router {
  const headers = securityHeaders(runtime);
  const isPersonal = personalRequestCheck(runtime);
  const routeTable = createRouteTable(serverBuild);
  const pageCache = createPageCache({
    events: runtime.events,
    // Every path only the catch-all route answers gets the same page (nothing in it names the path); not its data.
    sharedKey: (req) => (!req.path.endsWith(".data") && routeTable.pageRouteId(req.path) === CATCH_ALL_ROUTE ? "not-found" : undefined),
    isPersonal: (req) => isPersonal(req.headers.cookie),
    // Set by getSessionUser (and /api/viewer) through the load context below.
    renderedPersonal: (res) => res.locals.personal === true,
  });
  const router = express.Router();
  router.use(allowedMethods);
  router.use(headers.pages);
  // Before every door that sets or clears the session cookie (the library's handler, our routes): the hint follows it.
  router.use(signedInHint(runtime));
  router.use((req, _res, next) => {
    // The one client address everything downstream uses (rate limits, the auth library's session records); a value
    // the client sent under this name is replaced. req.ip honours X-Forwarded-For only with TRUST_PROXY.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  router.use(bodyDeadline());
  // Before the Origin check: browsers send reports on their own, and a report changes nothing but a log line.
  router.use(cspReportRoute(runtime.logger));
  // Who may send a body is known from the headers, so both checks come before any body is read.
  router.use(originCheck(runtime.env.PUBLIC_URL, runtime.env.APP_ORIGINS));
  router.use(adminSubmissionGate(runtime));
  router.use(bodyLimit({ rules: [...bodyLimitRules, catalogImportBodyLimit(runtime.env.CATALOG_UPLOAD_MAX_BYTES), ...apiBodyLimitRules(apiEndpoints)] }));
  // Before the auth library's handler, the API, the page cache and React Router: every learner's page view asks it.
  router.all(VIEWER_ROUTE, viewerRoute(runtime));
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
    serveLocalStorage(path.join(runtime.env.DATA_DIR, "storage"), runtime.logger, { setHeaders: headers.files }),
  );
  // The app API answers its own paths whole (problem documents for unknown ones); never through the page cache.
  router.use(apiDocsRouter(runtime));
  router.use(API_BASE_PATH, createApiRouter(runtime, apiEndpoints));
  router.use(pageCache.middleware);
  router.all(
    "/{*path}",
    createRequestHandler({
      build: serverBuild,
      mode: process.env.NODE_ENV === "production" ? "production" : "development",
      publicUrl: runtime.env.PUBLIC_URL,
      logger: runtime.logger,
      getLoadContext: (req, res) =>
        new RouterContextProvider(
          new Map<RouterContext, unknown>([
            [runtimeContext, runtime],
            [
              requestInfoContext,
              {
                clientIp: String(req.headers[CLIENT_IP_HEADER]),
                cspNonce: String(res.locals.cspNonce),
                markPersonal: () => {
                  res.locals.personal = true;
                },
              },
            ],
          ]),
        ),
    }),
  );
  router.use(errorHandler(runtime.logger));
  return router;
}
