import { isIPv6 } from "node:net";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";
import { rateLimits } from "#server/db/schema.ts";

export interface RateLimitRule {
  /** What is limited, such as "support" or "sign-in". */
  bucket: string;
  /** Who is limited within the bucket, such as a client address (see clientAddressKey) or an email address. */
  key: string;
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends and attempts are allowed again; 0 when allowed. */
  retryAfterSeconds: number;
}

/** One call in this many also deletes the rows whose window has ended, so the table stays small. */
const PRUNE_EVERY = 50;

/**
 * Counts one attempt and says whether it is within the limit. A fixed window starts at the first attempt and lasts
 * windowMs; attempts over the limit are refused until it ends (they do not extend it).
 *
 * One INSERT … ON CONFLICT DO UPDATE … RETURNING does the read, the reset of an ended window and the increment, and
 * PostgreSQL serialises concurrent upserts of one row, so simultaneous requests, also on several app servers sharing
 * one database, never let more than `limit` through. Time comes from the database clock, so the app servers' clocks
 * do not have to agree.
 */
export async function consumeRateLimit(db: Executor, rule: RateLimitRule): Promise<RateLimitResult> {
  const { bucket, key, limit, windowMs } = rule;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer");
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError("windowMs must be positive");

  const windowEnd = sql`now() + ${windowMs}::double precision * interval '1 millisecond'`;
  const ended = sql`${rateLimits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        // Capped one over the limit: enough to refuse, and no overflow however long an attack lasts.
        count: sql`case when ${ended} then 1 else least(${rateLimits.count} + 1, ${limit + 1}::integer) end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      secondsLeft: sql<number>`greatest(ceil(extract(epoch from (${rateLimits.resetAt} - now()))), 1)::integer`,
    });
  if (!row) throw new Error("The rate limit upsert returned no row");

  if (Math.random() < 1 / PRUNE_EVERY) await pruneExpiredRateLimits(db);

  const allowed = row.count <= limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : row.secondsLeft };
}

/**
 * Takes back one attempt counted by consumeRateLimit in the current window, for limits that count only failures: the
 * attempt is counted before it is made (so concurrent attempts can never exceed the limit) and given back when it
 * succeeds.
 */
export async function refundRateLimit(db: Executor, { bucket, key }: Pick<RateLimitRule, "bucket" | "key">): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`), gt(rateLimits.count, 0)));
}

/** Deletes the counters whose window has ended (they count as empty anyway). Returns how many went. */
export async function pruneExpiredRateLimits(db: Executor): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * The rate-limit key for a client address: an IPv4 address as is (also when written IPv4-mapped, ::ffff:1.2.3.4);
 * an IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could rotate through it.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const withoutZone = address.split("%")[0] ?? address;
  if (!isIPv6(withoutZone)) return address;
  const groups = (part: string | undefined) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const [head, tail] = withoutZone.split("::");
  const headGroups = groups(head);
  const tailGroups = groups(tail);
  const all =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
