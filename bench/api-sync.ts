/**
 * The app's sync at scale (issue 25): `npm run build && npm run bench:sync`.
 *
 * The review bench's learner (bench/review-seed.ts: 10,000 favourites and cards, 50,000 logged ratings, a year of
 * days: about 70,000 synced rows) on a fresh embedded database, the production server as `npm run serve` starts it,
 * the learner signed in through the API (a bearer token, as the app does). Times, one request at a time on one
 * kept-alive connection, from the request to the last byte of the body as the server sent it (brotli): decompressing
 * and parsing it are the app's work, done after the clock stops (in Node's fetch, decompression added 5-20 ms to the
 * tail on this 2-core machine, where client and server share the cores). After a warm-up:
 * - a first sync's page: `GET /api/v1/sync/pull?limit=1000` from no cursor (1,000 rows);
 * - pages through the whole history: each request the next 1,000 rows, from the cursor the previous one gave;
 * - a pull with nothing new (a device up to date);
 * - a push of one change (a favourite taken back and saved again, alternately).
 * Target: p95 < 50 ms for a pull of 1,000 rows. Writes its section of bench/RESULTS.md.
 * `BENCH_DATABASE_URL=postgresql://…` runs it on a fresh database on that server instead (dropped afterwards).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import zlib from "node:zlib";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { benchDatabase, percentile, recordTargets, writeResultsSection } from "./bench-setup.ts";
import { rssMb, startProductionServer, stopServer } from "./production-server.ts";
import { benchLearner, seedReviewLearner } from "./review-seed.ts";

const database = benchDatabase("sync", Number(process.env.BENCH_PORT ?? 3653));
const { base, driver, serverEnv } = database;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmup = 10;

/** The server's CPU time so far (user + system, ms): on a shared machine it says what a request costs when wall times wait for a core. */
function serverCpuMs(): number {
  const fields = fs.readFileSync(`/proc/${server!.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * `once` makes one request and reads its body to the end; what it returns (checking and parsing the answer, as the
 * app would after the request) runs after the clock stops.
 */
async function timed(what: string, once: () => Promise<() => void>) {
  for (let i = 0; i < warmup; i++) (await once())();
  const times: number[] = [];
  const cpuBefore = serverCpuMs();
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const check = await once();
    times.push(performance.now() - started);
    check();
  }
  const cpu = (serverCpuMs() - cpuBefore) / requests;
  times.sort((a, b) => a - b);
  return { what, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, cpu };
}

interface Page {
  changes: Record<string, { upserted: unknown[]; deleted: unknown[] }>;
  nextCursor: string;
  hasMore: boolean;
}

await database.create();
let server: Awaited<ReturnType<typeof startProductionServer>>["server"] | undefined;
try {
  const seedStarted = performance.now();
  let phraseId = "";
  {
    const runtime = await createRuntime(loadEnv(serverEnv));
    try {
      await seedReviewLearner(runtime);
      const [row] = (await runtime.database.db.query.phrases.findMany({ columns: { id: true }, limit: 1 })) ?? [];
      phraseId = row!.id;
    } finally {
      await runtime.close();
    }
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  ({ server } = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings`, extraFlags: process.env.PROF ? process.env.PROF.split(" ") : [] }));
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(benchLearner),
  });
  if (signIn.status !== 200) throw new Error(`Signing in answered ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "gzip, deflate, br, zstd" };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** One request, its body read to the last byte as sent; `text()` decodes it (after the clock). */
  const request = (path: string, { method = "GET", body, extraHeaders = {} }: { method?: string; body?: string; extraHeaders?: Record<string, string> } = {}) =>
    new Promise<{ status: number; text: () => string }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, agent, headers: { ...headers, ...extraHeaders } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const encoding = res.headers["content-encoding"];
          const decode = encoding === "br" ? zlib.brotliDecompressSync : encoding === "gzip" ? zlib.gunzipSync : (raw: Buffer) => raw;
          resolve({ status: res.statusCode!, text: () => decode(Buffer.concat(chunks)).toString("utf8") });
        });
      });
      req.on("error", reject);
      req.end(body);
    });

  /** One pull, its body read to the end; then `read()` parses and checks it. */
  const fetchPull = async (cursor: string | undefined, expectRows?: number) => {
    const response = await request(`/api/v1/sync/pull?limit=1000${cursor ? `&cursor=${cursor}` : ""}`);
    return () => {
      if (response.status !== 200) throw new Error(`A pull answered ${response.status}`);
      const page = JSON.parse(response.text()) as Page;
      const rows = Object.values(page.changes).reduce((n, c) => n + c.upserted.length + c.deleted.length, 0);
      if (expectRows !== undefined && rows !== expectRows) throw new Error(`A pull gave ${rows} rows, not ${expectRows}`);
      return { page, rows };
    };
  };
  const pull = async (cursor: string | undefined) => (await fetchPull(cursor))();

  // Walk the whole history once, untimed: how many rows and pages, and the cursor of the end.
  let total = 0;
  let pages = 0;
  let end: string | undefined;
  for (let cursor: string | undefined; ; ) {
    const { page, rows } = await pull(cursor);
    total += rows;
    pages++;
    cursor = page.nextCursor;
    if (!page.hasMore) {
      end = cursor;
      break;
    }
  }

  const rows = [await timed("A first sync's page (`GET /api/v1/sync/pull?limit=1000`, no cursor: 1,000 rows)", () => fetchPull(undefined, 1000))];
  let walking: string | undefined;
  rows.push(
    await timed("The next page, walking the whole history (1,000 rows, the last page fewer)", async () => {
      const read = await fetchPull(walking);
      return () => {
        const { page } = read();
        walking = page.hasMore ? page.nextCursor : undefined;
      };
    }),
    await timed("Up to date: a pull with nothing new", () => fetchPull(end, 0)),
  );
  let saved = true;
  rows.push(
    await timed("A push of one change (`POST /api/v1/sync/push`)", async () => {
      saved = !saved;
      const response = await request("/api/v1/sync/push", {
        method: "POST",
        extraHeaders: { "content-type": "application/json" },
        body: JSON.stringify({ pushId: randomUUID(), deviceId: "bench", changes: [{ type: saved ? "favorite.add" : "favorite.remove", phraseId }] }),
      });
      return () => {
        if (response.status !== 200) throw new Error(`A push answered ${response.status}`);
      };
    }),
  );
  const rss = await rssMb(server.pid!);
  const lines = [
    `## Sync at scale (${driver})`,
    "",
    `A learner with ${total.toLocaleString("en-US")} synced rows (10,000 favourites and cards, 50,000 logged ratings, a year of days; ${pages} pages of 1,000), seeded in ${seedSeconds.toFixed(1)} s. ` +
      `${requests} requests per row, one at a time on one kept-alive connection after ${warmup} warm-up ones, on loopback, bearer token, \`Accept-Encoding\` as a browser's (brotli answers), timed to the last byte of the body as sent (decompressed and parsed after the clock); production build, \`npm run serve\`'s settings. Rerun: \`npm run build && npm run bench:sync\`. Target: p95 < 50 ms for a pull of 1,000 rows.`,
    "",
    "| Request | p50 | p95 | max | server CPU per request |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row.what} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${row.max.toFixed(1)} ms | ${row.cpu.toFixed(1)} ms |`),
    "",
    `Server RSS after the run: ${rss.toFixed(0)} MB. Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}.`,
  ];
  console.log(lines.join("\n"));
  writeResultsSection(lines);
  recordTargets(
    rows
      .filter((row) => /^(A first sync's page|Up to date)/.test(row.what))
      .map((row) => ({ target: "1. … and the sync pull", reading: `${row.what}: p50 ${row.p50.toFixed(1)} ms`, p50Ms: row.p50 })),
  );
} finally {
  if (server) await stopServer(server);
  await database.remove();
}
