import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "#server/logger.server.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";

/**
 * /storage answers a missing file or a refused path with one short log line and the bare status: no error object
 * spread over nine lines, no stack trace in the log or in the answer.
 */
type Line = { level: "debug" | "info" | "warn" | "error"; text: string };
const lines: Line[] = [];
const record =
  (level: Line["level"]) =>
  (message: string, error?: unknown): void => {
    lines.push({ level, text: error === undefined ? message : `${message}: ${String(error)}` });
  };
const recordingLogger: Logger = { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") };

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ logger: recordingLogger });
  await site.runtime.storage.put("content", "hello.txt", new TextEncoder().encode("hello"), "text/plain");
});
afterAll(async () => {
  await site?.close();
});

/** GET with the path sent exactly as written: fetch would resolve `..` segments before they reach the server. */
function rawGet(path: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${site.url}/`, { path, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

/** The lines logged while `run` was in progress. */
async function logged<T>(run: () => Promise<T>): Promise<[T, Line[]]> {
  const start = lines.length;
  const result = await run();
  return [result, lines.slice(start)];
}

describe("/storage log noise", () => {
  it("serves a stored file without logging anything", async () => {
    const [response, log] = await logged(() => rawGet("/storage/content/hello.txt"));
    expect(response).toEqual({ status: 200, body: "hello" });
    expect(log).toEqual([]);
  });

  it("answers a missing file 404 with one debug line", async () => {
    const [response, log] = await logged(() => rawGet("/storage/content/missing.wav"));
    expect(response).toEqual({ status: 404, body: "Not Found" });
    expect(log).toEqual([{ level: "debug", text: "No stored file at /storage/content/missing.wav (404)" }]);
  });

  it("answers a range beyond the file 416 with one debug line", async () => {
    const [response, log] = await logged(() => rawGet("/storage/content/hello.txt", { range: "bytes=100-200" }));
    expect(response).toEqual({ status: 416, body: "Range Not Satisfiable" });
    expect(log).toEqual([{ level: "debug", text: "Storage answered 416 for /storage/content/hello.txt" }]);
  });

  it.each([
    ["/storage/content/..%2f..%2fetc/passwd", 403, "Forbidden"],
    ["/storage/%2e%2e/", 403, "Forbidden"],
    ["/storage/../etc/passwd", 403, "Forbidden"],
    ["/storage/%2e%2e%2f%2e%2e%2fetc%2fpasswd", 403, "Forbidden"],
    ["/storage/content/..%5c..%5cetc%5cpasswd", 403, "Forbidden"],
    ["/storage/.auth-secret", 403, "Forbidden"],
    ["/storage/content/%00passwd", 400, "Bad Request"],
  ])("refuses %s with %i and one warning line", async (path, status, body) => {
    const [response, log] = await logged(() => rawGet(path));
    expect(response).toEqual({ status, body });
    expect(log).toEqual([{ level: "warn", text: `Refused storage path ${path} (${status})` }]);
  });
});
