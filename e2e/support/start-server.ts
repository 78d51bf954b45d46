/**
 * Starts the production server for one e2e profile on a fresh data directory, preparing its data first in this
 * process (before the server takes the directory lock). Used by playwright.config.ts.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadEnv } from "#server/env.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { createConfirmedUser } from "#server/auth/accounts.server.ts";
import { unguessableKey } from "#server/storage/storage.server.ts";
import { accountsFixture, adminAreaFixture, adminAreaProfiles, bareSettings, servers, type ServerProfile } from "#e2e/support/servers.ts";
import { startTestSmtpServer } from "#tests/support/smtp-server.ts";

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
  // Admin-area tests sign in once each; trusting X-Forwarded-For lets each be a client of its own (e2e/support/fixtures.ts).
  ...((adminAreaProfiles as readonly string[]).includes(profile) ? { TRUST_PROXY: "true" } : {}),
};

let closeMailbox = async () => {};
if (profile === "accounts") {
  // A real SMTP server for the app's mail, and a small HTTP mailbox for the tests: GET /messages?to=address.
  const smtp = await startTestSmtpServer();
  const mailbox = http.createServer((req, res) => {
    const to = new URL(req.url ?? "/", "http://mailbox").searchParams.get("to")?.toLowerCase();
    const messages = smtp.received
      .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
      .map((mail) => ({ to: mail.to, subject: mail.headers["subject"] ?? "", text: mail.text }));
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => mailbox.listen(servers.accounts.mailboxPort, "127.0.0.1", resolve));
  closeMailbox = async () => {
    mailbox.close();
    await smtp.close();
  };
  Object.assign(env, { SMTP_URL: smtp.url, OWNER_EMAIL: accountsFixture.ownerEmail, TRUST_PROXY: "true" });

  const runtime = await createRuntime(loadEnv(env));
  const { db } = runtime.database;
  const audio = await runtime.tts.synthesize("Hola. Buenos días. Adiós.", "es");
  const stored = await runtime.storage.put("content", unguessableKey("audio", "e2e-greetings", audio.extension), audio.data, audio.contentType);
  await db.insert(languages).values({ id: "spanish", name: "Spanish" });
  await db.insert(levels).values({ languageId: "spanish", id: "a1", title: "Beginner", cefrLabel: "A1", orderIndex: 0 });
  await db.insert(lessons).values([
    { languageId: "spanish", levelId: "a1", id: "greetings", title: "Greetings", translatedTitle: "Saludos", orderIndex: 0 },
    { languageId: "spanish", levelId: "a1", id: "numbers", title: "Numbers", translatedTitle: "Números", orderIndex: 1 },
  ]);
  await db.insert(phrases).values(
    [
      ["Hola", "Hello"],
      ["Buenos días", "Good morning"],
      ["Adiós", "Goodbye"],
    ].map(([originalText, translatedText], position) => ({
      languageId: "spanish",
      levelId: "a1",
      lessonId: "greetings",
      originalText: originalText!,
      translatedText: translatedText!,
      audioUrl: stored.url,
      position,
    })),
  );
  await createConfirmedUser(runtime.auth, db, accountsFixture.learner);
  await createConfirmedUser(runtime.auth, db, { ...accountsFixture.admin, admin: true });
  await runtime.close();
}

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

if ((adminAreaProfiles as readonly string[]).includes(profile)) {
  const runtime = await createRuntime(loadEnv(env));
  // Every admin area has its admin and a learner; e2e/support/profiles/{profile}.ts, where there is one, adds the
  // area's own data.
  await createConfirmedUser(runtime.auth, runtime.database.db, adminAreaFixture.learner);
  await createConfirmedUser(runtime.auth, runtime.database.db, { ...adminAreaFixture.admin, admin: true });
  const areaData = new URL(`./profiles/${profile}.ts`, import.meta.url);
  if (fs.existsSync(areaData)) {
    const { prepare } = (await import(areaData.href)) as { prepare: (r: typeof runtime) => Promise<void> };
    await prepare(runtime);
  }
  await runtime.close();
}

const child = spawn(process.execPath, ["server/main.ts"], { env, stdio: "inherit" });
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGTERM", forward);
process.on("SIGINT", forward);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  void closeMailbox().finally(() => process.exit(code ?? 0));
});
