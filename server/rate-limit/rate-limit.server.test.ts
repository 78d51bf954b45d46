import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server.ts";
import { rateLimits } from "#server/db/schema.ts";
import {
  clientAddressKey,
  consumeRateLimit,
  pruneExpiredRateLimits,
  refundRateLimit,
  type RateLimitRule,
} from "#server/rate-limit/rate-limit.server.ts";
import { openTestDatabase, quietLogger, testDriver } from "#tests/support/database.ts";

let handle: DatabaseHandle & { url?: string };
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(rateLimits);
});

const rule = (overrides: Partial<RateLimitRule> = {}): RateLimitRule => ({
  bucket: "test",
  key: "1.2.3.4",
  limit: 3,
  windowMs: 60_000,
  ...overrides,
});

/** Moves a counter's window end into the past, as if the window had run out. */
async function endWindow(bucket: string, key: string) {
  await handle.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key)));
}

describe("consumeRateLimit", () => {
  it("allows `limit` attempts per window, then refuses with the seconds left", async () => {
    for (let i = 0; i < 3; i++) {
      expect(await consumeRateLimit(handle.db, rule())).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    const refused = await consumeRateLimit(handle.db, rule());
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("rounds a sub-second window up to one second to wait", async () => {
    await consumeRateLimit(handle.db, rule({ limit: 1, windowMs: 900 }));
    expect(await consumeRateLimit(handle.db, rule({ limit: 1, windowMs: 900 }))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it("keeps buckets and keys apart", async () => {
    await consumeRateLimit(handle.db, rule({ limit: 1 }));
    expect((await consumeRateLimit(handle.db, rule({ limit: 1 }))).allowed).toBe(false);
    expect((await consumeRateLimit(handle.db, rule({ limit: 1, key: "5.6.7.8" }))).allowed).toBe(true);
    expect((await consumeRateLimit(handle.db, rule({ limit: 1, bucket: "sign-in" }))).allowed).toBe(true);
  });

  it("starts a new window once the old one has ended, and refused attempts do not extend it", async () => {
    for (let i = 0; i < 5; i++) await consumeRateLimit(handle.db, rule());
    const [before] = await handle.db.select().from(rateLimits);
    expect(before?.count).toBe(4); // capped one over the limit
    await endWindow("test", "1.2.3.4");
    expect(await consumeRateLimit(handle.db, rule())).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const [after] = await handle.db.select().from(rateLimits);
    expect(after?.count).toBe(1);
    expect(after!.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("works with a short real window (sign-in: 4 attempts per 10 s, here 4 per 800 ms)", async () => {
    const signIn = rule({ bucket: "sign-in", key: "ana@example.com", limit: 4, windowMs: 800 });
    for (let i = 0; i < 4; i++) expect((await consumeRateLimit(handle.db, signIn)).allowed).toBe(true);
    expect((await consumeRateLimit(handle.db, signIn)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect((await consumeRateLimit(handle.db, signIn)).allowed).toBe(true);
  });

  it("lets exactly `limit` of many simultaneous attempts through", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => consumeRateLimit(handle.db, rule({ limit: 7 }))));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
  });

  it(`agrees across app servers sharing one database (${testDriver})`, async () => {
    // On PostgreSQL a second pool stands for a second app server; PGlite only ever has one process.
    const second = handle.url ? await openDatabase({ databaseUrl: handle.url }, quietLogger) : handle;
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => consumeRateLimit((i % 2 ? second : handle).db, rule({ limit: 10 }))),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    } finally {
      if (second !== handle) await second.close();
    }
  });

  it("refuses nonsense limits", async () => {
    await expect(consumeRateLimit(handle.db, rule({ limit: 0 }))).rejects.toThrow(RangeError);
    await expect(consumeRateLimit(handle.db, rule({ windowMs: 0 }))).rejects.toThrow(RangeError);
  });
});

describe("refundRateLimit", () => {
  it("gives back one attempt of the current window, never below zero, and leaves an ended window alone", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(handle.db, rule());
    await refundRateLimit(handle.db, rule());
    expect((await consumeRateLimit(handle.db, rule())).allowed).toBe(true);
    expect((await consumeRateLimit(handle.db, rule())).allowed).toBe(false);

    await handle.db.delete(rateLimits);
    await consumeRateLimit(handle.db, rule());
    for (let i = 0; i < 3; i++) await refundRateLimit(handle.db, rule());
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(handle.db, rule())).allowed).toBe(true);
    expect((await consumeRateLimit(handle.db, rule())).allowed).toBe(false);

    await endWindow("test", "1.2.3.4");
    await refundRateLimit(handle.db, rule());
    const [row] = await handle.db.select({ count: rateLimits.count }).from(rateLimits);
    expect(row?.count).toBe(4);
  });
});

describe("pruneExpiredRateLimits", () => {
  it("deletes only the counters whose window has ended", async () => {
    await consumeRateLimit(handle.db, rule({ key: "old" }));
    await consumeRateLimit(handle.db, rule({ key: "current" }));
    await endWindow("test", "old");
    expect(await pruneExpiredRateLimits(handle.db)).toBe(1);
    expect((await handle.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)).toEqual(["current"]);
  });

  it("happens now and then during consumes, so ended counters do not pile up", async () => {
    await handle.db.insert(rateLimits).values(
      Array.from({ length: 20 }, (_, i) => ({ bucket: "test", key: `gone-${i}`, count: 1, resetAt: new Date(Date.now() - 60_000) })),
    );
    for (let i = 0; i < 1000 && (await handle.db.$count(rateLimits)) > 1; i++) {
      await consumeRateLimit(handle.db, rule({ key: "active", limit: 1000 }));
    }
    expect(await handle.db.$count(rateLimits)).toBe(1);
  });
});

describe("clientAddressKey", () => {
  it("uses an IPv4 address as is, also when IPv4-mapped", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    expect(clientAddressKey("2001:db8:85a3:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:85a3:1::/64");
    expect(clientAddressKey("2001:DB8:85A3:0001::1")).toBe("2001:db8:85a3:1::/64");
    expect(clientAddressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("leaves anything else alone", () => {
    expect(clientAddressKey("unknown")).toBe("unknown");
  });
});
