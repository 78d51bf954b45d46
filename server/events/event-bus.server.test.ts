import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { cached } from "#server/events/cached.server.ts";
import { createLocalEventBus, createPostgresEventBus, type EventBus } from "#server/events/event-bus.server.ts";
import { openTestDatabase, quietLogger, testDriver } from "#tests/support/database.ts";

describe("cached values", () => {
  it("loads once, then again only after an event on its topic", async () => {
    const bus = createLocalEventBus();
    let loads = 0;
    const value = cached(async () => ++loads, bus, ["settings"]);
    expect(await value.get()).toBe(1);
    expect(await value.get()).toBe(1);
    await bus.publish("catalog");
    expect(await value.get()).toBe(1);
    await bus.publish("settings");
    expect(await value.get()).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const bus = createLocalEventBus();
    let attempt = 0;
    const value = cached(async () => {
      attempt++;
      if (attempt === 1) throw new Error("database down");
      return "ok";
    }, bus, ["settings"]);
    await expect(value.get()).rejects.toThrow("database down");
    expect(await value.get()).toBe("ok");
  });
});

describe(`event bus across processes (${testDriver})`, () => {
  let handle: DatabaseHandle;
  const buses: EventBus[] = [];
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await handle.close();
  });
  /** Two app servers' buses on one database. With PGlite only one process can exist, so both are the same bus. */
  const twoServers = async () => {
    const connect = async () => {
      const bus = handle.connectionString ? await createPostgresEventBus(handle.connectionString, handle.db, quietLogger) : createLocalEventBus();
      buses.push(bus);
      return bus;
    };
    const serverA = await connect();
    return { serverA, serverB: handle.connectionString ? await connect() : serverA };
  };

  it("delivers a published topic to every subscriber of every server", async () => {
    const { serverA, serverB } = await twoServers();
    const received = vi.fn();
    serverB.subscribe("catalog", received);
    await serverA.publish("catalog");
    await vi.waitFor(() => expect(received).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it("invalidates the publisher's own caches before publish returns, and only once", async () => {
    const { serverA, serverB } = await twoServers();
    const own = vi.fn();
    const other = vi.fn();
    serverA.subscribe("blog", own);
    serverB.subscribe("blog", other);
    let loads = 0;
    const value = cached(async () => ++loads, serverA, ["blog"]);
    expect(await value.get()).toBe(1);
    // No wait: a request right after the publisher's commit must not read the old value (on PostgreSQL the NOTIFY
    // reaches the publisher's own listener some time later, before or after publish returns: hence a few rounds).
    const rounds = 20;
    for (let round = 1; round <= rounds; round++) {
      await serverA.publish("blog");
      expect(own).toHaveBeenCalledTimes(round);
      expect(await value.get()).toBe(round + 1);
    }
    await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(rounds), { timeout: 5000 });
    // The notification that reached the other server came back to the publisher too, and was skipped there. A
    // second publish from the other server is the marker that every earlier notification has been handled.
    await serverB.publish("blog");
    await vi.waitFor(() => expect(own).toHaveBeenCalledTimes(rounds + 1), { timeout: 5000 });
    expect(await value.get()).toBe(rounds + 2);
  });

  it("delivers a learner's event to that learner's subscribers only, on every server", async () => {
    const { serverA, serverB } = await twoServers();
    const ada = vi.fn();
    const bob = vi.fn();
    const stopAda = serverB.subscribeLearner("ada", ada);
    serverB.subscribeLearner("bob", bob);
    await serverA.publishLearner("ada", { type: "sync.available", deviceId: "phone-1" });
    await vi.waitFor(() => expect(ada).toHaveBeenCalledWith({ type: "sync.available", deviceId: "phone-1" }), { timeout: 5000 });
    // Bob's marker event arrives after Ada's (one channel, in order): by then Bob has received nothing else.
    await serverA.publishLearner("bob", { type: "sync.available" });
    await vi.waitFor(() => expect(bob).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(bob).toHaveBeenCalledWith({ type: "sync.available" });
    expect(ada).toHaveBeenCalledTimes(1);
    stopAda();
    await serverA.publishLearner("ada", { type: "sync.available" });
    await serverA.publishLearner("bob", { type: "sync.available" });
    await vi.waitFor(() => expect(bob).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(ada).toHaveBeenCalledTimes(1);
  });
});
