import { learnerDay } from "#common/learner-day.ts";
import type { ReviewQueue, ReviewRating } from "#common/review.ts";
import type { TodayGoal } from "#common/review-session.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { Database, DatabaseHandle } from "#server/db/client.server.ts";
import { streakSummary } from "#server/review/activity.server.ts";
import { reviewQueue } from "#server/review/deck.server.ts";
import { adoptBrowserTimeZone, getLearnerSettings } from "#server/review/learner-settings.server.ts";
import { rateCard, type RatingInput, type RatingResult } from "#server/review/ratings.server.ts";

/**
 * What the /review page reads and writes, over the review services: the queue on the learner's own day, and a
 * rating that first adopts the browser's time zone, so the learner's very first rating counts on their own day.
 */

export interface ReviewPageData {
  queue: ReviewQueue;
  /** False until the browser (or the learner, in the profile) named a zone: the page then sends its own. */
  timeZoneKnown: boolean;
  goal: TodayGoal;
}

export async function reviewPageData(database: DatabaseHandle, catalog: CatalogSnapshot, userId: string, now = new Date()): Promise<ReviewPageData> {
  const { db } = database;
  const settings = await getLearnerSettings(db, userId);
  const today = learnerDay(now, settings.timeZone);
  const [queue, streak] = await Promise.all([
    reviewQueue(database, { userId, deckIncludesCompleted: settings.deckIncludesCompleted, catalog }, today, now),
    streakSummary(db, userId, settings, now),
  ]);
  return {
    queue,
    timeZoneKnown: settings.timeZoneKnown,
    goal: { today: streak.today, kind: streak.goal.kind, target: streak.goal.target, progress: streak.progress, streak: streak.current },
  };
}

class NotInDeck extends Error {}

/**
 * Rates a card for the page. The browser's zone is adopted in the same transaction, so a refused rating (a phrase
 * outside the learner's deck, another learner's review id) writes nothing at all.
 */
export async function rateFromPage(
  db: Database,
  catalog: CatalogSnapshot,
  userId: string,
  input: Omit<RatingInput, "rating"> & { rating: number },
  browserTimeZone: unknown,
  now = new Date(),
): Promise<RatingResult> {
  try {
    return await db.transaction(async (tx) => {
      if (browserTimeZone !== undefined && browserTimeZone !== null && browserTimeZone !== "") {
        await adoptBrowserTimeZone(tx, userId, browserTimeZone);
      }
      const result = await rateCard(tx, catalog, userId, { ...input, rating: input.rating as ReviewRating }, now);
      if (result.kind === "not-found") throw new NotInDeck();
      return result;
    });
  } catch (error) {
    if (error instanceof NotInDeck) return { kind: "not-found" };
    throw error;
  }
}
