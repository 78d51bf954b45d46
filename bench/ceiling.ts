/**
 * How close a page-cache hit comes to the machine's ceiling (issue 28): `npm run build && npm run bench:ceiling`.
 *
 * The production server (as `npm run serve` starts it) on a fresh embedded database with the demo content, and, in
 * the same run, a bare Node HTTP server (bench/bare-server.ts) answering with the very bytes and headers the real one
 * sent. Rows, each autocannon at 50 connections for 10 s with a browser's Accept-Encoding, measured twice in turn
 * (bare, static, hit, hit signed in, viewer; then again) and averaged, so that a drift of the shared machine touches every row:
 * - the lesson page from the page cache, for a visitor and for a learner with a real session cookie;
 * - a static file (the logo) from the same server: the ceiling the page cache is held to (target: a hit >= 80% of it);
 * - the bare server writing the lesson page's bytes, and the logo's: what Node's HTTP alone does on this machine;
 * - the learner's private viewer request (/api/viewer, a database read on every request; target >= 2,500 req/s with
 *   p99 < 50 ms), beside the static file it is compared with; and the same for a learner whose review deck holds
 *   every demo phrase (521 cards, all new): their viewer also counts the reviews due for the header.
 * Writes its section of bench/RESULTS.md.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { phrases } from "#server/db/schema.ts";
import { addFavorite } from "#server/learning/learning.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { recordTargets, writeResultsSection } from "./bench-setup.ts";
import { autocannonRow, browserEncoding } from "./load.ts";
import { signInThroughForm, startProductionServer, stopServer } from "./production-server.ts";

const port = 3657;
const barePort = 3658;
const base = `http://127.0.0.1:${port}`;
const bareBase = `http://127.0.0.1:${barePort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-bench-ceiling-"));
const lessonPath = "/spanish/a1/greetings";
const staticPath = "/images/logo.svg";
const learner = { email: "bench-learner@phrasewise.test", password: "bench-learner-pass-1" };
const reviewer = { email: "bench-reviewer@phrasewise.test", password: "bench-reviewer-pass-1" };
const serverEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: base };
/** Headers of one connection, not of the answer: the bare server's Node writes its own. */
const perConnection = new Set(["connection", "keep-alive", "transfer-encoding", "date"]);

/** The answer as it went over the wire: status, headers and the body's bytes, still compressed. */
function record(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { ...browserEncoding, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const kept = Object.entries(res.headers).filter(([name]) => !perConnection.has(name));
          resolve({ status: res.statusCode!, headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])), body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

const first = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings` });
await stopServer(first.server);
{
  const runtime = await createRuntime(loadEnv({ ...serverEnv, SEED_DEMO: "false" }));
  const { db } = runtime.database;
  await createConfirmedUser(runtime.auth, db, learner);
  const { id } = await createConfirmedUser(runtime.auth, db, reviewer);
  for (const { id: phraseId } of await db.select({ id: phrases.id }).from(phrases)) await addFavorite(db, id, phraseId);
  await runtime.close();
}
const { server } = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings` });
let bare: ReturnType<typeof fork> | undefined;
try {
  const cookie = await signInThroughForm(base, learner);
  const reviewerCookie = await signInThroughForm(base, reviewer);
  // Warm the cache, then record what a visitor's browser gets: a hit. Work the server does after its start can
  // change the catalogue just after the first answer and empty the cache once (seen once), so ask until it is a hit.
  let page = await record(base + lessonPath);
  for (let tries = 0; page.headers["x-cache"] !== "HIT" && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    page = await record(base + lessonPath);
  }
  const logo = await record(base + staticPath);
  if (page.headers["x-cache"] !== "HIT") throw new Error(`The lesson page was not a cache hit: ${page.headers["x-cache"]}`);
  const recorded = path.join(dataDir, "bare-answers.json");
  fs.writeFileSync(
    recorded,
    JSON.stringify(Object.fromEntries([[lessonPath, page], [staticPath, logo]].map(([p, a]) => [p, { ...(a as typeof page), body: (a as typeof page).body.toString("base64") }]))),
  );
  bare = fork("bench/bare-server.ts", [String(barePort), recorded], { stdio: "inherit" });
  await new Promise((resolve) => bare!.once("message", resolve));

  const rows: { what: string; url: string; headers: Record<string, string> }[] = [
    { what: "Bare Node `http` server, the lesson page's bytes and headers", url: bareBase + lessonPath, headers: {} },
    { what: "Bare Node `http` server, the logo's bytes and headers", url: bareBase + staticPath, headers: {} },
    { what: "Phrasewise, static file (`/images/logo.svg`)", url: base + staticPath, headers: {} },
    { what: "Phrasewise, lesson page from the page cache, visitor", url: base + lessonPath, headers: {} },
    { what: "Phrasewise, lesson page from the page cache, learner with a session", url: base + lessonPath, headers: { cookie } },
    { what: "Phrasewise, `/api/viewer` for that learner (private, the database)", url: `${base}/api/viewer?path=${encodeURIComponent(lessonPath)}`, headers: { cookie } },
    {
      what: "Phrasewise, `/api/viewer` for a learner with a review deck (521 cards: the header's due count too)",
      url: `${base}/api/viewer?path=${encodeURIComponent(lessonPath)}`,
      headers: { cookie: reviewerCookie },
    },
  ];
  const results = rows.map(() => [] as Awaited<ReturnType<typeof autocannonRow>>[]);
  for (let round = 0; round < 2; round++) {
    for (const [i, row] of rows.entries()) {
      console.log(`Round ${round + 1}: ${row.what}...`);
      results[i]!.push(await autocannonRow(row.url, row.headers));
    }
  }
  const mean = (i: number, pick: (r: Awaited<ReturnType<typeof autocannonRow>>) => number) => results[i]!.reduce((sum, r) => sum + pick(r), 0) / results[i]!.length;
  const rps = rows.map((_, i) => mean(i, (r) => r.requestsPerSecond));
  const [barePage, bareLogo, staticFile, visitor, signedIn, viewer, deckViewer] = rps as [number, number, number, number, number, number, number];
  const percent = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
  const lines = [
    "## Page cache and viewer request against the ceiling (PGlite, demo content)",
    "",
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores (Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the end). ` +
      "autocannon in the bench's process, 50 connections, 10 s per row, a browser's `Accept-Encoding`; every row twice, in turn, and averaged. " +
      `The lesson page is ${page.body.length.toLocaleString("en-US")} B (${page.headers["content-encoding"] ?? "identity"}), the logo ${logo.body.length.toLocaleString("en-US")} B. Rerun: \`npm run build && npm run bench:ceiling\`.`,
    "",
    "| Row | Requests/s (both runs) | p99 | Errors |",
    "| --- | --- | --- | --- |",
    ...rows.map((row, i) => `| ${row.what} | ${Math.round(rps[i]!).toLocaleString("en-US")} (${results[i]!.map((r) => r.requestsPerSecond.toLocaleString("en-US")).join(", ")}) | ${Math.round(mean(i, (r) => r.p99Ms))} ms | ${results[i]!.reduce((n, r) => n + r.errors, 0)} |`),
    "",
    `A hit against the same server's static file (target >= 80%): visitor ${percent(visitor, staticFile)}, learner ${percent(signedIn, staticFile)}. ` +
      `Against a bare server writing the same bytes: visitor ${percent(visitor, barePage)}, learner ${percent(signedIn, barePage)}; the static file against the bare logo: ${percent(staticFile, bareLogo)}. ` +
      `The viewer request: ${Math.round(viewer).toLocaleString("en-US")} req/s with p99 ${Math.round(mean(5, (r) => r.p99Ms))} ms (target >= 2,500 with p99 < 50 ms), ${percent(viewer, staticFile)} of the static file; ` +
      `for a learner with a review deck ${Math.round(deckViewer).toLocaleString("en-US")} req/s with p99 ${Math.round(mean(6, (r) => r.p99Ms))} ms.`,
  ];
  console.log(lines.join("\n"));
  writeResultsSection(lines);
  const viewerP99 = Math.round(mean(5, (r) => r.p99Ms));
  const rate = (value: number) => `${Math.round(value).toLocaleString("en-US")} req/s`;
  recordTargets([
    { target: "1. The viewer request: >= 2,500 req/s with p99 < 50 ms", reading: `${rate(viewer)}, p99 ${viewerP99} ms`, met: viewer >= 2500 && viewerP99 < 50 },
    {
      target: "2. A page-cache hit: >= 80% of the static file, visitor and learner",
      reading: `visitor ${percent(visitor, staticFile)}, learner ${percent(signedIn, staticFile)} of the static file's ${rate(staticFile)}`,
      met: visitor >= 0.8 * staticFile && signedIn >= 0.8 * staticFile,
    },
    {
      target: "6. The ceiling, written down",
      reading: `a bare server writing the lesson page's bytes: ${rate(barePage)}; a hit ${percent(visitor, barePage)} of it (bench/README.md, "The ceiling, corrected")`,
      met: true,
    },
  ]);
} finally {
  bare?.kill();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
