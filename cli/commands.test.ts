import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.server.ts";
import { blogPosts, languages, phrases } from "#server/db/schema.ts";
import { quietLogger } from "#tests/support/database.ts";

const exec = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["cli/main.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
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

    const handle = await openDatabase({ dataDir }, quietLogger);
    try {
      expect(await handle.db.$count(languages)).toBe(8);
      expect(await handle.db.$count(blogPosts)).toBe(4);
      const [phrase] = await handle.db.select().from(phrases).limit(1);
      const file = path.join(dataDir, "storage", decodeURIComponent(phrase!.audioUrl.replace(/^\/storage\//, "")));
      const header = fs.readFileSync(file).subarray(0, 12).toString("latin1");
      expect(header.startsWith("RIFF") && header.endsWith("WAVE")).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it.each([
    [["bogus"], 'Error: Unknown command "bogus". Run "npm run cli -- help" for the list.'],
    [["db:migrate", "--force"], "Error: Unknown option '--force'"],
    [["seed", "extra"], "Error: Unexpected argument 'extra'"],
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
