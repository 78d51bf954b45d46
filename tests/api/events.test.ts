import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE_PATH, createApiRouter } from "#server/api/api-router.server.ts";
import { liveEventsEndpoint } from "#server/api/endpoints/events.server.ts";
import { LIVE_CHANNEL_LIMITS, type LiveChannelLimits } from "#server/api/live-channels.server.ts";
import { CLIENT_IP_HEADER } from "#server/auth/auth.server.ts";
import { sessions } from "#server/db/schema.ts";
import { gracefulShutdown } from "#server/http/graceful-shutdown.server.ts";
import { serverTimeouts } from "#server/http/server-timeouts.server.ts";
import { form, signedSessionCookie, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { confirmedUser, signInThroughForm } from "#tests/support/site-fixtures.ts";
import { documentCheck } from "#tests/api/support/api-client.ts";
import { sessionToken } from "#tests/api/support/api-fixture.ts";
import { readEvents, type EventReader } from "#tests/api/support/event-stream.ts";

/**
 * The live channel (GET /api/v1/events) on one server: each event type reaches the channels it is for and no other,
 * the caller is who their credentials say (a bad bearer token is 401), a revoked session stops hearing its learner's
 * events, the caps hold, and shutdown ends streams cleanly without resetting another request.
 * Two servers on one PostgreSQL: events.postgres.test.ts.
 */

let site: TestSite;
let ada = "";
let bob = "";
let adminCookie = "";
const readers: EventReader[] = [];

beforeAll(async () => {
  site = await startTestSite({ trustProxy: true });
  ada = (await confirmedUser(site, "ada@example.com", "ada-pass-1")).id;
  bob = (await confirmedUser(site, "bob@example.com", "bob-pass-1")).id;
  await confirmedUser(site, "carol@example.com", "carol-pass-1", true);
  adminCookie = await signInThroughForm(site, "carol@example.com", "carol-pass-1", "198.51.100.20");
}, 120_000);
afterAll(async () => {
  for (const reader of readers) await reader.close();
  await site?.close();
});

/** Opens a channel and waits for its `ready`: from then on it hears every event. */
async function listen(init: { token?: string; cookie?: string; ip?: string } = {}, base = `${site.url}${API_BASE_PATH}`) {
  const headers = new Headers();
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.ip) headers.set("x-forwarded-for", init.ip);
  const response = await fetch(`${base}/events`, { headers });
  if (response.status !== 200) return { response, events: undefined };
  const events = readEvents(response);
  readers.push(events);
  const ready = await events.nextEvent();
  return { response, events, ready };
}

describe("GET /api/v1/events on one server", () => {
  it("answers a stream that nothing buffers or caches, documented as text/event-stream", async () => {
    const { response, ready } = await listen();
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(ready).toEqual({ event: "ready", data: { signedIn: false } });
    (await documentCheck(site)).check("get", "/events", 200, response.headers.get("content-type"), ready);
    // HEAD: the headers, and the answer ends.
    const head = await fetch(`${site.url}/api/v1/events`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type")]).toEqual([200, "text/event-stream; charset=utf-8"]);
  });

  it("tells a visitor of an admin's catalogue change and of a settings change", async () => {
    const { events } = await listen();
    const saved = await site.request("/admin/languages", {
      ...form({ intent: "create", id: "tl", name: "Tagalog", flagUrl: "/images/flags/tl.png" }),
      cookie: adminCookie,
    });
    expect(saved.status).toBe(200);
    expect(await events!.nextEvent()).toEqual({ event: "catalog.changed", data: {} });
    await site.runtime.events.publish("settings");
    expect(await events!.nextEvent()).toEqual({ event: "settings.changed", data: {} });
  });

  it("gives sync.available to that learner's channels only (bearer and cookie), never to another learner or a visitor", async () => {
    const adaApp = await listen({ token: await sessionToken(site, ada) });
    const adaCookie = await signInThroughForm(site, "ada@example.com", "ada-pass-1", "198.51.100.21");
    const adaWebsite = await listen({ cookie: adaCookie });
    const bobApp = await listen({ token: await sessionToken(site, bob) });
    const visitor = await listen();
    expect([adaApp.ready, adaWebsite.ready, bobApp.ready, visitor.ready].map((r) => r?.data)).toEqual([
      { signedIn: true },
      { signedIn: true },
      { signedIn: true },
      { signedIn: false },
    ]);

    await site.runtime.events.publishLearner(ada, { type: "sync.available", deviceId: "phone-1" });
    expect(await adaApp.events!.nextEvent()).toEqual({ event: "sync.available", data: { deviceId: "phone-1" } });
    expect(await adaWebsite.events!.nextEvent()).toEqual({ event: "sync.available", data: { deviceId: "phone-1" } });
    // Events on one channel arrive in order: the next one Bob and the visitor get is the later public event.
    await site.runtime.events.publish("catalog");
    expect(await bobApp.events!.nextEvent()).toEqual({ event: "catalog.changed", data: {} });
    expect(await visitor.events!.nextEvent()).toEqual({ event: "catalog.changed", data: {} });
  });

  it("refuses a bad bearer token with 401, and treats a stale cookie as a visitor", async () => {
    const forged = await listen({ token: "not-a-token" });
    expect(forged.response.status).toBe(401);
    expect(forged.response.headers.get("content-type")).toContain("application/problem+json");
    (await documentCheck(site)).check("get", "/events", 401, forged.response.headers.get("content-type"), await forged.response.json());
    const stale = await listen({ cookie: signedSessionCookie("no-such-session") });
    expect(stale.ready?.data).toEqual({ signedIn: false });
  });

  it("ends a learner's channel instead of delivering, once its session is signed out or revoked", async () => {
    const token = await sessionToken(site, ada);
    const signedOut = await listen({ token });
    const revokedToken = await sessionToken(site, ada);
    const revoked = await listen({ token: revokedToken });
    expect((await site.request("/api/v1/auth/sign-out", { method: "POST", headers: { authorization: `Bearer ${token}` } })).status).toBe(204);
    const [revokedRow] = await site.runtime.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token, revokedToken.slice(0, revokedToken.lastIndexOf("."))));
    await site.runtime.database.db.delete(sessions).where(eq(sessions.id, revokedRow!.id));

    await site.runtime.events.publishLearner(ada, { type: "sync.available" });
    // ended() fails on any message before the end, a sync.available included.
    await expect(signedOut.events!.next()).rejects.toThrow("The stream ended");
    await expect(revoked.events!.next()).rejects.toThrow("The stream ended");
    expect((await listen({ token })).response.status).toBe(401);
  });
});

/**
 * The same operation with small caps and short timings, served as server/main.ts serves it: behind `compression`,
 * with the graceful shutdown, on a real socket, with the test site's runtime (database, event bus).
 */
async function productionLikeServer(limits: Partial<LiveChannelLimits>) {
  const app = express();
  app.set("trust proxy", 1);
  app.use(compression());
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "unknown";
    next();
  });
  let slowStarted!: () => void;
  const slowRequestStarted = new Promise<void>((resolve) => (slowStarted = resolve));
  let finishSlow!: () => void;
  const slowMayFinish = new Promise<void>((resolve) => (finishSlow = resolve));
  app.get("/slow", async (_req, res) => {
    slowStarted();
    await slowMayFinish;
    res.send("slow answer");
  });
  app.use(API_BASE_PATH, createApiRouter(site.runtime, [liveEventsEndpoint({ ...LIVE_CHANNEL_LIMITS, ...limits })]));
  const server = http.createServer(serverTimeouts, app);
  const stopper = gracefulShutdown(server, { graceMs: 10_000, idleGraceMs: 100 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, base: `${url}${API_BASE_PATH}`, stopper, slowRequestStarted, finishSlow };
}

describe("the live channel as production serves it", () => {
  let server: Awaited<ReturnType<typeof productionLikeServer>>;
  beforeAll(async () => {
    server = await productionLikeServer({ perClient: 2, total: 3, heartbeatMs: 50, maxLifetimeMs: 60_000 });
  });
  afterAll(async () => {
    if (!server.stopper.closing) await server.stopper.close();
  });

  it("delivers each event at once through compression, and a heartbeat comment between events", async () => {
    const { events } = await listen({ ip: "192.0.2.1" }, server.base);
    await site.runtime.events.publish("catalog");
    expect(await events!.nextEvent(1_000)).toEqual({ event: "catalog.changed", data: {} });
    let message = await events!.next(1_000);
    while (message.event) message = await events!.next(1_000);
    expect(message).toEqual({ comment: "heartbeat" });
    await events!.close();
  });

  it("holds at most perClient channels per address (429) and total per server (503), and frees a place on hang-up", async () => {
    const first = await listen({ ip: "192.0.2.10" }, server.base);
    const second = await listen({ ip: "192.0.2.10" }, server.base);
    const tooMany = await listen({ ip: "192.0.2.10" }, server.base);
    expect(tooMany.response.status).toBe(429);
    expect(tooMany.response.headers.get("retry-after")).toBe("10");
    (await documentCheck(site)).check("get", "/events", 429, tooMany.response.headers.get("content-type"), await tooMany.response.json());

    const third = await listen({ ip: "192.0.2.11" }, server.base);
    const full = await listen({ ip: "192.0.2.12" }, server.base);
    expect(full.response.status).toBe(503);
    (await documentCheck(site)).check("get", "/events", 503, full.response.headers.get("content-type"), await full.response.json());

    await first.events!.close();
    await expect.poll(async () => (await listen({ ip: "192.0.2.12" }, server.base)).response.status).toBe(200);
    for (const channel of [second, third]) await channel.events!.close();
  });

  it("ends a channel cleanly after its lifetime", async () => {
    const short = await productionLikeServer({ maxLifetimeMs: 200 });
    try {
      const { events } = await listen({}, short.base);
      expect(await events!.ended(2_000)).toBe(true);
    } finally {
      await short.stopper.close();
    }
  });

  it("ends streams cleanly on shutdown, still answers a request in flight, and stops well before the grace period", async () => {
    const stopping = await productionLikeServer({});
    const one = await listen({ ip: "192.0.2.30" }, stopping.base);
    const two = await listen({ ip: "192.0.2.31" }, stopping.base);
    const slow = fetch(`${stopping.url}/slow`).then(async (response) => ({ status: response.status, text: await response.text() }));
    await stopping.slowRequestStarted;

    const started = Date.now();
    const closed = stopping.stopper.close();
    // A clean end of the body, not a reset (a reset rejects the read with another error).
    expect(await one.events!.ended(2_000)).toBe(true);
    expect(await two.events!.ended(2_000)).toBe(true);
    stopping.finishSlow();
    expect(await slow).toEqual({ status: 200, text: "slow answer" });
    await closed;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
