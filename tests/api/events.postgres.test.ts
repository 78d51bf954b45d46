import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.server.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";
import { confirmedUser, signInThroughForm } from "#tests/support/site-fixtures.ts";
import { sessionToken } from "#tests/api/support/api-fixture.ts";
import { readEvents, type EventReader } from "#tests/api/support/event-stream.ts";

/**
 * The live channel across app servers: two sites on one PostgreSQL, each with its own event bus (LISTEN/NOTIFY), as two
 * app servers behind a load balancer. As a *.postgres.test.ts file it runs in the suite's PostgreSQL step.
 */

let a: TestSite;
let b: TestSite;
let ada = "";
let bob = "";
let adminCookie = "";
const readers: EventReader[] = [];

beforeAll(async () => {
  const database = await openTestDatabase("postgres");
  a = await startTestSite({ trustProxy: true, database });
  // Server B's own pool on the same database; dropping the database is server A's (closed last).
  b = await startTestSite({ trustProxy: true, database: await openDatabase({ databaseUrl: database.url! }, quietLogger) });
  ada = (await confirmedUser(a, "ada@example.com", "ada-pass-1")).id;
  bob = (await confirmedUser(a, "bob@example.com", "bob-pass-1")).id;
  await confirmedUser(a, "carol@example.com", "carol-pass-1", true);
  adminCookie = await signInThroughForm(a, "carol@example.com", "carol-pass-1", "198.51.100.40");
}, 120_000);
afterAll(async () => {
  for (const reader of readers) await reader.close();
  await b?.close();
  await a?.close();
});

async function listen(site: TestSite, token?: string) {
  const response = await site.request("/api/v1/events", token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(response.status).toBe(200);
  const events = readEvents(response);
  readers.push(events);
  expect((await events.nextEvent()).event).toBe("ready");
  return events;
}

describe("the live channel across two app servers on one PostgreSQL", () => {
  it("brings an admin's change through server A to a subscriber on server B within 1 s", async () => {
    const onB = await listen(b);
    const started = performance.now();
    const saved = await a.request("/admin/languages", { ...form({ intent: "create", id: "tl", name: "Tagalog", flagUrl: "/images/flags/tl.png" }), cookie: adminCookie });
    expect(saved.status).toBe(200);
    expect(await onB.nextEvent(1_000)).toEqual({ event: "catalog.changed", data: {} });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("brings a learner's sync.available to that learner's channels on both servers, and to no other learner", async () => {
    const adaOnB = await listen(b, await sessionToken(b, ada));
    const adaOnA = await listen(a, await sessionToken(a, ada));
    const bobOnB = await listen(b, await sessionToken(b, bob));
    const bobOnA = await listen(a, await sessionToken(a, bob));
    const visitorOnB = await listen(b);

    await a.runtime.events.publishLearner(ada, { type: "sync.available", deviceId: "tablet" });
    expect(await adaOnB.nextEvent(1_000)).toEqual({ event: "sync.available", data: { deviceId: "tablet" } });
    expect(await adaOnA.nextEvent(1_000)).toEqual({ event: "sync.available", data: { deviceId: "tablet" } });
    // A later public event, published on B: what the others hear next is that, so Ada's event never reached them
    // (one connection delivers in order; NOTIFY delivers one server's notifications in commit order).
    await b.runtime.events.publish("settings");
    for (const other of [bobOnB, bobOnA, visitorOnB]) expect(await other.nextEvent(1_000)).toEqual({ event: "settings.changed", data: {} });
    expect(await adaOnA.nextEvent(1_000)).toEqual({ event: "settings.changed", data: {} });
  });
});
