import type http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSP_REPORT_PATH, cspReportRoute, LINES_PER_WINDOW, MAX_REPORT_BYTES } from "#server/http/csp-report.server.ts";
import type { Logger } from "#server/logger.server.ts";

/** The report endpoint's limits, over a real socket, with a clock the test moves. */
const lines: string[] = [];
const logger: Logger = { debug() {}, info() {}, warn: (message) => lines.push(message), error() {} };
let clock = 1_000_000;
let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(cspReportRoute(logger, () => clock));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CSP_REPORT_PATH}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  lines.length = 0;
  clock += 120_000;
});

const report = (n: number) => JSON.stringify({ "csp-report": { "document-uri": `http://x/page-${n}`, "violated-directive": "img-src", "blocked-uri": "data" } });
const post = (body: string | Buffer<ArrayBuffer>, headers: Record<string, string> = { "content-type": "application/csp-report" }) =>
  fetch(url, { method: "POST", headers, body });

describe("the CSP report endpoint", () => {
  it(`logs at most ${LINES_PER_WINDOW} lines a minute, then one line with the number it dropped`, async () => {
    for (let n = 0; n < LINES_PER_WINDOW + 15; n++) expect((await post(report(n))).status).toBe(204);
    expect(lines).toHaveLength(LINES_PER_WINDOW);
    expect(lines[0]).toBe("CSP violation (enforce): img-src blocked data on http://x/page-0");
    clock += 60_000;
    await post(report(99));
    expect(lines.slice(LINES_PER_WINDOW)).toEqual([
      "CSP reports: 15 more in the last minute were not logged",
      "CSP violation (enforce): img-src blocked data on http://x/page-99",
    ]);
  });

  it("keeps a line one line: control characters become spaces, long fields are cut", async () => {
    const body = JSON.stringify({ "csp-report": { "document-uri": `http://x/a\nforged line ${"y".repeat(500)}`, "effective-directive": "img-src" } });
    await post(body);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\n\r]/);
    expect(lines[0]!.length).toBeLessThan(400);
  });

  it("refuses what is not a report: too large (413), compressed (415), not JSON (400), without a log line", async () => {
    expect((await post(JSON.stringify({ "csp-report": { pad: "x".repeat(MAX_REPORT_BYTES) } }))).status).toBe(413);
    const gzipped = await post(Buffer.from(gzipSync(report(1))), { "content-type": "application/csp-report", "content-encoding": "gzip" });
    expect(gzipped.status).toBe(415);
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify({ hello: "world" }))).status).toBe(400);
    expect(lines).toEqual([]);
  });
});
