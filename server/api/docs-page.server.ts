import { createRequire } from "node:module";
import path from "node:path";
import express from "express";
import { DEFAULT_FAVICON } from "#common/settings.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * `/api/v1/docs`: a readable reference of the app API, rendered in the browser by Swagger UI from
 * /api/v1/openapi.json. Everything comes from this site (swagger-ui-dist's files, served from node_modules under a
 * versioned path), both scripts carry the page's CSP nonce, and the online validator Swagger UI calls by default is
 * off, so the page passes the site's Content-Security-Policy and loads nothing from another origin.
 */

const require = createRequire(import.meta.url);
const distPackage = require.resolve("swagger-ui-dist/package.json");
const { version } = require(distPackage) as { version: string };
const distDir = path.dirname(distPackage);
const ASSET_FILES = new Set(["swagger-ui-bundle.js", "swagger-ui.css"]);

export const API_DOCS_PATH = "/api/v1/docs";
const assetsPath = `${API_DOCS_PATH}/assets/${version}`;

/** Starts Swagger UI on the document; a file of its own because the CSP allows no inline script without a nonce. */
const INIT_SCRIPT = `window.addEventListener("DOMContentLoaded", function () {
  window.SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#reference", validatorUrl: null, deepLinking: true, defaultModelsExpandDepth: 0 });
});
`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(siteName: string, favicon: string, nonce: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(siteName)} API reference</title>
<meta name="robots" content="noindex">
<link rel="icon" href="${escapeHtml(favicon)}">
<link rel="stylesheet" href="${assetsPath}/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript><p>The reference needs JavaScript. The document itself: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript></main>
<script nonce="${nonce}" src="${assetsPath}/swagger-ui-bundle.js"></script>
<script nonce="${nonce}" src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;
}

export function apiDocsRouter(runtime: Runtime): express.Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  router.get(API_DOCS_PATH, async (_req, res, next) => {
    try {
      const favicon = (await runtime.settings.get()).favicon ?? DEFAULT_FAVICON;
      res.set("Cache-Control", "no-cache").type("html").send(page(runtime.env.SITE_NAME, favicon, String(res.locals.cspNonce)));
    } catch (error) {
      next(error);
    }
  });
  router.get(`${API_DOCS_PATH}/init.js`, (_req, res) => {
    res.set("Cache-Control", "no-cache").type("text/javascript").send(INIT_SCRIPT);
  });
  router.get(`${assetsPath}/:file`, (req, res, next) => {
    if (!ASSET_FILES.has(req.params.file)) return next();
    // The version is in the path, so the file never changes under it.
    res.sendFile(req.params.file, { root: distDir, immutable: true, maxAge: "1y", dotfiles: "deny" });
  });
  return router;
}
