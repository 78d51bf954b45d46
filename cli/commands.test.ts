import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server.ts";
import { eq, inArray } from "drizzle-orm";
import { isAdmin } from "#server/auth/roles.server.ts";
import { verifyPassword } from "#server/auth/password.server.ts";
import { accounts, blogPosts, languages, mailOutbox, phrases, supportMessages, users } from "#server/db/schema.ts";
import { quietLogger } from "#tests/support/database.ts";
import { readMp3 } from "#tests/support/mp3.ts";
import { closedPort } from "#tests/support/smtp-server.ts";

const exec = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The CLI's environment: this test's embedded database, mail to the outbox, only errors logged. */
const cliEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  DATABASE_URL: "",
  SMTP_URL: "",
  ...extra,
});

function cli(...args: string[]) {
  return cliWithEnv({}, ...args);
}

async function cliWithEnv(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["cli/main.ts", ...args], { env: cliEnv(env) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Runs the CLI with this text on standard input. */
function cliWithInput(input: string, ...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["cli/main.ts", ...args], { env: cliEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Opens this test's database beside the CLI (never at the same time: the embedded database admits one process). */
async function withDatabase<T>(work: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir }, quietLogger);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

function account(email: string) {
  return withDatabase(async (db) => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (!user) return undefined;
    const [credential] = await db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, user.id));
    return { user, hash: credential?.password ?? "", admin: await isAdmin(db, user.id) };
  });
}

describe("operator CLI", () => {
  it("db:migrate applies the migrations", async () => {
    const result = await cli("db:migrate");
    expect(result).toMatchObject({ code: 0, stdout: "Migrations applied.\n" });
  });

  it("seed adds the demo catalogue with playable audio, and a second run keeps what exists", async () => {
    const first = await cli("seed");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Seeded 8 languages");
    const second = await cli("seed");
    expect(second.code).toBe(0);

    await withDatabase(async (db) => {
      expect(await db.$count(languages)).toBe(8);
      expect(await db.$count(blogPosts)).toBe(4);
      const [phrase] = await db.select().from(phrases).limit(1);
      const file = path.join(dataDir, "storage", decodeURIComponent(phrase!.audioUrl.replace(/^\/storage\//, "")));
      expect(phrase!.audioUrl).toMatch(/^\/storage\/content\/audio\/[0-9a-f]{32}-[a-z0-9-]+\.mp3$/);
      expect([...readMp3(new Uint8Array(fs.readFileSync(file))).channelModes]).toEqual(["mono"]);
    });
  }, 240_000); // The real speech synthesis and MP3 encoding (two worker threads): about 40 s alone, far more on a busy 2-core machine.

  it("readings:backfill gives the demo's Japanese, Mandarin and Russian phrases their readings, once", async () => {
    const first = await cli("readings:backfill");
    expect(first).toMatchObject({ code: 0 });
    const filled = Number(/^Computed the reading of (\d+) phrases\.\n$/.exec(first.stdout)?.[1]);
    await withDatabase(async (db) => {
      const reading = async (text: string) => (await db.select({ reading: phrases.reading }).from(phrases).where(eq(phrases.originalText, text)))[0]?.reading;
      expect(await reading("すみません、駅はどこですか？")).toBe("sumimasen, eki wa doko desu ka?");
      expect(await reading("我很好，谢谢。你呢？")).toBe("wǒ hěn hǎo, xièxie. nǐ ne?");
      expect(await reading("Здравствуйте!")).toBe("Zdravstvuyte!");
      expect(await reading("¡Hola! ¿Qué tal?")).toBeNull();
      expect(filled).toBe(await db.$count(phrases, inArray(phrases.languageId, ["japanese", "mandarin", "russian"])));
    });
    expect(await cli("readings:backfill")).toMatchObject({ code: 0, stdout: "Computed the reading of 0 phrases.\n" });
  }, 120_000);

  it("user:create makes a confirmed user, with --admin an administrator", async () => {
    expect(await cli("user:create", "--email", "Learner@Example.com", "--password", "learner1")).toMatchObject({
      code: 0,
      stdout: "Created user learner@example.com (confirmed).\n",
    });
    expect(await cli("user:create", "--email", "boss@example.com", "--password", "bosspass", "--admin")).toMatchObject({
      code: 0,
      stdout: "Created administrator boss@example.com (confirmed).\n",
    });
    const learner = await account("learner@example.com");
    expect(learner?.user.emailVerified).toBe(true);
    expect(learner?.admin).toBe(false);
    expect(await verifyPassword({ hash: learner!.hash, password: "learner1" })).toBe(true);
    expect((await account("boss@example.com"))?.admin).toBe(true);
  });

  it("admin:grant and admin:revoke change the role", async () => {
    expect(await cli("admin:grant", "learner@example.com")).toMatchObject({ code: 0, stdout: "learner@example.com is now an administrator.\n" });
    expect((await account("learner@example.com"))?.admin).toBe(true);
    expect(await cli("admin:grant", "learner@example.com")).toMatchObject({ code: 0, stdout: "learner@example.com is already an administrator.\n" });
    expect(await cli("admin:revoke", "learner@example.com")).toMatchObject({ code: 0, stdout: "learner@example.com is no longer an administrator.\n" });
    expect((await account("learner@example.com"))?.admin).toBe(false);
  });

  it("user:password sets a new password from --password or from standard input", async () => {
    expect(await cli("user:password", "learner@example.com", "--password", "changed1")).toMatchObject({ code: 0 });
    expect(await verifyPassword({ hash: (await account("learner@example.com"))!.hash, password: "changed1" })).toBe(true);
    const piped = await cliWithInput("from-stdin\n", "user:password", "learner@example.com");
    expect(piped).toMatchObject({ code: 0, stdout: "Password of learner@example.com changed; their sessions have ended.\n" });
    expect(await verifyPassword({ hash: (await account("learner@example.com"))!.hash, password: "from-stdin" })).toBe(true);
  });

  it("support:resend mails the failed support messages, and exits 1 while the mail server still refuses", async () => {
    const message = { email: "ana@example.com", message: "The audio does not play.", mailStatus: "failed" };
    await withDatabase((db) => db.insert(supportMessages).values([{ ...message, name: "Ana" }, { ...message, name: "Bruno" }]));

    // No SMTP server configured: the mail goes to the outbox, which counts as sent.
    expect(await cli("support:resend")).toMatchObject({ code: 0, stdout: "Mailed 2 support messages.\n" });
    expect(await withDatabase((db) => db.select({ status: supportMessages.mailStatus }).from(supportMessages))).toEqual([
      { status: "sent" },
      { status: "sent" },
    ]);
    expect(await withDatabase((db) => db.$count(mailOutbox))).toBe(2);

    await withDatabase((db) => db.insert(supportMessages).values({ ...message, name: "Carla" }));
    const refused = await cliWithEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` }, "support:resend");
    expect(refused).toMatchObject({ code: 1, stdout: "Mailed 0 support messages.\n" });
    expect(refused.stderr.trim()).toBe("Error: 1 support message could not be mailed; kept as failed for the next run");
    expect(await withDatabase((db) => db.$count(supportMessages, eq(supportMessages.mailStatus, "failed")))).toBe(1);
  });

  it.each([
    [["user:create", "--email", "x@example.com"], "Error: user:create needs --password"],
    [["user:create", "--email", "not-an-email", "--password", "secret1"], 'Error: "not-an-email" is not an email address'],
    [["user:create", "--email", "short@example.com", "--password", "abc"], "Error: The password must be at least 6 characters"],
    [["user:create", "--email", "learner@example.com", "--password", "secret1"], "Error: A user with the email learner@example.com already exists"],
    [["user:create", "--email", "x@example.com", "--password", "secret1", "--root"], "Error: Unknown option '--root'"],
    [["admin:grant"], "Error: admin:grant takes one email address"],
    [["admin:grant", "a@example.com", "b@example.com"], "Error: admin:grant takes one email address"],
    [["admin:revoke", "nobody@example.com"], "Error: No user with the email nobody@example.com"],
    [["user:password", "nobody@example.com", "--password", "secret1"], "Error: No user with the email nobody@example.com"],
  ])("%j fails with one line and a non-zero exit", async (args, message) => {
    const result = await cli(...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr.trim()).toBe(message);
  });

  it("user:password without a password on standard input fails with one line", async () => {
    const result = await cliWithInput("", "user:password", "learner@example.com");
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("Error: user:password needs a new password (--password or standard input)");
  });

  it.each([
    [["bogus"], 'Error: Unknown command "bogus". Run "npm run cli -- help" for the list.'],
    [["db:migrate", "--force"], "Error: Unknown option '--force'"],
    [["seed", "extra"], "Error: Unexpected argument 'extra'"],
    [["support:resend", "now"], "Error: Unexpected argument 'now'"],
  ])("%j fails with one line and a non-zero exit", async (args, message) => {
    const result = await cli(...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it("a wrong setting fails with one line naming the variable", async () => {
    const { code, stderr } = await exec(process.execPath, ["cli/main.ts", "db:migrate"], { env: { ...process.env, PORT: "x" } }).then(
      (r) => ({ code: 0, stderr: r.stderr }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toBe("Error: Invalid configuration: PORT must be a port number");
  });
});
