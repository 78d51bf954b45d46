/**
 * The HTTP server: `node server/main.ts` (production build) or `node server/main.ts --dev` (Vite dev server).
 * Runs directly on Node 24 (type stripping), so this file uses only erasable TypeScript and no path aliases.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import type { DevServer } from "./dev-server.ts";
import { gracefulShutdown } from "./http/graceful-shutdown.server.ts";
import type { Runtime } from "./runtime.server.ts";

import type * as AppModuleExports from "./app.ts";

type AppModule = typeof AppModuleExports;

const dev = process.argv.includes("--dev");
const buildDir = path.resolve("build");
const shutdownGraceMs = 10_000;
/** How long a keep-alive connection with nothing in flight may still bring one last request once shutdown starts. */
const idleConnectionGraceMs = 1_000;

function fail(error: unknown): never {
  const known = error instanceof Error && ["ConfigError", "DirectoryLockedError"].includes(error.name);
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

async function main() {
  const app = express();
  app.disable("x-powered-by");
  // Registered first, so it wraps everything below, including the page cache's buffered responses. Brotli's default
  // 4 MB window made each rendered page's encoder allocate megabytes on the thread pool, and under 50 concurrent
  // renders that fragmented the heap: RSS grew by hundreds of MB and stayed there (README, "Memory"). A 256 KB window
  // (lgwin 18) is larger than any page, so nothing compresses worse.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));

  const server = http.createServer(app);

  let load: () => Promise<AppModule>;
  let devServer: DevServer | undefined;
  if (dev) {
    devServer = await (await import("./dev-server.ts")).startDevServer(server);
    app.use(devServer.middlewares);
    load = devServer.load;
  } else {
    const entry = path.join(buildDir, "server/index.js");
    load = () => import(entry) as Promise<AppModule>;
  }

  const runtime: Runtime = await (await load()).startRuntime();
  const { env, logger } = runtime;
  // req.ip honours X-Forwarded-For only when the operator says a proxy is in front.
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);
  if (devServer) {
    app.use(devServer.siteHandler(runtime));
  } else {
    const site = await load();
    // Fingerprinted assets never change; everything else in public/ may, so it revalidates hourly. Files get the
    // site's security headers too. The build wrote a .br and a .gz beside each text file over 1 KB
    // (vite.precompress.ts): they go out as they are, brotli first, and the compression middleware leaves an answer
    // that already has a Content-Encoding alone.
    const setHeaders = site.staticFileHeaders(runtime);
    const clientDir = path.join(buildDir, "client");
    const assets = expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", setHeaders },
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
      if ((req.method === "GET" || req.method === "HEAD") && known.has(req.baseUrl + req.path)) return serve(req, res, next);
      next();
    };
    app.use("/assets", onlyKnown(assets));
    app.use(onlyKnown(files));
    app.use(site.createSiteHandler(runtime));
  }

  server.keepAliveTimeout = 65_000;
  const stopper = gracefulShutdown(server, { graceMs: shutdownGraceMs, idleGraceMs: idleConnectionGraceMs });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const where = env.DATABASE_URL ? "PostgreSQL" : `embedded PostgreSQL in ${env.DATA_DIR}`;
  logger.info(`Phrasewise listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT} (${where})`);

  const shutdown = (signal: string) => {
    if (stopper.closing) return;
    logger.info(`${signal} received: finishing in-flight requests, then closing the database.`);
    stopper
      .close()
      .then(() => runtime.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error("Shutdown failed", error);
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
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

main().catch(fail);
