/**
 * The app API's catalogue reads under load (issue 25): `npm run build && npm run bench:api`.
 *
 * Starts the production server as `npm run serve` does on a fresh embedded database with the demo content (or a copy
 * of `BENCH_DATA_DIR`, a data directory seeded before, which saves the demo seed's minute and a half), reads the
 * demo's Spanish greetings lesson once (that first read computes its audio files' digests), then measures with
 * autocannon (50 connections, 10 s after a 3 s warm-up, on loopback; autocannon runs in this process and takes one of
 * the machine's cores):
 * - the lesson read, as an app sends it (`Accept-Encoding: gzip`) and without compression;
 * - its conditional read with the ETag of the previous answer (304, no body);
 * - the lessons of the level (one page) and the languages' 304.
 * Targets: the lesson read >= 3,000 req/s, its 304 >= 8,000 req/s. Writes its section of bench/RESULTS.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { writeResultsSection } from "./bench-setup.ts";
import { rssMb, startProductionServer, stopServer } from "./production-server.ts";

const port = Number(process.env.BENCH_PORT ?? 3653);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-bench-api-"));
if (process.env.BENCH_DATA_DIR) fs.cpSync(process.env.BENCH_DATA_DIR, dataDir, { recursive: true });
const serverEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: base };

const lessonPath = "/api/v1/languages/spanish/levels/a1/lessons/greetings";
const lessonsPath = "/api/v1/languages/spanish/levels/a1/lessons";
const languagesPath = "/api/v1/languages";
const appEncoding = { "accept-encoding": "gzip" };

interface Row {
  what: string;
  target?: number;
  requestsPerSecond: number;
  p99Ms: number;
  status: number;
  bytes: number;
  encoding: string;
  failures: number;
}

async function measure(what: string, urlPath: string, headers: Record<string, string>, expectStatus: number, target?: number): Promise<Row> {
  const probe = await fetch(base + urlPath, { headers });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== expectStatus) throw new Error(`${urlPath} answered ${probe.status}, expected ${expectStatus}`);
  const options = { url: base + urlPath, connections: 50, pipelining: 1, headers };
  await autocannon({ ...options, duration: 3 });
  const result = (await autocannon({ ...options, duration: seconds })) as Awaited<ReturnType<typeof autocannon>> & Record<"2xx" | "3xx", number>;
  const expected = expectStatus === 304 ? result["3xx"] : result["2xx"];
  return {
    what,
    ...(target ? { target } : {}),
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    status: expectStatus,
    bytes,
    encoding: probe.headers.get("content-encoding") ?? "identity",
    failures: result.errors + result.timeouts + (result.requests.total - expected),
  };
}

let server: Awaited<ReturnType<typeof startProductionServer>>["server"] | undefined;
try {
  console.log(process.env.BENCH_DATA_DIR ? "Starting the server on a copy of BENCH_DATA_DIR..." : "Starting the server (the demo seed takes a minute or two)...");
  ({ server } = await startProductionServer({ env: serverEnv, readyUrl: `${base}/api/settings` }));
  const first = await fetch(base + lessonPath);
  const lesson = (await first.json()) as { audioGroups: { audio: { byteSize: number | null } }[] };
  if (first.status !== 200 || lesson.audioGroups.some((g) => g.audio.byteSize === null)) throw new Error(`The demo lesson answered ${first.status} without every audio digest`);
  const etag = first.headers.get("etag")!;
  const languagesTag = (await fetch(base + languagesPath)).headers.get("etag")!;
  const rssBefore = await rssMb(server.pid!);

  const rows = [
    await measure("Lesson read, `Accept-Encoding: gzip` (as an app sends it)", lessonPath, appEncoding, 200, 3_000),
    await measure("Lesson read, no compression (`Accept-Encoding: identity`)", lessonPath, { "accept-encoding": "identity" }, 200),
    await measure("Lesson read with `If-None-Match` (304)", lessonPath, { ...appEncoding, "if-none-match": etag }, 304, 8_000),
    await measure("Lessons of the level (one page), gzip", lessonsPath, appEncoding, 200),
    await measure("Languages with `If-None-Match` (304)", languagesPath, { ...appEncoding, "if-none-match": languagesTag }, 304),
  ];
  const rssAfter = await rssMb(server.pid!);
  const mark = (row: Row) => (row.target ? (row.requestsPerSecond >= row.target ? " (met)" : " (**missed**)") : "");
  const lines = [
    "## App API catalogue (PGlite)",
    "",
    `The demo's \`${lessonPath}\` (${lesson.audioGroups.length} audio groups) and its neighbours; autocannon, 50 connections, ${seconds} s per row after a 3 s warm-up, ` +
      "on loopback; production build, `npm run serve`'s settings. Rerun: `npm run build && npm run bench:api`. Targets (issue 25): the lesson read >= 3,000 req/s, its 304 >= 8,000 req/s.",
    "",
    "| Request | Status | Body (decoded) | Encoding | req/s | p99 | Failures | Target |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.what} | ${row.status} | ${row.bytes.toLocaleString("en-US")} B | ${row.status === 304 ? "" : row.encoding} | ${row.requestsPerSecond.toLocaleString("en-US")} | ${row.p99Ms} ms | ${row.failures} | ${row.target ? `>= ${row.target.toLocaleString("en-US")}${mark(row)}` : ""} |`,
    ),
    "",
    `Server RSS ${rssBefore.toFixed(0)} MB before the load, ${rssAfter.toFixed(0)} MB after. Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} at the end).`,
  ];
  console.log(lines.join("\n"));
  writeResultsSection(lines);
} finally {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
