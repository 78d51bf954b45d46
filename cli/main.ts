/**
 * Operator commands: `npm run cli -- <command> [options]`. Runs on Node 24 directly (type stripping).
 * Every failure prints one line and exits non-zero.
 */
import { runCli } from "./commands.ts";

runCli(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
