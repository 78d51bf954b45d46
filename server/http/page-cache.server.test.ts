import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalEventBus } from "#server/events/event-bus.server.ts";
import { createPageCache } from "#server/http/page-cache.server.ts";

/**
 * The page cache's headers with routes that answer the way React Router's adapter does (headers appended), over a
 * real socket. The site-level behaviour (sessions, flashes, forged cookies) is in tests/page-cache.test.ts.
 */
let server: http.Server;
let base: string;
const renders = new Map<string, number>();

beforeAll(async () => {
  const cache = createPageCache({ events: createLocalEventBus(), isPersonal: (req) => req.headers["x-personal"] === "yes" });
  const app = express();
  app.use(cache.middleware);
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
