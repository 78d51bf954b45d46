import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "#server/env.server.ts";
import { createRuntime } from "#server/runtime.server.ts";
import { sweepPartialWrites } from "#server/storage/local-storage.server.ts";
import { quietLogger } from "#tests/support/database.ts";

/** The half-written files a process killed during a storage write (kill -9) leaves behind. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDirWith(files: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-leftovers-"));
  dirs.push(dataDir);
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, file), "ID3");
  }
  return dataDir;
}

const present = (dataDir: string, file: string) => fs.existsSync(path.join(dataDir, file));

describe("partial writes left by a killed process", () => {
  it("are removed when the site starts on its data directory; stored files stay", async () => {
    const real = "storage/content/audio/9f86d081884c7d659a2feaa0c55ad015-hola.mp3";
    const partial = `${real}.4242.1764170000000.partial`;
    const otherPartial = "storage/assets/settings/logo.webp.99.1764170000001.partial";
    const dataDir = dataDirWith([real, partial, otherPartial]);
    const runtime = await createRuntime(loadEnv({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent" }), {
      logger: quietLogger,
    });
    try {
      expect(present(dataDir, partial)).toBe(false);
      expect(present(dataDir, otherPartial)).toBe(false);
      expect(present(dataDir, real)).toBe(true);
    } finally {
      await runtime.close();
    }
  });

  it("with a shared directory, only those no write has touched for a while", async () => {
    const root = dataDirWith(["content/a.mp3.1.1.partial", "content/b.mp3.1.2.partial", "content/b.mp3"]);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(root, "content/a.mp3.1.1.partial"), anHourAgo, anHourAgo);
    expect(await sweepPartialWrites(root, { olderThanMs: 600_000 })).toBe(1);
    expect(present(root, "content/a.mp3.1.1.partial")).toBe(false);
    expect(present(root, "content/b.mp3.1.2.partial")).toBe(true);
    expect(present(root, "content/b.mp3")).toBe(true);
    expect(await sweepPartialWrites(path.join(root, "missing"), { olderThanMs: 0 })).toBe(0);
  });
});
