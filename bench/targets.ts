/**
 * Issue 28's six targets side by side, from one run on one machine: `npm run build && npm run bench:targets` (about
 * an hour and a quarter on two cores, most of it the million mixed requests). Runs, one after another and each as
 * when run alone (writing its own section of RESULTS.md): bench:ceiling (targets 1, 2 and 6), bench:review and
 * bench:sync (target 1's other requests), bench:start (3), bench:admin (5) and bench:memory (4); then writes a section
 * with every target's reading and whether it is met. Each bench reports its readings through `recordTargets`
 * (bench/bench-setup.ts). Experiment settings (BENCH_ONLY, BENCH_REQUESTS, BENCH_FLAGS…) are not passed on.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type TargetReading, writeResultsSection } from "./bench-setup.ts";

const benches = [
  { script: "bench/ceiling.ts", flags: [] },
  { script: "bench/review.ts", flags: [] },
  { script: "bench/api-sync.ts", flags: [] },
  { script: "bench/start-time.ts", flags: [] },
  { script: "bench/admin.ts", flags: ["--expose-gc"] },
  { script: "bench/mixed-memory.ts", flags: [] },
];

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-bench-targets-")), "readings.jsonl");
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("BENCH_")));
const time = () => new Date().toISOString().slice(0, 16).replace("T", " ");
const started = time();
const loadAtStart = os.loadavg()[0]!;
for (const { script, flags } of benches) {
  console.log(`\n=== ${script} (${time()} UTC)`);
  const run = spawnSync(process.execPath, [...flags, script], { stdio: "inherit", env: { ...env, BENCH_TARGETS: file } });
  if (run.status !== 0) throw new Error(`${script} failed (${run.signal ?? `exit ${run.status}`}): no summary written`);
}

const readings = fs
  .readFileSync(file, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as TargetReading);
fs.rmSync(path.dirname(file), { recursive: true, force: true });
const yardstick = readings.find((reading) => reading.yardstick);
const rows = readings
  .filter((reading) => !reading.yardstick)
  .map((reading) => {
    const met = reading.p50Ms === undefined ? reading.met : yardstick?.p50Ms !== undefined && reading.p50Ms <= yardstick.p50Ms;
    const compared = reading.p50Ms !== undefined && yardstick ? ` (the viewer: ${yardstick.reading.replace(/^.*: /, "")})` : "";
    return { target: reading.target, reading: `${reading.reading}${compared}`, met };
  })
  // By target number; within one, in the order the benches ran (the viewer first).
  .sort((a, b) => Number.parseInt(a.target, 10) - Number.parseInt(b.target, 10));
const lines = [
  "## Issue 28's targets in one run (PGlite)",
  "",
  `Every bench the targets name, one after another on one machine, from ${started} to ${time()} UTC on ${os.cpus().length} cores (Node ${process.version}; ` +
    `load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end); each bench's own section above or below has its details. ` +
    "Rerun: `npm run build && npm run bench:targets`.",
  "",
  "| Target | Reading | Met |",
  "| --- | --- | --- |",
  ...rows.map((row) => `| ${row.target} | ${row.reading} | ${row.met ? "yes" : "no"} |`),
  "",
  `Met: ${rows.filter((row) => row.met).length} of ${rows.length} rows. bench/README.md says what bounds each target that is not.`,
];
console.log(lines.join("\n"));
writeResultsSection(lines);
