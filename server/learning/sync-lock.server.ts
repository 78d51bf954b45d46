import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";

/**
 * Holds the learner's sync lock until the transaction ends (one of 1,024 that learners share, so a transaction that
 * reaches many learners' rows holds a bounded number). The sync trigger (migration 0011) takes the same lock
 * before it draws a version for any of the learner's synced rows, so one learner's writes commit one after another in
 * the order of their versions; a service takes it first when it must read before it writes (a rating reads the card,
 * a push reads its log), and a second writer waits here rather than in the middle of its work.
 */
export async function lockLearner(tx: Executor, userId: string) {
  await tx.execute(sql`select sync_lock_learner(${userId})`);
}
