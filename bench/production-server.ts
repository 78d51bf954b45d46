/**
 * Starts the server as `npm run serve` does, for the benches: the same environment variables and node flags,
 * read from package.json's `serve` script, so a bench never measures a server started differently from
 * production. `extraEnv` and `extraFlags` are for experiments (bench/memory-rows.ts) and add to or override them.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";

export interface ServeCommand {
  env: Record<string, string>;
  flags: string[];
}

/** `A=1 B=2 exec node --flag … server/main.ts`: the assignments before `exec`, the options between node and the file. */
export function serveCommand(script = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.serve!): ServeCommand {
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[i]!); i++) {
    const [name, ...value] = words[i]!.split("=");
    env[name!] = value.join("=");
  }
  if (words[i] === "exec") i++;
  if (words[i] !== "node") throw new Error(`package.json's serve script does not start node: ${script}`);
  const flags = words.slice(i + 1).filter((word) => word.startsWith("--"));
  return { env, flags };
}

/**
 * Settings added to serve's own for an experiment: `BENCH_ENV` ("A=1 B=2") and `BENCH_FLAGS` ("--x --y"). A bench run
 * with either writes nothing to RESULTS.md.
 */
export function experimentSettings(source: NodeJS.ProcessEnv = process.env) {
  const extraEnv = Object.fromEntries((source.BENCH_ENV ?? "").split(/\s+/).filter(Boolean).map((pair) => pair.split("=", 2) as [string, string]));
  const extraFlags = (source.BENCH_FLAGS ?? "").split(/\s+/).filter(Boolean);
  return { extraEnv, extraFlags };
}

export interface StartOptions {
  env: Record<string, string | undefined>;
  /** Where to poll for the first answer. */
  readyUrl: string;
  extraEnv?: Record<string, string>;
  extraFlags?: string[];
}

export async function startProductionServer({ env, readyUrl, extraEnv = {}, extraFlags = [] }: StartOptions) {
  const serve = serveCommand();
  const started = performance.now();
  const server: ChildProcess = spawn(process.execPath, [...serve.flags, ...extraFlags, "server/main.ts"], {
    env: { ...env, ...serve.env, ...extraEnv },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(readyUrl)).ok) return { server, firstStartSeconds: (performance.now() - started) / 1000 };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error("The server did not start");
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.on("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** The server's resident memory in MB, as `ps` reports it. */
export async function rssMb(pid: number) {
  return Number((await promisify(execFile)("ps", ["-o", "rss=", "-p", String(pid)])).stdout.trim()) / 1024;
}

/** Signs in through the /auth form, as a browser does, and returns the cookies to send (the flash left out). */
export async function signInThroughForm(base: string, credentials: { email: string; password: string }) {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email: credentials.email, password: credentials.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.startsWith("phrasewise.flash="))
    .join("; ");
  if (response.status !== 302 || !cookie.includes("session_token")) throw new Error(`Signing in answered ${response.status}`);
  return cookie;
}
