import fs from "node:fs";
import { parseArgs } from "node:util";
import { AccountError, createConfirmedUser, requireUserByEmail, setUserPassword } from "#server/auth/accounts.server.ts";
import { grantAdminRole, removeAdminRole } from "#server/admin/users-admin.server.ts";
import { ArchiveRefused } from "#server/catalog/archive/archive-format.server.ts";
import { describePlan } from "#server/catalog/archive/describe-plan.server.ts";
import { exportCatalogToFile, exportDeps } from "#server/catalog/archive/catalog-export.server.ts";
import { importCatalog, planImport } from "#server/catalog/archive/catalog-import.server.ts";
import { openDatabase } from "#server/db/client.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createLogger } from "#server/logger.server.ts";
import { createRuntime, type Runtime } from "#server/runtime.server.ts";
import { seedDemoContent } from "#server/seed/seed.server.ts";
import { resendSupportMessages, supportDeps } from "#server/support/support.server.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";
import { PHRASE_IMPORT_MAX_BYTES, phraseImportText } from "#common/phrase-import.ts";
import { checkPhraseRows } from "#server/admin/phrase-import.server.ts";
import { importPhrases, LessonGoneError, PhraseInputError } from "#server/admin/phrases-admin.server.ts";

export class UsageError extends Error {
  override name = "UsageError";
}

const usage = `Usage: npm run cli -- <command>

Commands:
  db:migrate                                    Apply pending database migrations
  seed                                          Add the demo catalogue and blog (existing rows are kept)
  user:create --email E --password P [--admin]  Create a confirmed user (optionally an administrator)
  admin:grant E                                 Make the user with email E an administrator
  admin:revoke E                                Remove administrator privileges from the user with email E
  user:password E [--password P]                Set a new password (read from standard input without --password);
                                                ends the user's sessions
  support:resend                                Mail again, now, the support messages whose mail failed (a running
                                                server also does it every 15 minutes); exits 1 while some still fail
  readings:backfill                             Compute the reading aids (romaji, pinyin, transliteration) of every
                                                phrase that has none and was not written by an admin
  export FILE                                   Write the whole catalogue (rows and files) to the archive FILE
                                                (docs/catalogue-archive.md)
  import FILE [--dry-run]                       Make the catalogue equal to the archive FILE, in one transaction;
                                                --dry-run lists what would be added, changed and removed
  phrases:import FILE --lesson L/V/S            Add the rows of the CSV or TSV FILE (original, translation, group,
                                                reading) at the end of lesson S of level V of language L, in one
                                                transaction, without audio (generate it under Phrases without audio:
                                                rows sharing a group number become one file);
                                                a file with a bad row changes nothing and lists every bad row
  help                                          Show this help`;

type Command = (args: string[], env: Record<string, string | undefined>, stdin: () => Promise<string>) => Promise<void>;

const commands: Record<string, Command> = {
  async "db:migrate"(args, source) {
    noArguments("db:migrate", args);
    const env = loadEnv(source);
    const logger = createLogger(env.LOG_LEVEL);
    const handle = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }, logger);
    await handle.close();
    console.log("Migrations applied.");
  },
  async seed(args, source) {
    noArguments("seed", args);
    const runtime = await createRuntime(loadEnv(source), { initialize: false });
    try {
      const result = await seedDemoContent({ db: runtime.database.db, storage: runtime.storage, tts: runtime.tts, logger: runtime.logger });
      await runtime.events.publish("catalog");
      await runtime.events.publish("blog");
      console.log(`Seeded ${result.languages} languages, ${result.phrases} phrases and ${result.posts} blog posts (existing rows kept).`);
    } finally {
      await runtime.close();
    }
  },
  async "user:create"(args, source) {
    const { values } = parseArgs({
      args,
      options: { email: { type: "string" }, password: { type: "string" }, admin: { type: "boolean" } },
      allowPositionals: false,
      strict: true,
    });
    if (!values.email) throw new UsageError("user:create needs --email");
    if (!values.password) throw new UsageError("user:create needs --password");
    const { email, password, admin } = values;
    await withRuntime(source, async (runtime) => {
      const user = await createConfirmedUser(runtime.auth, runtime.database.db, { email, password, admin: admin === true });
      console.log(`Created ${admin ? "administrator" : "user"} ${user.email} (confirmed).`);
    });
  },
  async "admin:grant"(args, source) {
    const email = oneEmail("admin:grant", args);
    await withRuntime(source, async (runtime) => {
      const user = await requireUserByEmail(runtime.database.db, email);
      const granted = await grantAdminRole(runtime.database.db, user, { actor: null, via: "cli" });
      console.log(granted ? `${user.email} is now an administrator.` : `${user.email} is already an administrator.`);
    });
  },
  async "admin:revoke"(args, source) {
    const email = oneEmail("admin:revoke", args);
    await withRuntime(source, async (runtime) => {
      const user = await requireUserByEmail(runtime.database.db, email);
      const revoked = await removeAdminRole(runtime.database.db, user, { actor: null, via: "cli" });
      console.log(revoked ? `${user.email} is no longer an administrator.` : `${user.email} was not an administrator.`);
    });
  },
  async "user:password"(args, source, stdin) {
    const { values, positionals } = parseArgs({ args, options: { password: { type: "string" } }, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError("user:password takes one email address");
    const password = values.password ?? (await stdin()).replace(/\r?\n$/, "");
    if (!password) throw new UsageError("user:password needs a new password (--password or standard input)");
    await withRuntime(source, async (runtime) => {
      const user = await setUserPassword(runtime.auth, runtime.database.db, positionals[0]!, password);
      console.log(`Password of ${user.email} changed; their sessions have ended.`);
    });
  },
  async "support:resend"(args, source) {
    noArguments("support:resend", args);
    await withRuntime(source, async (runtime) => {
      const { sent, failed } = await resendSupportMessages(supportDeps(runtime));
      console.log(`Mailed ${count(sent, "support message")}.`);
      if (failed > 0) throw new Error(`${count(failed, "support message")} could not be mailed; kept as failed for the next run`);
    });
  },
  async "readings:backfill"(args, source) {
    noArguments("readings:backfill", args);
    await withRuntime(source, async (runtime) => {
      const filled = await runtime.readings.backfill();
      console.log(`Computed the reading of ${count(filled, "phrase")}.`);
    });
  },
  async export(args, source) {
    const file = oneFile("export", args);
    await withRuntime(source, async (runtime) => {
      const result = await exportCatalogToFile(exportDeps(runtime), file);
      console.log(`Exported ${count(result.phrases, "phrase")} and ${count(result.files, "file")} to ${file} (${result.bytes} bytes).`);
    });
  },
  async import(args, source) {
    const { values, positionals } = parseArgs({ args, options: { "dry-run": { type: "boolean" } }, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError("import takes one archive file");
    const file = positionals[0]!;
    const env = loadEnv(source);
    const size = fs.statSync(file).size;
    if (size > env.CATALOG_IMPORT_MAX_BYTES) throw new UsageError(`${file} is ${size} bytes; CATALOG_IMPORT_MAX_BYTES allows ${env.CATALOG_IMPORT_MAX_BYTES}`);
    await withRuntime(source, async (runtime) => {
      const deps = cliWriteDeps(runtime);
      try {
        if (values["dry-run"]) {
          console.log(describePlan(await planImport(deps, file), { dryRun: true }));
        } else {
          console.log(describePlan(await importCatalog(deps, file), { dryRun: false }));
        }
      } catch (error) {
        if (error instanceof ArchiveRefused) throw new UsageError(`The archive was refused, nothing changed: ${error.message}`);
        throw error;
      }
    });
  },
  async "phrases:import"(args, source) {
    const { values, positionals } = parseArgs({ args, options: { lesson: { type: "string" } }, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError("phrases:import takes one CSV or TSV file");
    const [languageId, levelId, lessonId, ...rest] = (values.lesson ?? "").split("/");
    if (!languageId || !levelId || !lessonId || rest.length > 0) throw new UsageError("phrases:import needs --lesson LANGUAGE/LEVEL/LESSON");
    const file = positionals[0]!;
    if (fs.statSync(file).size > PHRASE_IMPORT_MAX_BYTES) throw new UsageError(phraseImportText.tooLarge);
    const check = checkPhraseRows(fs.readFileSync(file, "utf8"));
    if (!check.ok) {
      // Every bad row on standard output; the failure itself is one line, as every command's.
      for (const row of check.rows) if (row.errors.length > 0) console.log(`line ${row.line}: ${row.errors.join(" ")}`);
      throw new UsageError(check.error);
    }
    await withRuntime(source, async (runtime) => {
      const deps = cliWriteDeps(runtime);
      try {
        const { count: added, groups } = await importPhrases(deps, { languageId, levelId, lessonId }, check.rows);
        console.log(`Added ${count(added, "phrase")} in ${count(groups, "audio group")} to ${languageId}/${levelId}/${lessonId}.`);
      } catch (error) {
        if (error instanceof PhraseInputError || error instanceof LessonGoneError) throw new UsageError(`No lesson ${languageId}/${levelId}/${lessonId}: nothing was added.`);
        throw error;
      }
    });
  },
  async help() {
    console.log(usage);
  },
};

/** What the CLI's catalogue writes need, their change log author being the CLI. */
function cliWriteDeps(runtime: Runtime) {
  return {
    db: runtime.database.db,
    storage: runtime.storage,
    events: runtime.events,
    logger: runtime.logger,
    readings: runtime.readings,
    changes: changeRecorder(runtime.env, cliAuthor),
  };
}

async function withRuntime(source: Record<string, string | undefined>, work: (runtime: Runtime) => Promise<void>) {
  const runtime = await createRuntime(loadEnv(source), { initialize: false });
  try {
    await work(runtime);
  } finally {
    await runtime.close();
  }
}

function oneFile(command: string, args: string[]): string {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError(`${command} takes one archive file`);
  return positionals[0]!;
}

function oneEmail(command: string, args: string[]): string {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError(`${command} takes one email address`);
  return positionals[0]!;
}

/** All of standard input (for a password that should not appear in the shell history or the process list). */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError("Pass --password, or pipe the new password into standard input");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function count(n: number, noun: string) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function noArguments(command: string, args: string[]) {
  parseArgs({ args, options: {}, allowPositionals: false, strict: true });
  if (args.length > 0) throw new UsageError(`${command} takes no arguments`);
}

/** Returns the exit code; throws (one-line message) on failure. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  stdin: () => Promise<string> = readStdin,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name) {
    console.log(usage);
    return 1;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}". Run "npm run cli -- help" for the list.`);
  try {
    await command(args, env, stdin);
  } catch (error) {
    if (error instanceof AccountError) throw new UsageError(error.message);
    // parseArgs errors are multi-part; keep the first line only.
    if (error instanceof Error) error.message = error.message.split("\n")[0] ?? error.message;
    throw error;
  }
  return 0;
}
