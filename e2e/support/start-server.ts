/**
 * Starts the production server for one e2e profile on a fresh data directory, preparing its data first in this
 * process (before the server takes the directory lock). Used by playwright.config.ts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadEnv } from "#server/env.server.ts";
import { languages, lessons, levels } from "#server/db/schema.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { bareSettings, servers, type ServerProfile } from "#e2e/support/servers.ts";

const profile = process.argv[2] as ServerProfile;
const server = servers[profile];
if (!server) throw new Error(`Unknown e2e server profile: ${process.argv[2]}`);

const dataDir = path.join(os.tmpdir(), `phrasewise-e2e-${profile}-${process.pid}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(server.port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: server.url,
  SEED_DEMO: profile === "demo" ? "true" : "false",
  LOG_LEVEL: "warn",
  ...("smtpUrl" in server ? { SMTP_URL: server.smtpUrl } : {}),
};

if (profile === "bare") {
  const runtime = await createRuntime(loadEnv(env));
  await runtime.settings.save(bareSettings);
  // Only the shells of a catalogue, for the empty states: a language without levels, a level without lessons, a
  // lesson without phrases.
  const { db } = runtime.database;
  await db.insert(languages).values([
    { id: "esperanto", name: "Esperanto" },
    { id: "latin", name: "Latin" },
  ]);
  await db.insert(levels).values([
    { languageId: "latin", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 },
    { languageId: "latin", id: "a2", title: "Elementary", cefrLabel: "A2", orderIndex: 1 },
  ]);
  await db.insert(lessons).values({ languageId: "latin", levelId: "a2", id: "empty-lesson", title: "Empty", translatedTitle: "Vacua" });
  await runtime.close();
}

const child = spawn(process.execPath, ["server/main.ts"], { env, stdio: "inherit" });
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGTERM", forward);
process.on("SIGINT", forward);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
