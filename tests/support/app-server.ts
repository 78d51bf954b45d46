import { createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type * as AppModule from "#server/app.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import type * as EnvModule from "#server/env.server.ts";
import type * as RuntimeModule from "#server/runtime.server.ts";
import type { Runtime } from "#server/runtime.server.ts";
import type { Logger } from "#server/logger.server.ts";
import type { MediaImportOptions } from "#server/uploads/media-import.server.ts";
import { serverTimeouts } from "#server/http/server-timeouts.server.ts";
import { serveStaticFiles } from "#server/http/static-files.server.ts";
import { quietLogger, openTestDatabase } from "#tests/support/database.ts";

/**
 * The whole site in-process for HTTP-level tests: Vite's SSR loader compiles the real route modules (as `npm run dev`
 * does), on a fresh test database (PGlite in memory, or PostgreSQL with TEST_DB=postgres), behind the same Express
 * handler as production. Requests go over a real socket on 127.0.0.1.
 */
export interface TestSite {
  url: string;
  runtime: Runtime;
  build: ServerBuild;
  /** fetch against the site, redirects not followed, with this site's Origin on state-changing requests. */
  request(pathname: string, init?: RequestInit & { cookie?: string; ip?: string }): Promise<Response>;
  close(): Promise<void>;
}

export const SITE_SECRET = "matrix-secret-matrix-secret-matrix-0123456";

export interface TestSiteOptions {
  trustProxy?: boolean;
  ownerEmail?: string;
  /** The address browsers use, when it is not the site's own (a reverse proxy in front). */
  publicUrl?: string;
  /** An already open, migrated database, closed with the site; by default a fresh test database. */
  database?: DatabaseHandle;
  /** Mail over SMTP to this server (such as a test SMTP server's url) instead of the outbox table. */
  smtpUrl?: string;
  /** Where the site logs (silent by default). */
  logger?: Logger;
  /** How the site fetches outside media addresses (a test allows its own loopback file server). */
  mediaImport?: MediaImportOptions;
  /** A build's client folder, served in front of the site as server/main.ts serves it in production. */
  clientDir?: string;
}

export async function startTestSite(options: TestSiteOptions = {}): Promise<TestSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-site-"));
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  const database = options.database ?? (await openTestDatabase());
  let server: http.Server | undefined;
  try {
    const { createRuntime } = (await vite.ssrLoadModule("/server/runtime.server.ts")) as typeof RuntimeModule;
    const { createSiteHandler, staticFileHeaders } = (await vite.ssrLoadModule("/server/app.ts")) as typeof AppModule;
    const { loadEnv } = (await vite.ssrLoadModule("/server/env.server.ts")) as typeof EnvModule;
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;

    const app = express();
    app.disable("x-powered-by");
    app.set("trust proxy", options.trustProxy ? 1 : false);
    server = http.createServer(serverTimeouts, app);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PUBLIC_URL: options.publicUrl ?? url,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      BETTER_AUTH_SECRET: SITE_SECRET,
      TRUST_PROXY: options.trustProxy ? "true" : "false",
      ...(options.ownerEmail ? { OWNER_EMAIL: options.ownerEmail } : {}),
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    });
    const runtime = await createRuntime(env, { database, logger: options.logger ?? quietLogger, ...(options.mediaImport ? { mediaImport: options.mediaImport } : {}) });
    if (options.clientDir) serveStaticFiles(app, options.clientDir, staticFileHeaders(runtime));
    app.use(createSiteHandler(runtime));

    return {
      url,
      runtime,
      build,
      request(pathname, init = {}) {
        const { cookie, ip, headers: extra, ...rest } = init;
        const headers = new Headers(extra);
        const method = (rest.method ?? "GET").toUpperCase();
        if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", options.publicUrl ?? url);
        if (cookie) headers.set("cookie", cookie);
        if (ip) headers.set("x-forwarded-for", ip);
        return fetch(`${url}${pathname}`, { ...rest, headers, redirect: "manual" });
      },
      async close() {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        // Every request a test made has been answered; what is left are the client's keep-alive connections, which
        // close() alone leaves to the 65 s keep-alive deadline (server-timeouts.server.ts) when Node does not count
        // them idle. main.ts's graceful shutdown ends them itself (graceful-shutdown.server.ts).
        server!.closeAllConnections();
        await closed;
        await runtime.close();
        await vite.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server?.close();
    await database.close();
    await vite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A form post body. */
export function form(values: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(values) } as const;
}

/** The Cookie header for the cookies a response set (cleared ones left out). */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(cookie) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** A session cookie the library would accept, for a session created directly (as for an unconfirmed user). */
export function signedSessionCookie(token: string, secret = SITE_SECRET) {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `phrasewise.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
