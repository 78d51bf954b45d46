/**
 * `node server/main.ts --dev` (`npm run dev`): Vite compiles the app on demand, the browser gets hot updates, and
 * edits to route modules and server code apply on the next request. Loaded only in dev mode, so that production
 * never imports Vite. Runs directly on Node 24 like main.ts: erasable TypeScript only, no path aliases.
 */
import type http from "node:http";
import type express from "express";
import type * as AppModuleExports from "./app.ts";
import type { Runtime } from "./runtime.server.ts";

type AppModule = typeof AppModuleExports;

export type DevServer = Awaited<ReturnType<typeof startDevServer>>;

export async function startDevServer(server: http.Server) {
  const vite = await import("vite");
  const signalListeners = new Set(process.listeners("SIGTERM"));
  // Hot updates travel over a WebSocket on the app's own port. Vite's default, a port of its own (24678), is held
  // by whichever dev server started first on the machine, and the others then get no updates.
  const viteServer = await vite.createServer({ server: { middlewareMode: true, hmr: { server } } });
  // React Router's plugin runs a second Vite server (to read its config), and Vite exits the process on SIGTERM as
  // soon as that one has closed, which would cut main.ts's shutdown short of closing the database.
  for (const listener of process.listeners("SIGTERM")) {
    if (!signalListeners.has(listener)) process.off("SIGTERM", listener);
  }
  // The browsers' open WebSockets would hold the HTTP server open through the shutdown, and the file watchers would
  // keep running: close Vite first. A signal that arrives before main.ts listens for it still ends the process.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void viteServer.close();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }

  // Vite evaluates server/app.ts again after an edit to it or to anything it imports, route modules included
  // (through the server build), so asking for it on every request picks up edits without a restart.
  const load = () => viteServer.ssrLoadModule("./server/app.ts", { fixStacktrace: true }) as Promise<AppModule>;

  return {
    middlewares: viteServer.middlewares,
    load,
    /**
     * The site, built again whenever Vite has evaluated server/app.ts again. One handler per evaluation, not per
     * request: each one subscribes its page cache to the event bus.
     */
    siteHandler(runtime: Runtime): express.RequestHandler {
      const handlers = new WeakMap<AppModule, express.Router>();
      return async (req, res, next) => {
        try {
          const module = await load();
          let handler = handlers.get(module);
          if (!handler) handlers.set(module, (handler = module.createSiteHandler(runtime)));
          handler(req, res, next);
        } catch (error) {
          next(error);
        }
      };
    },
  };
}
