import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { cached } from "#server/events/cached.server.ts";
import { createPostgresEventBus, type EventBus, type Topic } from "#server/events/event-bus.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { openTestDatabase, quietLogger } from "#tests/support/database.ts";
import { startHangingProxy, type HangingProxy } from "#tests/support/hanging-proxy.ts";

/** Short enough that a hang is noticed within a second; production's are in event-bus.server.ts. */
const timings = { timeoutMs: 300, heartbeatMs: 100, reconnectDelaysMs: [20, 40, 80] };

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const detail = (error: unknown) => (error instanceof Error ? `: ${error.message}` : "");
  return {
    lines,
    debug: (message) => lines.push(`debug ${message}`),
    info: (message) => lines.push(`info ${message}`),
    warn: (message, error) => lines.push(`warn ${message}${detail(error)}`),
    error: (message, error) => lines.push(`error ${message}${detail(error)}`),
  };
}

// The subject is the LISTEN connection to a PostgreSQL server: the embedded database has no connection that could
// hang. As a *.postgres.test.ts file it runs in the suite's PostgreSQL step (TEST_DB=postgres, vitest.config.ts).
describe("event listener after a database hang (PostgreSQL)", () => {
  let handle: DatabaseHandle & { url?: string };
  let proxy: HangingProxy;
  const buses: EventBus[] = [];
  beforeAll(async () => {
    handle = await openTestDatabase("postgres");
  });
  beforeEach(async () => {
    const server = new URL(handle.url!);
    proxy = await startHangingProxy({ host: server.hostname, port: Number(server.port || 5432) });
  });
  afterEach(async () => {
    proxy.recover();
    for (const bus of buses.splice(0)) await bus.close();
    await proxy.close();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each([
    ["goes silent", (proxy: HangingProxy) => proxy.hang()],
    // Noticed at once, but the reconnect attempts meet a server that accepts and says nothing.
    ["is cut, then accepts but stays silent", (proxy: HangingProxy) => {
      proxy.hang();
      proxy.cut();
    }],
  ])("when the database %s, reconnects once it answers again, drops the caches that may have missed an event, and hears new events", async (_, fail) => {
    const serverA = await createPostgresEventBus(handle.url!, handle.db, quietLogger);
    buses.push(serverA);
    const throughProxy = new URL(handle.url!);
    throughProxy.host = proxy.address;
    const log = recordingLogger();
    const serverB = await createPostgresEventBus(throughProxy.toString(), handle.db, log, timings);
    buses.push(serverB);

    const topics: Topic[] = ["settings", "catalog", "blog"];
    const loads: Record<Topic, number> = { settings: 0, catalog: 0, blog: 0 };
    const caches = topics.map((topic) => cached(async () => ++loads[topic], serverB, [topic]));
    const values = () => Promise.all(caches.map((cache) => cache.get()));
    expect(await values()).toEqual([1, 1, 1]);

    const acceptedAtHang = proxy.accepted();
    fail(proxy);
    // Lost: the listener's connection says nothing until it is dropped.
    await serverA.publish("catalog");
    // The loss is noticed (a silent idle connection by its heartbeat), and reconnecting goes on through attempts
    // that time out...
    await vi.waitFor(() => expect(proxy.accepted()).toBeGreaterThanOrEqual(acceptedAtHang + 3), { timeout: 10_000 });
    // ...with one line for the loss, not one per attempt; meanwhile the caches keep serving what they have.
    expect(log.lines).toEqual([expect.stringMatching(/^warn Event listener connection lost/)]);
    expect(await values()).toEqual([1, 1, 1]);

    proxy.recover();
    // Every cache is dropped once the listener is back, as any of them may have missed an event.
    await vi.waitFor(async () => expect(await values()).toEqual([2, 2, 2]), { timeout: 10_000 });
    expect(log.lines).toEqual([
      expect.stringMatching(/^warn Event listener connection lost/),
      expect.stringMatching(/^info Event listener reconnected/),
    ]);

    const heard = vi.fn();
    serverB.subscribe("blog", heard);
    await serverA.publish("blog");
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(await values()).toEqual([2, 2, 3]);
  });

  it("closes while the database hangs, connected or reconnecting", async () => {
    const throughProxy = new URL(handle.url!);
    throughProxy.host = proxy.address;
    const connected = await createPostgresEventBus(throughProxy.toString(), handle.db, quietLogger, timings);
    const reconnecting = await createPostgresEventBus(throughProxy.toString(), handle.db, quietLogger, timings);
    const acceptedAtHang = proxy.accepted();
    proxy.hang();
    // A hung server never answers the goodbye, so closing cannot wait for it.
    await expect(connected.close()).resolves.toBeUndefined();
    proxy.cut();
    await vi.waitFor(() => expect(proxy.accepted()).toBeGreaterThan(acceptedAtHang), { timeout: 5000 });
    await expect(reconnecting.close()).resolves.toBeUndefined();
  });
});
