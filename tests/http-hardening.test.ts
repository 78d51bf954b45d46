import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, openDatabase } from "#server/db/client.server.ts";
import { BODY_IDLE_MS } from "#server/http/body-limit.server.ts";
import { cookiesFrom, form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { openTestDatabase, quietLogger, testDriver } from "#tests/support/database.ts";
import { confirmedUser } from "#tests/support/site-fixtures.ts";

/** Body limits, proxies, small errors and database outages, over real HTTP against the real routes. */

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with full control over the method and headers (fetch refuses TRACE and sets Host itself). */
function rawRequest(siteUrl: string, options: { method: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string }) {
  const { hostname, port } = new URL(siteUrl);
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request({ hostname, port, agent: false, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const MiB = 1024 * 1024;

/**
 * POSTs `bytes` of body (streamed in 64 KiB pieces, never held in memory), declared with Content-Length or chunked,
 * and stops sending as soon as the answer arrives. Resolves with the status and how much was sent by then.
 */
function sendLargeBody(siteUrl: string, path: string, { bytes, chunked, headers }: { bytes: number; chunked: boolean; headers: http.OutgoingHttpHeaders }) {
  const { hostname, port } = new URL(siteUrl);
  return new Promise<{ status: number; sent: number }>((resolve, reject) => {
    const req = http.request({
      hostname,
      port,
      path,
      method: "POST",
      agent: false,
      headers: { ...headers, ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": bytes }) },
    });
    const piece = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    const pump = () => {
      while (!answered && sent < bytes) {
        const size = Math.min(piece.length, bytes - sent);
        sent += size;
        if (!req.write(size === piece.length ? piece : piece.subarray(0, size))) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      res.resume().on("end", () => {
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      });
    });
    // Once answered, the server closing the connection under the rest of the upload is expected.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    pump();
  });
}

/** The highest resident set size seen while `work` runs, sampled every 10 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

/** The site for the body and small-error tests; each client picks its address (X-Forwarded-For) for the rate limits. */
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
}, 60_000);
afterAll(() => site?.close());

describe("request bodies", () => {
  beforeAll(async () => {
    // Compile the routes before measuring memory.
    for (const path of ["/auth", "/support"]) await site.request(path);
    await site.request("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  }, 60_000);

  const targets = [
    { path: "/auth", type: "application/x-www-form-urlencoded" },
    { path: "/support", type: "application/x-www-form-urlencoded" },
    { path: "/api/auth/sign-in/email", type: "application/json" },
  ];
  /**
   * Buffering one 50 MB body costs at least 50 MB; a refused one costs a few socket buffers. 30 MB of margin sits far
   * from both, whatever the garbage collector happens to do meanwhile.
   */
  const RSS_MARGIN = 30 * MiB;

  it.each(targets.flatMap((target) => [true, false].map((chunked) => ({ ...target, chunked }))))(
    "answers 50 MB to $path (chunked: $chunked) with 413 without reading it, and memory stays flat",
    async ({ path, type, chunked }) => {
      const before = process.memoryUsage.rss();
      const { result, peak } = await peakRss(() =>
        sendLargeBody(site.url, path, { bytes: 50 * MiB, chunked, headers: { origin: site.url, "content-type": type } }),
      );
      expect(result.status).toBe(413);
      // The answer came long before the upload could finish: the server did not read the rest.
      expect(result.sent).toBeLessThan(25 * MiB);
      expect(peak - before).toBeLessThan(RSS_MARGIN);
    },
  );

  it("applies a route's own smaller cap to chunked bodies too, and to its client-side twin (/support: 64 KiB)", async () => {
    for (const path of ["/support", "/support.data"]) {
      const { status } = await sendLargeBody(site.url, path, {
        bytes: 64 * 1024 + 1,
        chunked: true,
        headers: { origin: site.url, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(status).toBe(413);
    }
  });

  it("hands a chunked body under the cap to the form and to the auth library whole", async () => {
    await confirmedUser(site, "chunk@example.com", "chunkpass1");
    const chunkedPost = (path: string, type: string, body: string) =>
      fetch(`${site.url}${path}`, {
        method: "POST",
        headers: { origin: site.url, "content-type": type, "x-forwarded-for": "192.0.2.77" },
        // A stream body has no length: it is sent chunked.
        body: new Blob([body]).stream(),
        duplex: "half",
        redirect: "manual",
      } as RequestInit);
    const page = await chunkedPost("/auth", "application/x-www-form-urlencoded", "intent=sign-in&email=chunk%40example.com&password=chunkpass1");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/profile");
    const api = await chunkedPost("/api/auth/sign-in/email", "application/json", JSON.stringify({ email: "chunk@example.com", password: "chunkpass1" }));
    expect(api.status).toBe(200);
    expect(api.headers.getSetCookie().some((cookie) => cookie.startsWith("phrasewise.session_token="))).toBe(true);
  });
});

/**
 * A POST whose headers say a chunked body follows, then `bytes` of it (as fast as the server takes them, never more
 * than the socket buffers), and never the end. Resolves with the status once answered, or "closed" when the server
 * closes the connection first; `sent` is how much of the body had gone out by then.
 */
function unfinishedBody(siteUrl: string, path: string, { bytes, headers }: { bytes: number; headers: Record<string, string> }) {
  const { hostname, port } = new URL(siteUrl);
  return new Promise<{ outcome: number | "closed"; sent: number }>((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let sent = 0;
    let reply = "";
    let settled = false;
    const settle = (outcome: number | "closed") => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ outcome, sent });
    };
    const piece = Buffer.alloc(16 * 1024, "a");
    const pump = () => {
      while (!settled && sent < bytes) {
        sent += piece.length;
        if (!socket.write(`${piece.length.toString(16)}\r\n${piece.toString()}\r\n`)) return void socket.once("drain", pump);
      }
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      reply += chunk;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply);
      if (status && reply.includes("\r\n\r\n")) settle(Number(status[1]));
    });
    socket.on("close", () => settle("closed"));
    socket.on("error", () => settle("closed"));
    socket.once("connect", () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, "Transfer-Encoding: chunked"];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      pump();
    });
  });
}

describe("bodies from strangers", () => {
  it("answers 40 unauthenticated, unfinished uploads at once without reading their bodies", async () => {
    const before = process.memoryUsage.rss();
    const { result, peak } = await peakRss(() =>
      Promise.all(
        Array.from({ length: 40 }, () =>
          unfinishedBody(site.url, "/admin/uploads/audio", {
            bytes: 2 * MiB,
            headers: { Origin: site.url, "Content-Type": "multipart/form-data; boundary=x" },
          }),
        ),
      ),
    );
    // The upload route's own answer to a visitor, given from the headers alone.
    expect(result.map(({ outcome }) => outcome)).toEqual(Array.from({ length: 40 }, () => 401));
    // 80 MB were on offer; the server held none of it.
    expect(peak - before).toBeLessThan(30 * MiB);
  });

  it("does not read a non-administrator's body to the admin area either", async () => {
    await confirmedUser(site, "learner-body@example.com", "learnerpass1");
    const cookie = cookiesFrom(
      await site.request("/auth", { ...form({ intent: "sign-in", email: "learner-body@example.com", password: "learnerpass1" }), ip: "192.0.2.90" }),
    );
    const { outcome } = await unfinishedBody(site.url, "/admin/uploads/hero", {
      bytes: 2 * MiB,
      headers: { Origin: site.url, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(outcome).toBe(403);
  });

  it("caps a public route's chunked body at 64 KiB", async () => {
    const { outcome } = await unfinishedBody(site.url, "/api/auth/sign-in/email", {
      bytes: 128 * 1024,
      headers: { Origin: site.url, "Content-Type": "application/json" },
    });
    expect(outcome).toBe(413);
  });

  it(`closes a body that stops arriving within ${BODY_IDLE_MS / 1000} s (and not at once)`, async () => {
    const started = Date.now();
    const { outcome } = await unfinishedBody(site.url, "/support", {
      bytes: 16 * 1024,
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const elapsed = Date.now() - started;
    expect(outcome).toBe("closed");
    expect(elapsed).toBeGreaterThanOrEqual(BODY_IDLE_MS - 500);
    expect(elapsed).toBeLessThan(BODY_IDLE_MS + 3_000);
  }, BODY_IDLE_MS + 15_000);
});

describe("behind a reverse proxy (PUBLIC_URL=https://public.example, TRUST_PROXY unset)", () => {
  const publicUrl = "https://public.example";
  let proxied: TestSite;
  beforeAll(async () => {
    proxied = await startTestSite({ publicUrl });
    await confirmedUser(proxied, "proxy@example.com", "proxypass1");
  }, 60_000);
  afterAll(() => proxied?.close());

  const signIn = (host: string, origin: string) =>
    rawRequest(proxied.url, {
      method: "POST",
      path: "/auth",
      headers: {
        host,
        "x-forwarded-proto": "https",
        "x-forwarded-for": "198.51.100.7",
        origin,
        "sec-fetch-site": origin === publicUrl ? "same-origin" : "cross-site",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "sign-in", email: "proxy@example.com", password: "proxypass1" }).toString(),
    });

  it("accepts a browser's form post when TLS ends at the proxy (public Host, X-Forwarded-Proto: https)", async () => {
    const response = await signIn("public.example", publicUrl);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/profile");
    expect(response.headers["set-cookie"]?.some((cookie) => cookie.startsWith("__Secure-phrasewise.session_token="))).toBe(true);
  });

  it("accepts it when the proxy rewrites Host to the internal address", async () => {
    const response = await signIn(new URL(proxied.url).host, publicUrl);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/profile");
  });

  it("still refuses a foreign Origin in both shapes, and the internal address as an Origin", async () => {
    for (const host of ["public.example", new URL(proxied.url).host]) {
      for (const origin of ["https://evil.example", "http://public.example", proxied.url]) {
        expect((await signIn(host, origin)).status).toBe(403);
      }
    }
  });
});

describe("small errors", () => {
  beforeAll(() => confirmedUser(site, "euro@example.com", "europass1"));

  const signIn = (redirectTo: string, ip: string) =>
    site.request("/auth", { ...form({ intent: "sign-in", email: "euro@example.com", password: "europass1", redirectTo }), ip });

  it.each([
    ["/€", "/%E2%82%AC"],
    ["/café?q=ü#top", "/caf%C3%A9?q=%C3%BC#top"],
  ])("signs in with redirectTo %j: the session cookie and a UTF-8 encoded Location %j go together", async (redirectTo, location) => {
    const response = await signIn(redirectTo, `192.0.2.${redirectTo.length}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(location);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("phrasewise.session_token="))).toBe(true);
  });

  it("sends a signed-in visitor on to an encoded redirectTo, and shows the form to others", async () => {
    const cookie = cookiesFrom(await signIn("", "192.0.2.50"));
    const signedIn = await site.request("/auth?redirectTo=/%E2%82%AC", { cookie });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/%E2%82%AC");
    const visitor = await site.request("/auth?redirectTo=/caf%C3%A9");
    expect(visitor.status).toBe(200);
    expect(await visitor.text()).toContain('name="redirectTo" value="/caf%C3%A9"');
  });

  /** Spellings that normalise to `//evil.example/…` (a protocol-relative address) or leave the site another way. */
  const offSite = [
    "/.//evil.example/phish",
    "/..//evil.example/phish",
    "/%2e//evil.example/phish",
    "/%2E%2E//evil.example/phish",
    "/a/..//evil.example/phish",
    "/./\\evil.example/phish",
    "/\\evil.example/phish",
    "//evil.example/phish",
    "/\t/evil.example/phish",
    "https://evil.example/phish",
  ];

  it("sends a signed-in visitor home, not off the site, for every such redirectTo", async () => {
    const cookie = cookiesFrom(await signIn("", "192.0.2.51"));
    for (const redirectTo of offSite) {
      const response = await site.request(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("location"), redirectTo).toBe("/profile");
    }
  });

  it.each(offSite.map((redirectTo, index) => ({ redirectTo, ip: `198.18.0.${index + 1}` })))(
    "signs in with redirectTo $redirectTo and lands on the profile, not off the site",
    async ({ redirectTo, ip }) => {
      const response = await signIn(redirectTo, ip);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/profile");
    },
  );

  // (Methods Node's parser does not know, such as TRACK, get its own 400 before any code runs.)
  it.each(["TRACE", "PROPFIND"])("answers %s with 405 and Allow, never a stack trace", async (method) => {
    for (const path of ["/", "/auth", "/api/auth/get-session"]) {
      const response = await rawRequest(site.url, { method, path });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(response.body).toBe("Method Not Allowed");
    }
  });
});

describe("submissions to pages without an action", () => {
  const lines: string[] = [];
  const record = (message: string, error?: unknown) => void lines.push(error ? `${message} ${String(error)}` : message);
  let logged: TestSite;
  beforeAll(async () => {
    logged = await startTestSite({ logger: { debug: record, info: record, warn: record, error: record } });
  }, 60_000);
  afterAll(() => logged?.close());

  it("answers 405 in plain text, and writes one short log line for many of them", async () => {
    const targets = ["/", "/languages", "/_root.data", "/languages.data", "/no-such-page", "/blog/x"];
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        logged.request(targets[index % targets.length]!, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "a=1",
        }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.text()).toBe("Method Not Allowed");
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    expect(lines[0]!.length).toBeLessThan(120);
  });

  it("still lets a route with an action take its submission", async () => {
    const support = await logged.request("/support", { ...form({ intent: "nothing" }) });
    expect(support.status).not.toBe(405);
    const signOut = await logged.request("/auth/sign-out", { method: "POST" });
    expect(signOut.status).not.toBe(405);
  });
});

describe("not-found pages", () => {
  it("renders the catch-all 404 once and answers every other made-up path from the cache", async () => {
    const paths = Array.from({ length: 20 }, (_, index) => `/made/up/path/number-${index}`);
    const answers = [];
    for (const path of paths) {
      const response = await site.request(path);
      answers.push({ status: response.status, cache: response.headers.get("x-cache"), body: await response.text() });
    }
    expect(answers.map(({ status }) => status)).toEqual(paths.map(() => 404));
    expect(answers[0]!.cache).toBe("MISS");
    expect(answers.slice(1).map(({ cache }) => cache)).toEqual(paths.slice(1).map(() => "HIT"));
    for (const { body } of answers) expect(body).toContain("Oops! Page not found");
    // Its data twin is not the page.
    const data = await site.request("/made/up/path/number-0.data");
    expect(data.headers.get("content-type")).not.toContain("text/html");
  });
});

describe("the build's client files (served as in production)", () => {
  let files: TestSite;
  let clientDir: string;
  const script = "export const chunk = 1;\n".repeat(100);
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    for (const name of ["chunk-a.js", "chunk-b.js"]) {
      const file = path.join(clientDir, "assets", name);
      fs.writeFileSync(file, script);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    }
    files = await startTestSite({ clientDir });
  }, 60_000);
  afterAll(async () => {
    await files?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("sends an asset's brotli twin to a client that accepts it", async () => {
    const response = await rawRequest(files.url, { method: "GET", path: "/assets/chunk-a.js", headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
  });

  it.each(["br", "gzip", "br, gzip", "identity"])("answers a missing asset with 404 when asked with Accept-Encoding: %s", async (encoding) => {
    const response = await rawRequest(files.url, { method: "GET", path: "/assets/no-such-chunk.js", headers: { "accept-encoding": encoding } });
    expect(response.status).toBe(404);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 404, not 500, for an asset gone from disk since the start (its brotli twin too), whatever the encoding", async () => {
    fs.rmSync(path.join(clientDir, "assets", "chunk-b.js.br"));
    const response = await rawRequest(files.url, { method: "GET", path: "/assets/chunk-b.js", headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(404);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    // The site's own not-found answer (this path shape is a level's address).
    expect(response.body).toMatch(/^<!DOCTYPE html>[^]*not found/);
  });
});

/**
 * A TCP proxy between the app and PostgreSQL, so a test can cut the database off the way a network failure or a
 * stopped server would.
 */
async function startTcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket)).on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe(`a database outage (${testDriver})`, () => {
  let outage: TestSite;
  let cut: () => Promise<void> | void;
  let cleanup = async () => {};
  beforeAll(async () => {
    if (testDriver === "postgres") {
      const direct = await openTestDatabase();
      const proxy = await startTcpProxy(new URL(direct.url!));
      const through = new URL(direct.url!);
      through.host = `127.0.0.1:${proxy.port}`;
      outage = await startTestSite({ database: await openDatabase({ databaseUrl: through.toString() }, quietLogger) });
      cut = proxy.cut;
      cleanup = () => direct.close();
    } else {
      outage = await startTestSite();
      // PGlite fails only one way from the outside: closed under the running server.
      cut = () => outage.runtime.database.close();
    }
  }, 60_000);
  afterAll(async () => {
    await outage?.close();
    await cleanup();
  });

  it("tells a genuine query error from a lost database", async () => {
    const error = await outage.runtime.database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("answers database-backed pages and endpoints with 503 and Retry-After, on the site's error page", async () => {
    await cut();
    const page = await outage.request("/languages");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Please try again in a moment.");
    expect(html).not.toMatch(/\n\s+at /);

    const data = await outage.request("/languages.data");
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("30");

    const api = await outage.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "whatever1" }),
    });
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("30");
    expect(await api.text()).toBe("Service Unavailable");
  });
});
