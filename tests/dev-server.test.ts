import { spawn, type ChildProcessByStdio } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servers } from "#e2e/support/servers.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { quietLogger } from "#tests/support/database.ts";
import { seedSmallCatalog } from "#tests/support/site-fixtures.ts";

/**
 * `npm run dev` as a contributor starts it: `node server/main.ts --dev` in a process of its own, Vite compiling the
 * app, on a fresh data directory with a small catalogue and on its own port (the first after the e2e servers' five,
 * so E2E_PORT_BASE moves it too). It must serve pages, data requests, form posts and the API, and stop cleanly.
 */
const root = path.resolve(import.meta.dirname, "..");
const port = servers.demo.port + 5;
const url = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-dev-"));
// Only what a contributor's shell would have: not the test runner's NODE_ENV=test or its module conditions.
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  HOST: "127.0.0.1",
  PORT: String(port),
  PUBLIC_URL: url,
  DATA_DIR: dataDir,
  SEED_DEMO: "false",
  LOG_LEVEL: "info",
};

let server: ChildProcessByStdio<null, Readable, Readable>;
let stdout = "";
let stderr = "";

beforeAll(async () => {
  // The catalogue goes in before the server takes the data directory's lock (one process per embedded database).
  const runtime = await createRuntime(loadEnv(env), { logger: quietLogger });
  try {
    await seedSmallCatalog({ runtime });
  } finally {
    await runtime.close();
  }
  // Its own process group, so that nothing it starts can outlive the test (see the last test and afterAll).
  server = spawn(process.execPath, ["server/main.ts", "--dev"], { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  server.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    // After the listener above, so `stdout` already holds the chunk.
    server.stdout.on("data", () => {
      if (stdout.includes(`listening on ${url}`)) resolve();
    });
    server.once("exit", (code) => reject(new Error(`The dev server exited (${code}) before listening:\n${stdout}\n${stderr}`)));
  });
}, 90_000);

afterAll(() => {
  if (server?.pid !== undefined && groupAlive(server.pid)) process.kill(-server.pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function groupAlive(pid: number) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm run dev", () => {
  // The first request compiles the app's server side: seconds on an idle machine, far more on a loaded one.
  it("renders the home page through Vite", async () => {
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Learn Languages The <span[^>]*>Practical<\/span> Way<\/h1>/);
    // The development build, with the hot-update runtime, and its modules compiled on request for hydration.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    const module = await fetch(`${url}/app/routes/public/home.tsx`);
    expect(module.status).toBe(200);
    expect(module.headers.get("content-type")).toMatch(/javascript/);
  }, 90_000);

  it("renders a lesson page, and answers the data request of a client-side navigation to it", async () => {
    const page = await fetch(`${url}/spanish/a1/greetings`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Saludos<\/h1>/);
    expect(html).toContain("Hola");
    const data = await fetch(`${url}/spanish/a1/greetings.data`);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Adiós");
  });

  it("answers /api/settings", async () => {
    const response = await fetch(`${url}/api/settings`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: "site_settings" });
  });

  it("accepts a form post (the support form, without JavaScript)", async () => {
    const response = await fetch(`${url}/support`, {
      method: "POST",
      headers: { origin: url },
      body: new URLSearchParams({ name: "Dev Server", email: "dev@example.com", message: "Checking that forms post in dev mode." }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Message sent successfully!");
  });

  it("offers hot updates over a WebSocket on the app's own port", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`, "vite-hmr");
    const first = await new Promise<string>((resolve, reject) => {
      socket.addEventListener("message", (event: MessageEvent<string>) => resolve(event.data));
      socket.addEventListener("error", () => reject(new Error("No WebSocket for hot updates on the app's port")));
    }).finally(() => socket.close());
    expect(JSON.parse(first)).toEqual({ type: "connected" });
  });

  it("logged no error, and stops on SIGTERM leaving no process behind", async () => {
    expect(stderr).not.toMatch(/error/i);
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(groupAlive(server.pid!)).toBe(false);
  });
});
