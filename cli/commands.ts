import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/client.server.ts";
import { loadEnv } from "#server/env.server.ts";
import { createLogger } from "#server/logger.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { seedDemoContent } from "#server/seed/seed.server.ts";

export class UsageError extends Error {
  override name = "UsageError";
}

const usage = `Usage: npm run cli -- <command>

Commands:
  db:migrate   Apply pending database migrations
  seed         Add the demo catalogue and blog (existing rows are kept)
  help         Show this help`;

type Command = (args: string[], env: Record<string, string | undefined>) => Promise<void>;

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
  async help() {
    console.log(usage);
  },
};

function noArguments(command: string, args: string[]) {
  parseArgs({ args, options: {}, allowPositionals: false, strict: true });
  if (args.length > 0) throw new UsageError(`${command} takes no arguments`);
}

/** Returns the exit code; throws (one-line message) on failure. */
export async function runCli(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const [name, ...args] = argv;
  if (!name) {
    console.log(usage);
    return 1;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}". Run "npm run cli -- help" for the list.`);
  try {
    await command(args, env);
  } catch (error) {
    // parseArgs errors are multi-part; keep the first line only.
    if (error instanceof Error) error.message = error.message.split("\n")[0] ?? error.message;
    throw error;
  }
  return 0;
}
