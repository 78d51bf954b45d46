/**
 * The HTTP server: `node server/main.ts` (production build) or `node server/main.ts --dev` (Vite dev server).
 * Runs directly on Node 24 (type stripping), so this file uses only erasable TypeScript and no path aliases.
 */
import http from "node:http";
import module from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import type { DevServer } from "./dev-server.ts";
import { gracefulShutdown } from "./http/graceful-shutdown.server.ts";
import { serveStaticFiles } from "./http/static-files.server.ts";
import { serverTimeouts } from "./http/server-timeouts.server.ts";
import type { Runtime } from "./runtime.server.ts";

import type * as AppModuleExports from "./app.ts";

type AppModule = typeof AppModuleExports;

// Node keeps the compiled code of the modules loaded from here on (the server bundle above all) in its cache folder,
// so a restart skips compiling them again: about 0.2 s of a start (issue 28, target 3). A cache it cannot write is
// simply not used. `npm run serve` sets NODE_COMPILE_CACHE to the same folder, so that Node's cache is on from its
// first module: this file's own type stripping and imports then come from it too (about 50 ms more).
module.enableCompileCache(path.resolve("node_modules/.cache/node-compile"));

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

  const server = http.createServer(serverTimeouts, app);

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
    // Files get the site's security headers too.
    serveStaticFiles(app, path.join(buildDir, "client"), site.staticFileHeaders(runtime));
    app.use(site.createSiteHandler(runtime));
  }

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

main().catch(fail);
