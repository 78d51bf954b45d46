import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser, seedSmallCatalog } from "#tests/support/site-fixtures.ts";

/**
 * The README's API walk-through, run as written: the shell block between its `api-walkthrough` markers, with bash
 * (no rc files: Node hands it a socket for stdin, which makes bash read them as for a remote shell),
 * curl and jq, against a test server (only BASE, EMAIL and PASSWORD are given, as the block's first lines allow).
 */
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  await seedSmallCatalog(site);
  await confirmedUser(site, "walkthrough@example.com", "walkthrough-pass-1");
}, 120_000);
afterAll(() => site?.close());

function walkthrough(): string {
  const readme = fs.readFileSync(path.resolve("README.md"), "utf8");
  const block = /<!-- api-walkthrough:start -->\n```sh\n([\s\S]*?)\n```\n<!-- api-walkthrough:end -->/.exec(readme);
  if (!block) throw new Error("The README has no API walk-through between its markers");
  return block[1]!;
}

describe("the README's API walk-through", () => {
  it("runs as written and says what the README says it does", async () => {
    const { stdout, stderr } = await promisify(execFile)("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", walkthrough()], {
      env: { PATH: process.env.PATH, BASE: `${site.url}/api/v1`, EMAIL: "walkthrough@example.com", PASSWORD: "walkthrough-pass-1" },
      timeout: 60_000,
    });
    expect(stderr).toBe("");
    expect(stdout.trim().split("\n")).toEqual([
      "Signed in as walkthrough",
      "Spanish",
      "Languages again: 304",
      "Favourites changed: 1",
      "event: ready",
      "After sign-out: 401",
    ]);
  });
});
