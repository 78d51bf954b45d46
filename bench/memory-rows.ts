/**
 * Memory, one kind of request at a time: `node bench/memory-rows.ts [row:amount …]` (after `npm run build`).
 * Starts the production server as `npm run serve` does (bench/production-server.ts) and sends each row's requests
 * with autocannon (50 connections, a browser's Accept-Encoding), printing the server's RSS before and after every
 * step of 10% of the row, and what that RSS is made of (see `breakdown`). Rows: `visitor` (the lesson page from the
 * page cache), `learner` (the lesson page for a real session), `viewer` (/api/viewer for that page and session: one
 * database query), `profile` (the learner's /profile, rendered every time), `logo` (a public/ file), `script` (the
 * largest first-visit script). Default: `learner:20000 visitor:200000`.
 *
 * Environment: `BENCH_DATA_DIR` reuses a seeded data directory (a fresh one is seeded otherwise, about a minute
 * and a half); `BENCH_PORT` (3650); `BENCH_ENV` ("A=1 B=2") and `BENCH_FLAGS` ("--x --y") add to serve's own, to
 * compare settings. Memory does not depend much on the machine's load, unlike throughput.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { experimentSettings, rssMb, signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";
import { breakdown } from "./rss-breakdown.ts";

const port = Number(process.env.BENCH_PORT ?? 3650);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-memory-"));
const lessonPath = "/spanish/a1/greetings";
const learner = { email: "bench-learner@phrasewise.test", password: "bench-learner-pass-1" };
const browserEncoding = { "accept-encoding": "gzip, deflate, br, zstd" };
const serverEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: base };
const { extraEnv, extraFlags } = experimentSettings();
const probeFile = path.join(os.tmpdir(), `phrasewise-memory-probe-${process.pid}.json`);
const rows = (process.argv.slice(2).length ? process.argv.slice(2) : ["learner:20000", "visitor:200000"]).map((arg) => {
  const [row, amount] = arg.split(":");
  return { row: row!, amount: Number(amount) };
});


// The learner is added while no server holds the embedded database.
if (!process.env.BENCH_DATA_DIR) {
  const seeding = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings` });
  await stopServer(seeding.server);
}
{
  const runtime = await createRuntime(loadEnv({ ...serverEnv, SEED_DEMO: "false" }));
  await createConfirmedUser(runtime.auth, runtime.database.db, learner).catch(() => undefined);
  await runtime.close();
}
const { server } = await startProductionServer({
  env: { ...serverEnv, MEMORY_PROBE_FILE: probeFile },
  readyUrl: `${base}/api/settings`,
  extraEnv,
  extraFlags: ["--import", "./bench/memory-probe.ts", ...extraFlags],
});
try {
  const cookie = await signInThroughForm(base, learner);
  const html = await (await fetch(base + lessonPath)).text();
  const scripts = [...html.matchAll(/<link[^>]+href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = await Promise.all(scripts.map(async (url) => ({ url, bytes: (await (await fetch(base + url)).arrayBuffer()).byteLength })));
  const largestScript = sizes.sort((a, b) => b.bytes - a.bytes)[0]!.url;
  const targets: Record<string, { url: string; headers: Record<string, string> }> = {
    visitor: { url: base + lessonPath, headers: browserEncoding },
    learner: { url: base + lessonPath, headers: { ...browserEncoding, cookie } },
    viewer: { url: `${base}/api/viewer?path=${encodeURIComponent(lessonPath)}`, headers: { ...browserEncoding, cookie } },
    profile: { url: `${base}/profile`, headers: { ...browserEncoding, cookie } },
    logo: { url: `${base}/images/logo.svg`, headers: browserEncoding },
    script: { url: base + largestScript, headers: browserEncoding },
  };
  console.log(`flags: ${JSON.stringify({ extraEnv, extraFlags })}`);
  const reading = async () => `RSS ${(await rssMb(server.pid!)).toFixed(0)} MB (${await breakdown(server.pid!, probeFile)})`;
  console.log(`start: ${await reading()}`);
  let served = 0;
  for (const { row, amount } of rows) {
    const target = targets[row];
    if (!target) throw new Error(`Unknown row ${row}`);
    const step = Math.ceil(amount / 10);
    for (let done = 0; done < amount; done += step) {
      const result = await autocannon({ url: target.url, connections: 50, pipelining: 1, headers: target.headers, amount: step });
      served += result.requests.total;
      const bad = result.errors + result.timeouts + result.non2xx;
      console.log(`${row}: ${done + step} (${served} in all): ${await reading()}${bad ? `, ${bad} failed` : ""}`);
    }
  }
} finally {
  await stopServer(server);
  fs.rmSync(probeFile, { force: true });
  if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
