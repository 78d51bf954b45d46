import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
// No page, so no browser: the plain runner, not the fixtures that watch a page for console errors.
import { expect, test } from "@playwright/test";

/**
 * Stopping the production server: under keep-alive load, and through `npm start` as a process manager runs it.
 * No browser: real server processes, real sockets, real signals.
 */

/** Beside the suite's own servers (E2E_PORT_BASE + 0..9, see e2e/support/servers.ts). */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3310);
const root = process.cwd();

test.describe.configure({ timeout: 120_000 });

function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
  };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether something accepts HTTP on the port (any answer counts). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/api/settings", agent: false }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** The processes in a process group, from /proc. */
function processGroupMembers(pgid: number): number[] {
  return fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state ppid pgrp …
      const [, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(pgrp) === pgid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

test("SIGTERM under keep-alive load: every accepted request is answered, and the server exits well before the 10 s grace", async () => {
  const port = portBase + 12;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-shutdown-"));
  const server = spawn(process.execPath, ["server/main.ts"], { env: serverEnv(port, dataDir), stdio: ["ignore", "ignore", "inherit"] });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  try {
    await waitFor("the server", () => answers(port), 90_000);

    let answered = 0;
    let signalled = false;
    const errors: string[] = [];
    const statuses = new Set<number>();
    let closedCleanly = 0;
    /** New connections refused once the listener is closed: never accepted, so nothing was lost. */
    let refused = 0;
    /** One client on one keep-alive connection, asking again until the server says the connection closes. */
    const client = async () => {
      for (;;) {
        const outcome = await new Promise<"again" | "closed" | "failed">((resolve) => {
          const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
            res.resume();
            res.on("end", () => {
              answered++;
              statuses.add(res.statusCode ?? 0);
              resolve(res.headers.connection === "close" ? "closed" : "again");
            });
            res.on("error", (error) => {
              errors.push(`response: ${error.message}`);
              resolve("failed");
            });
          });
          req.on("error", (error: NodeJS.ErrnoException) => {
            if (signalled && error.code === "ECONNREFUSED") refused++;
            else errors.push(`${error.code ?? error.message} (${signalled ? "after" : "before"} SIGTERM)`);
            resolve("failed");
          });
        });
        if (outcome === "closed") closedCleanly++;
        if (outcome !== "again") return;
      }
    };
    const clients = Array.from({ length: 50 }, client);

    await waitFor("load on all 50 connections", () => answered >= 500, 60_000);
    const signalledAt = Date.now();
    signalled = true;
    server.kill("SIGTERM");
    const code = await exited(server);
    const shutdownMs = Date.now() - signalledAt;
    await Promise.all(clients);

    expect(errors, "requests reset or refused on accepted connections").toEqual([]);
    // Every client ended on an answer that said Connection: close (or, had its connection been closed while idle, on
    // a refused reconnect).
    expect(closedCleanly + refused).toBe(50);
    expect(closedCleanly).toBeGreaterThan(0);
    expect([...statuses]).toEqual([200]);
    expect(code).toBe(0);
    // Draining takes milliseconds, plus 1 s for idle connections and closing the database: far below the 10 s after
    // which the old server cut every connection. 7 s leaves room for a loaded machine.
    expect(shutdownMs).toBeLessThan(7_000);
  } finally {
    agent.destroy();
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    await exited(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("SIGTERM to the npm start process stops the server: the port closes and no process is left", async () => {
  const port = portBase + 13;
  // A copy of the project's entry points whose build step is a no-op, so the shared build is not rebuilt under the
  // suite's running servers. The start and serve scripts are the project's own.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-npm-start-"));
  const dataDir = path.join(dir, "data");
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  pkg.scripts.build = "true";
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2));
  for (const entry of ["node_modules", "build", "server"]) fs.symlinkSync(path.join(root, entry), path.join(dir, entry));

  // Its own process group, so the test can see (and in the end clear) everything npm started.
  const npm = spawn("npm", ["start"], { cwd: dir, env: serverEnv(port, dataDir), detached: true, stdio: "ignore" });
  const group = npm.pid!;
  try {
    await waitFor("the server", () => answers(port), 90_000);
    npm.kill("SIGTERM");
    await exited(npm);
    await waitFor("the server to stop answering", async () => !(await answers(port)), 15_000);
    await waitFor("every process npm started to exit", () => processGroupMembers(group).length === 0, 15_000);
  } finally {
    // A server left running (the fault this test is about) must not outlive the test.
    for (const pid of processGroupMembers(group)) process.kill(pid, "SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
