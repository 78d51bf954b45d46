/**
 * What the benches that seed their own database share: a fresh data folder, the production server's environment on
 * the embedded database or, with `BENCH_DATABASE_URL=postgresql://…`, on a fresh database of that server (created
 * here, dropped afterwards), percentiles, and writing a section of bench/RESULTS.md.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface BenchDatabase {
  base: string;
  dataDir: string;
  driver: "PGlite" | "PostgreSQL";
  /** For `createRuntime(loadEnv(serverEnv))` and `startProductionServer({ env: serverEnv })`. */
  serverEnv: NodeJS.ProcessEnv;
  /** Creates the database on the server (nothing on the embedded one). */
  create(): Promise<void>;
  /** Drops it and removes the data folder. */
  remove(): Promise<void>;
}

/** `embedded`: always the embedded database, whatever BENCH_DATABASE_URL says. */
export function benchDatabase(name: string, port: number, { embedded = false } = {}): BenchDatabase {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `phrasewise-bench-${name}-`));
  const serverUrl = embedded ? undefined : process.env.BENCH_DATABASE_URL;
  const databaseName = `phrasewise_bench_${randomBytes(4).toString("hex")}`;
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString() : undefined;
  const onServer = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    base,
    dataDir,
    driver: databaseUrl ? "PostgreSQL" : "PGlite",
    serverEnv: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: base,
      SEED_DEMO: "false",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("base64") } : {}),
    },
    async create() {
      if (databaseUrl) await onServer(`create database ${databaseName}`);
    },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await onServer(`drop database if exists ${databaseName} with (force)`);
    },
  };
}

/**
 * One of issue 28's targets as a bench measured it, for `npm run bench:targets` (bench/targets.ts), which names the
 * file that collects them in BENCH_TARGETS; without it, nothing is recorded. `p50Ms` is for the requests whose target
 * is "at least as fast as the viewer": the summary compares them with the viewer measured the same way (`yardstick`).
 */
export interface TargetReading {
  target: string;
  reading: string;
  met?: boolean;
  p50Ms?: number;
  /** The viewer request those are compared with. */
  yardstick?: boolean;
}

export function recordTargets(readings: TargetReading[]) {
  const file = process.env.BENCH_TARGETS;
  if (file) fs.appendFileSync(file, readings.map((reading) => `${JSON.stringify(reading)}\n`).join(""));
}

/** The value below which `p` percent of the sorted samples lie (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Writes one section of bench/RESULTS.md, headed by `lines[0]` (a `## …` line): replaces the section of that heading
 * where there is one, else appends it.
 */
export function writeResultsSection(lines: string[]) {
  const file = "bench/RESULTS.md";
  const heading = lines[0]!;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmark results\n";
  const start = current.indexOf(`\n${heading}\n`);
  const section = `${lines.join("\n")}\n`;
  if (start === -1) {
    fs.writeFileSync(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const end = current.indexOf("\n## ", start + heading.length + 1);
  fs.writeFileSync(file, `${current.slice(0, start + 1)}${section}${end === -1 ? "" : current.slice(end)}`);
}
