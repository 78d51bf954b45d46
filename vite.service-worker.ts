import { createHash } from "node:crypto";
import path from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/**
 * Bundles service-worker/sw.ts into the client build as /sw.js, after the client's own files are written, with the
 * build's id as its version: a hash of every file name the client build wrote, so any change to the code gives a
 * new worker and browsers replace the old one on their next visit (docs/decisions/014-offline.md). Rolldown is
 * Vite's own bundler; the worker is one classic script, as every browser can register it.
 * Build only: `npm run dev` has no /sw.js, and the page registers none there (app/lib/offline/register.ts).
 */
export function buildServiceWorker(): Plugin {
  let outDir = "";
  return {
    name: "phrasewise:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = config.environments.client?.build.outDir ?? config.build.outDir;
    },
    async writeBundle(options, bundle) {
      const version = createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 16);
      await build({
        input: path.resolve("service-worker/sw.ts"),
        platform: "browser",
        logLevel: "warn",
        transform: { define: { __SW_VERSION__: JSON.stringify(version) } },
        output: { file: path.join(options.dir ?? outDir, "sw.js"), format: "iife", minify: true },
      });
    },
  };
}
