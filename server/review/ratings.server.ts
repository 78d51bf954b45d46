import { and, desc, eq, isNull } from "drizzle-orm";
import { learnerDay } from "#common/learner-day.ts";
import type { ReviewRating } from "#common/review.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { Executor } from "#server/db/client.server.ts";
import { reviewCards, reviewLog } from "#server/db/schema.ts";
import { lockLearner } from "#server/learning/sync-lock.server.ts";
import { recordActivity, retractActivity } from "#server/review/activity.server.ts";
import { phraseInDeck } from "#server/review/deck.server.ts";
import { getLearnerSettings } from "#server/review/learner-settings.server.ts";
import { cardFromJson, newCard, rate, type StoredCard, type StoredCardJson } from "#server/review/scheduler.server.ts";

/**
 * Ratings and their undo. The server is the authority: it reads the card, schedules it and logs the rating in one
 * transaction, serialised per learner by the learner's sync lock (the one every write to their synced rows takes). A
 * rating's id is the client's, so a replay of it (a double click, an offline retry, the app's sync) is found in the
 * log and applied once.
 */

export interface RatingInput {
  reviewId: string;
  phraseId: string;
  rating: ReviewRating;
  durationMs?: number;
}

export type RatingResult =
  | { kind: "rated"; card: StoredCard; replayed: boolean }
  /** The phrase is not in this learner's deck (or the id is another learner's rating): nothing written. */
  | { kind: "not-found" };

export type UndoResult = { kind: "undone"; phraseId: string } | { kind: "not-found" } | { kind: "not-latest" };

async function readCard(tx: Executor, userId: string, phraseId: string) {
  const [row] = await tx
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.phraseId, phraseId)))
    .limit(1);
  return row ?? null;
}

function cardValues(card: StoredCard) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.lastReview,
  };
}

const serializeCard = (card: StoredCard) => JSON.stringify(cardValues(card));
const parseCard = (text: string): StoredCard => cardFromJson(JSON.parse(text) as StoredCardJson);

async function writeCard(tx: Executor, userId: string, phraseId: string, card: StoredCard, now: Date) {
  await tx
    .insert(reviewCards)
    .values({ userId, phraseId, ...cardValues(card) })
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.phraseId],
      // The sync trigger draws the new version.
      set: { ...cardValues(card), updatedAt: now },
    });
}

export async function rateCard(db: Executor, catalog: CatalogSnapshot, userId: string, input: RatingInput, at = new Date()): Promise<RatingResult> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const [logged] = await tx.select({ userId: reviewLog.userId, phraseId: reviewLog.phraseId }).from(reviewLog).where(eq(reviewLog.id, input.reviewId)).limit(1);
    if (logged) {
      if (logged.userId !== userId || logged.phraseId !== input.phraseId) return { kind: "not-found" };
      const card = await readCard(tx, userId, input.phraseId);
      return card ? { kind: "rated", card, replayed: true } : { kind: "not-found" };
    }
    const settings = await getLearnerSettings(tx, userId);
    if (!(await phraseInDeck(tx, { userId, deckIncludesCompleted: settings.deckIncludesCompleted, catalog }, input.phraseId))) {
      return { kind: "not-found" };
    }
    const stored = await readCard(tx, userId, input.phraseId);
    // A rating made offline can arrive after a later one of the same card (another device synced first): it is
    // scheduled from the card's last review, never before it.
    const now = stored?.lastReview && at < stored.lastReview ? stored.lastReview : at;
    const before = stored ?? newCard(now);
    const { card, log } = rate(before, input.rating, now);
    const day = learnerDay(now, settings.timeZone);
    // A concurrent replay of the same id waits on the lock above, then finds this row.
    await tx.insert(reviewLog).values({
      id: input.reviewId,
      userId,
      phraseId: input.phraseId,
      rating: input.rating,
      state: log.state,
      due: log.due,
      stability: log.stability,
      difficulty: log.difficulty,
      scheduledDays: log.scheduled_days,
      learningSteps: log.learning_steps,
      reviewedAt: now,
      learnerDay: day,
      durationMs: input.durationMs ?? null,
      cardBefore: serializeCard(before),
    });
    await writeCard(tx, userId, input.phraseId, card, now);
    await recordActivity(tx, userId, day, settings.goal, { reviews: 1 });
    return { kind: "rated", card, replayed: false };
  });
}

/**
 * Takes back a rating: the card returns to exactly what it was, the day's count drops, and the log row stays, marked
 * undone (the optimizer skips it). Only the card's latest rating can be undone (a later one was built on it).
 */
export async function undoRating(db: Executor, userId: string, reviewId: string, now = new Date()): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const [target] = await tx
      .select({ phraseId: reviewLog.phraseId })
      .from(reviewLog)
      .where(and(eq(reviewLog.id, reviewId), eq(reviewLog.userId, userId)))
      .limit(1);
    if (!target) return { kind: "not-found" };
    const [latest] = await tx
      .select()
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, userId), eq(reviewLog.phraseId, target.phraseId), isNull(reviewLog.undoneAt)))
      .orderBy(desc(reviewLog.reviewedAt), desc(reviewLog.createdAt))
      .limit(1);
    if (!latest || latest.id !== reviewId) {
      const [row] = await tx.select({ undoneAt: reviewLog.undoneAt }).from(reviewLog).where(eq(reviewLog.id, reviewId)).limit(1);
      // Undoing twice is a replay: it was done.
      return row?.undoneAt ? { kind: "undone", phraseId: target.phraseId } : { kind: "not-latest" };
    }
    await tx.update(reviewLog).set({ undoneAt: now }).where(eq(reviewLog.id, reviewId));
    if (latest.cardBefore) await writeCard(tx, userId, target.phraseId, parseCard(latest.cardBefore), now);
    await retractActivity(tx, userId, latest.learnerDay, { reviews: 1 });
    return { kind: "undone", phraseId: target.phraseId };
  });
}
