/**
 * The start on existing data (issue 28, target 3): `npm run build && npm run bench:start`.
 *
 * Seeds a fresh data directory with the demo content (a first start, about a minute), starts the server once more to
 * fill Node's compile cache, then starts it `BENCH_RUNS` times (8) as `npm run serve` does and times each from the
 * spawn to the first `200` of `/api/settings`, then of the lesson page, polling every 10 ms. Target: the first answer
 * within 1 s. Writes its section of bench/RESULTS.md.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recordTargets, writeResultsSection } from "./bench-setup.ts";
import { serveCommand, startProductionServer, stopServer } from "./production-server.ts";

const port = Number(process.env.BENCH_PORT ?? 3655);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_RUNS ?? 8);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-bench-start-"));
const serverEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: base };

/** Milliseconds from the spawn to the first 200 of `urlPath`. */
async function startOnce(urlPath: string): Promise<number> {
  const serve = serveCommand();
  const started = performance.now();
  const server = spawn(process.execPath, [...serve.flags, "server/main.ts"], { env: { ...serverEnv, ...serve.env }, stdio: ["ignore", "ignore", "inherit"] });
  try {
    for (let i = 0; i < 3_000; i++) {
      try {
        const response = await fetch(base + urlPath);
        await response.arrayBuffer();
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("The server did not answer within 30 s");
  } finally {
    await stopServer(server);
  }
}

try {
  const seeding = await startProductionServer({ env: serverEnv, readyUrl: `${base}/spanish/a1/greetings` });
  await stopServer(seeding.server);
  await startOnce("/api/settings");
  const rows: { path: string; times: number[] }[] = [];
  for (const urlPath of ["/api/settings", "/spanish/a1/greetings"]) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await startOnce(urlPath));
    rows.push({ path: urlPath, times });
  }
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const lines = [
    "## Start on existing data (PGlite, demo content)",
    "",
    `Spawn to the first \`200\`, polling every 10 ms, \`npm run serve\`'s settings, warm compile cache, ${runs} starts per row. Rerun: \`npm run build && npm run bench:start\`. Target: the first answer within 1 s.`,
    "",
    "| First answer of | Each start (ms) | Median | Within 1 s |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      ({ path: urlPath, times }) =>
        `| \`${urlPath}\` | ${times.map((t) => t.toFixed(0)).join(", ")} | ${median(times).toFixed(0)} | ${times.filter((t) => t < 1000).length} of ${times.length} |`,
    ),
    "",
    `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}.`,
  ];
  console.log(lines.join("\n"));
  writeResultsSection(lines);
  const [settings, lesson] = rows as [(typeof rows)[number], (typeof rows)[number]];
  recordTargets([
    {
      target: "3. Start: the first answer within 1 s (the median start)",
      reading:
        `\`/api/settings\` median ${median(settings.times).toFixed(0)} ms (${settings.times.filter((t) => t < 1000).length} of ${settings.times.length} within 1 s); ` +
        `the lesson page ${median(lesson.times).toFixed(0)} ms (${lesson.times.filter((t) => t < 1000).length} of ${lesson.times.length})`,
      met: median(settings.times) < 1000,
    },
  ]);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
