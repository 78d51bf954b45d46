/**
 * The build's client files (server/main.ts): fingerprinted assets under /assets, never changing, and everything
 * else in public/, which may change and so revalidates hourly. The build wrote a .br and a .gz beside each text file
 * over 1 KB (vite.precompress.ts): they go out as they are, brotli first, and the compression middleware leaves an
 * answer that already has a Content-Encoding alone.
 *
 * Imported by server/main.ts, which Node runs directly: relative imports and erasable TypeScript only.
 */
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type express from "express";
import expressStaticGzip from "express-static-gzip";

export interface StaticFileHeaders {
  files: (res: ServerResponse) => void;
  /** The service worker's script (/sw.js, see docs/decisions/014-offline.md). */
  worker: (res: ServerResponse) => void;
}

/** Mounts the client files on `app`, ahead of the site. */
export function serveStaticFiles(app: express.Express, clientDir: string, headers: StaticFileHeaders): void {
  const serviceWorker = path.join(clientDir, "sw.js");
  const setHeaders = (res: ServerResponse, file: string) => {
    // Sent as its .br or .gz twin when the browser accepts one.
    if (file.replace(/\.(?:br|gz)$/, "") !== serviceWorker) return headers.files(res);
    headers.worker(res);
    // Browsers check the worker for updates on each visit anyway; no-cache makes every HTTP cache in between ask too,
    // so a new build's worker is seen on the next visit.
    res.setHeader("Cache-Control", "no-cache");
  };
  const assets = expressStaticGzip(path.join(clientDir, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", setHeaders: headers.files },
  });
  const files = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { maxAge: "1h", setHeaders },
  });
  // The build's files are listed once: a page request then goes straight on to the site, instead of costing a
  // file-system stat (on the thread pool) to find out that no file has its name.
  const known = buildFiles(clientDir);
  const onlyKnown = (serve: express.RequestHandler): express.RequestHandler => (req, res, next) => {
    if (!((req.method === "GET" || req.method === "HEAD") && known.has(req.baseUrl + req.path))) return next();
    serve(req, res, (error?: unknown) => {
      // A listed file gone from disk since the start (a deploy over a running server): express-static-gzip has
      // already chosen its .br twin and set Content-Encoding and Content-Type for it. The site's 404 page must not
      // inherit them (its Content-Type would become a list, a 500 claiming to be brotli).
      if (!res.headersSent) {
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
      }
      next(error);
    });
  };
  app.use("/assets", onlyKnown(assets));
  app.use(onlyKnown(files));
}

/** The URL paths of the build's client files (not their .br and .gz twins, which are sent in their place). */
function buildFiles(dir: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    const urlPath = `/${relative.split(path.sep).join("/")}`;
    paths.add(urlPath).add(encodeURI(urlPath));
  }
  return paths;
}
