import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalEventBus } from "#server/events/event-bus.server.ts";
import { createPageCache } from "#server/http/page-cache.server.ts";

/**
 * The page cache's headers and compressed variants with routes that answer the way React Router's adapter does
 * (headers appended), behind the compression middleware as in server/main.ts, over a real socket. The site-level
 * behaviour (sessions, flashes, forged cookies) is in tests/page-cache.test.ts.
 */
let server: http.Server;
let base: string;
const renders = new Map<string, number>();
const events = createLocalEventBus();
/** Holds each render of /slow until the test lets it finish. */
let releaseSlow: (() => void) | undefined;

beforeAll(async () => {
  const cache = createPageCache({ events, isPersonal: (req) => req.headers["x-personal"] === "yes" });
  const app = express();
  app.use(compression());
  app.use(cache.middleware);
  app.get("/page", (_req, res) => {
    renders.set("/page", (renders.get("/page") ?? 0) + 1);
    res.type("text/html").end(page);
  });
  app.get("/slow", async (_req, res) => {
    renders.set("/slow", (renders.get("/slow") ?? 0) + 1);
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    res.type("text/html").end(page);
  });
  const route = (path: string, cacheControl?: string) =>
    app.get(path, (req, res) => {
      renders.set(path, (renders.get(path) ?? 0) + 1);
      if (cacheControl) res.append("Cache-Control", cacheControl);
      res.type("application/json").end(JSON.stringify({ path, cookie: req.headers.cookie ?? null }));
    });
  route("/own", "public, max-age=30");
  route("/default");
  route("/no-store", "no-store");
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/** A page large enough to be compressed, and different on each line so it does not shrink to nothing. */
const page = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<p>Phrase ${i}: ${(i * 7919).toString(36)}</p>`).join("")}</body></html>`;

/** The bytes as they travel (fetch would decode them), with the headers. */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body).toString("utf8");

describe("compressed variants", () => {
  const browser = { "accept-encoding": "gzip, deflate, br, zstd" };

  it("sends brotli to a browser, gzip to a gzip-only client and the page itself to anyone else, each decoding to the same page", async () => {
    const answers = [await raw("/page", browser), await raw("/page", browser), await raw("/page", { "accept-encoding": "gzip" }), await raw("/page", { "accept-encoding": "identity" })];
    expect(answers.map((a) => a.headers["content-encoding"])).toEqual(["br", "br", "gzip", undefined]);
    expect(answers.map((a) => a.headers["x-cache"])).toEqual(["MISS", "HIT", "HIT", "HIT"]);
    for (const answer of answers) {
      expect(decode(answer.body, answer.headers["content-encoding"])).toBe(page);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers["vary"]).toMatch(/Accept-Encoding/);
    }
    expect(answers[0]!.body.length).toBeLessThan(page.length / 3);
    expect(renders.get("/page")).toBe(1);
  });

  it("gives each variant its own ETag, and answers a revalidation of each with a 304", async () => {
    const br = await raw("/page", browser);
    const gz = await raw("/page", { "accept-encoding": "gzip" });
    const plain = await raw("/page", { "accept-encoding": "identity" });
    const tags = [br, gz, plain].map((a) => a.headers.etag!);
    expect(new Set(tags).size).toBe(3);
    expect(tags[0]).toBe(`${tags[2]!.slice(0, -1)}-br"`);
    expect(tags[1]).toBe(`${tags[2]!.slice(0, -1)}-gz"`);
    for (const [headers, etag] of [[browser, tags[0]], [{ "accept-encoding": "gzip" }, tags[1]], [{ "accept-encoding": "identity" }, tags[2]]] as const) {
      const revalidated = await raw("/page", { ...headers, "if-none-match": etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
    }
    // Another encoding's tag does not validate this one: the client would keep bytes it cannot decode.
    expect((await raw("/page", { ...browser, "if-none-match": tags[1]! })).status).toBe(200);
  });
});

describe("the page cache's bounds", () => {
  it("keeps its bodies, variants included, under its byte bound by evicting the oldest entries", async () => {
    const cache = createPageCache({ events, isPersonal: () => false, maxBytes: 2 * page.length });
    const app = express();
    app.use(compression());
    app.use(cache.middleware);
    app.get("/p/:n", (_req, res) => res.type("text/html").end(page));
    const small = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => small.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(small.address() as AddressInfo).port}`;
      for (let n = 0; n < 5; n++) await fetch(`${url}/p/${n}`, { headers: { "accept-encoding": "br" } }).then((r) => r.arrayBuffer());
      expect(cache.bytes()).toBeLessThanOrEqual(2 * page.length);
      expect(cache.size()).toBeLessThan(5);
      expect((await fetch(`${url}/p/4`)).headers.get("x-cache")).toBe("HIT");
      expect((await fetch(`${url}/p/0`)).headers.get("x-cache")).toBe("MISS");
    } finally {
      await new Promise((resolve) => small.close(resolve));
    }
  });
});

describe("the page cache's Cache-Control", () => {
  it("never adds a second one to a route that sets its own, for visitors, cached answers and personal requests", async () => {
    for (const headers of [{}, {}, { "x-personal": "yes" }] as Record<string, string>[]) {
      const response = await get("/own", headers);
      // fetch joins repeated headers with ", ": a second value would show here.
      expect(response.headers.get("cache-control")).toBe("public, max-age=30");
    }
    expect(renders.get("/own")).toBe(2);
  });

  it("sets its default when the route sets none: no-cache for visitors, private for personal requests", async () => {
    expect((await get("/default")).headers.get("cache-control")).toBe("no-cache");
    const cached = await get("/default");
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(cached.headers.get("cache-control")).toBe("no-cache");
    const notModified = await get("/default", { "if-none-match": cached.headers.get("etag")! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/default", { "x-personal": "yes" })).headers.get("cache-control")).toBe("private, no-cache");
  });

  it("does not store an answer the route marks no-store", async () => {
    await get("/no-store");
    const second = await get("/no-store");
    expect(second.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("cache-control")).toBe("no-store");
    expect(renders.get("/no-store")).toBe(2);
  });

  it("renders a shared answer without the visitor's cookies, so what it stores is what anyone gets", async () => {
    const response = await get("/default?cookies", { cookie: "phrasewise.flash=forged" });
    expect(await response.json()).toEqual({ path: "/default", cookie: null });
  });
});

describe("invalidation", () => {
  /** Starts a request of /slow and resolves, with its pending answer, once its render is waiting to finish. */
  async function slowRequest() {
    releaseSlow = undefined;
    const answer = get("/slow");
    await expect.poll(() => releaseSlow).toBeDefined();
    return { answer };
  }

  it("does not store a render that was in flight when the content changed: it may hold the old content", async () => {
    const before = renders.get("/slow") ?? 0;
    const inFlight = await slowRequest();
    await events.publish("catalog");
    releaseSlow!();
    const answered = await inFlight.answer;
    expect(answered.headers.get("x-cache")).toBe("MISS");
    expect(await answered.text()).toBe(page);

    // The next visitor gets a fresh render, and that one is stored.
    const next = await slowRequest();
    releaseSlow!();
    expect((await next.answer).headers.get("x-cache")).toBe("MISS");
    expect((await get("/slow")).headers.get("x-cache")).toBe("HIT");
    expect(renders.get("/slow")).toBe(before + 2);
  });
});
