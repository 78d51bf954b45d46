import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { usernameSchema } from "#common/account-schema.ts";
import { isTimeZone } from "#common/learner-day.ts";
import { GOAL_KINDS, GOAL_TARGET_MAX, GOAL_TARGET_MIN, type ReviewRating } from "#common/review.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { openLesson } from "#server/catalog/public-catalog.server.ts";
import type { Database, Executor } from "#server/db/client.server.ts";
import { syncPushes } from "#server/db/schema.ts";
import { addFavorite, phraseIsOpen, removeFavoriteByPhrase, setLessonCompleted, updateUsername } from "#server/learning/learning.server.ts";
import { lockLearner } from "#server/learning/sync-lock.server.ts";
import { updateLearnerSettings } from "#server/review/learner-settings.server.ts";
import { rateCard, undoRating } from "#server/review/ratings.server.ts";

/**
 * A push: the changes a device made since its last pull, applied in one transaction through the same services (and
 * the same checks) as the website's forms, in the order given. Each change says what the learner did ("favourite
 * this", "complete that", "rated this card Good"), not what a row should become, so applying it again changes
 * nothing, and the server computes what follows (the card's schedule, the day's count).
 *
 * A push is applied once: its id and its answer are kept (per learner), so a device retrying after a lost answer gets
 * the same answer and nothing twice. A push with a change the learner may not make (a locked or unknown phrase, an
 * undo that is not the card's latest rating) is refused whole: no row changes.
 */

export const MAX_PUSH_CHANGES = 500;
/** How long a push's answer is kept for its replays. */
export const PUSH_REPLAY_DAYS = 30;
/** How far back an offline rating may be dated; older ones count as made when they arrive. */
export const REVIEW_BACKDATE_DAYS = 7;

const id = z.uuid();
const slug = z.string().min(1).max(100);

export const syncChangeSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("favorite.add"), phraseId: id }).meta({ id: "SyncFavoriteAdd", description: "Save a phrase as a favourite (it joins the review deck)." }),
    z.object({ type: z.literal("favorite.remove"), phraseId: id }).meta({ id: "SyncFavoriteRemove", description: "Take a favourite back." }),
    z
      .object({ type: z.literal("progress.set"), languageId: slug, levelId: slug, lessonId: slug, completed: z.boolean() })
      .meta({ id: "SyncProgressSet", description: "Mark a lesson completed, or not completed (its progress row goes)." }),
    z.object({ type: z.literal("profile.set"), username: usernameSchema }).meta({ id: "SyncProfileSet", description: "Change the username." }),
    z
      .object({
        type: z.literal("settings.set"),
        timeZone: z.string().max(64).refine(isTimeZone, "Unknown time zone").optional(),
        goal: z.object({ kind: z.enum(GOAL_KINDS), target: z.number().int().min(GOAL_TARGET_MIN).max(GOAL_TARGET_MAX) }).optional(),
        deckIncludesCompleted: z.boolean().optional(),
      })
      .meta({ id: "SyncSettingsSet", description: "Change the fields given of the learner's settings; the others stay." }),
    z
      .object({
        type: z.literal("review.rate"),
        reviewId: id.meta({ description: "Made by the device (a UUID); a rating already applied is not applied again." }),
        phraseId: id,
        rating: z.number().int().min(1).max(4).meta({ description: "1 Again, 2 Hard, 3 Good, 4 Easy." }),
        durationMs: z.number().int().min(0).max(3_600_000).optional(),
        reviewedAt: z.iso
          .datetime({ offset: true })
          .optional()
          .meta({ description: `When the learner rated (offline); counted at most ${REVIEW_BACKDATE_DAYS} days back, never in the future.` }),
      })
      .meta({ id: "SyncReviewRate", description: "A rating; the server schedules the card." }),
    z.object({ type: z.literal("review.undo"), reviewId: id }).meta({ id: "SyncReviewUndo", description: "Take back a card's latest rating." }),
  ])
  .meta({ id: "SyncChange" });

export type SyncChange = z.infer<typeof syncChangeSchema>;

export interface PushInput {
  pushId: string;
  deviceId: string;
  changes: SyncChange[];
}

export interface PushResult {
  pushId: string;
  /** How many changes the push held. */
  applied: number;
}

/** A push the server will not apply (nothing of it was): the change at `index` and why, or the push as a whole. */
export class PushRefused extends Error {
  readonly index: number | null;
  readonly conflict: boolean;
  constructor(index: number | null, message: string, conflict = false) {
    super(message);
    this.index = index;
    this.conflict = conflict;
  }
}

const hashOf = (changes: SyncChange[]) => createHash("sha256").update(JSON.stringify(changes)).digest("base64url");

async function applyChange(tx: Executor, catalog: CatalogSnapshot, userId: string, change: SyncChange, index: number, now: Date) {
  switch (change.type) {
    case "favorite.add":
      if (!(await phraseIsOpen(tx, catalog, change.phraseId))) throw new PushRefused(index, "There is no open phrase with this id.");
      await addFavorite(tx, userId, change.phraseId);
      return;
    case "favorite.remove":
      await removeFavoriteByPhrase(tx, userId, change.phraseId);
      return;
    case "progress.set": {
      const { languageId, levelId, lessonId } = change;
      if (openLesson(catalog, languageId, levelId, lessonId).kind !== "open") throw new PushRefused(index, "There is no open lesson with this id.");
      await setLessonCompleted(tx, userId, { languageId, levelId, lessonId }, change.completed, now);
      return;
    }
    case "profile.set":
      await updateUsername(tx, userId, change.username);
      return;
    case "settings.set": {
      const { timeZone, goal, deckIncludesCompleted } = change;
      if (timeZone === undefined && goal === undefined && deckIncludesCompleted === undefined) return;
      await updateLearnerSettings(tx, userId, { timeZone, goal, deckIncludesCompleted }, now);
      return;
    }
    case "review.rate": {
      const earliest = now.getTime() - REVIEW_BACKDATE_DAYS * 86_400_000;
      const at = change.reviewedAt ? new Date(Math.min(now.getTime(), Math.max(earliest, Date.parse(change.reviewedAt)))) : now;
      const input = { reviewId: change.reviewId, phraseId: change.phraseId, rating: change.rating as ReviewRating, durationMs: change.durationMs };
      const result = await rateCard(tx, catalog, userId, input, at);
      if (result.kind === "not-found") throw new PushRefused(index, "This phrase is not in the learner's review deck, or the review id is taken.");
      return;
    }
    case "review.undo": {
      const result = await undoRating(tx, userId, change.reviewId, now);
      if (result.kind === "not-found") throw new PushRefused(index, "There is no rating of the learner's with this id.");
      if (result.kind === "not-latest") throw new PushRefused(index, "Only a card's latest rating can be undone.", true);
      return;
    }
  }
}

/**
 * Applies a push once. A replay (same id, same changes) answers what the first did and writes nothing; the same id
 * with other changes is refused. Two replays racing wait on the learner's lock, and the second finds the first's row.
 */
export async function pushChanges(
  db: Database,
  catalog: CatalogSnapshot,
  userId: string,
  push: PushInput,
  now = new Date(),
): Promise<{ result: PushResult; replayed: boolean }> {
  const changesHash = hashOf(push.changes);
  return db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const [done] = await tx
      .select({ changesHash: syncPushes.changesHash, result: syncPushes.result })
      .from(syncPushes)
      .where(and(eq(syncPushes.userId, userId), eq(syncPushes.pushId, push.pushId)))
      .limit(1);
    if (done) {
      if (done.changesHash !== changesHash) throw new PushRefused(null, "This push id was used for other changes: give each push an id of its own.", true);
      return { result: JSON.parse(done.result) as PushResult, replayed: true };
    }
    for (const [index, change] of push.changes.entries()) await applyChange(tx, catalog, userId, change, index, now);
    const result: PushResult = { pushId: push.pushId, applied: push.changes.length };
    await tx.insert(syncPushes).values({ userId, pushId: push.pushId, deviceId: push.deviceId, changesHash, result: JSON.stringify(result), createdAt: now });
    // The learner's own old pushes go as they make new ones: no sweeper needed, and the table stays small.
    await tx
      .delete(syncPushes)
      .where(and(eq(syncPushes.userId, userId), lt(syncPushes.createdAt, new Date(now.getTime() - PUSH_REPLAY_DAYS * 86_400_000))));
    return { result, replayed: false };
  });
}
