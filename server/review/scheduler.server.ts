import { createEmptyCard, fsrs, type Card, type Grade, type ReviewLog } from "ts-fsrs";
import { formatInterval, RATINGS, type ReviewChoice, type ReviewRating } from "#common/review.ts";

/**
 * FSRS through ts-fsrs (docs/decisions/011-review.md): 90% target retention, the library's default weights and
 * learning steps (1 min, 10 min), and no fuzz, so a schedule is the same on every server and in the app, and the golden
 * tests can compare exact dates.
 */
const scheduler = fsrs({ request_retention: 0.9, enable_fuzz: false });

/** A card as stored (review_cards), without its owner. */
export interface StoredCard {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

/** A stored card as JSON gives it back (the log's card before a rating, a queue item): its dates as ISO text. */
export type StoredCardJson = Omit<StoredCard, "due" | "lastReview"> & { due: string; lastReview: string | null };

/** The card of such JSON; fields beside the card's own (a queue item's phrase) are left out. */
export function cardFromJson(value: StoredCardJson): StoredCard {
  return {
    due: new Date(value.due),
    stability: value.stability,
    difficulty: value.difficulty,
    scheduledDays: value.scheduledDays,
    learningSteps: value.learningSteps,
    reps: value.reps,
    lapses: value.lapses,
    state: value.state,
    lastReview: value.lastReview === null ? null : new Date(value.lastReview),
  };
}

export function toLibraryCard(card: StoredCard): Card {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    // Deprecated in ts-fsrs 5 and recomputed from last_review on every review; only copied into the log.
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.lastReview ? { last_review: card.lastReview } : {}),
  };
}

export function fromLibraryCard(card: Card): StoredCard {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** A phrase never rated: due now. */
export function newCard(now: Date): StoredCard {
  return fromLibraryCard(createEmptyCard(now));
}

/** The card after `rating` at `now`, and the library's log of it. */
export function rate(card: StoredCard, rating: ReviewRating, now: Date): { card: StoredCard; log: ReviewLog } {
  const result = scheduler.next(toLibraryCard(card), now, rating as Grade);
  return { card: fromLibraryCard(result.card), log: result.log };
}

/** What each rating would do, for the answer buttons. */
export function choices(card: StoredCard, now: Date): ReviewChoice[] {
  const preview = scheduler.repeat(toLibraryCard(card), now);
  return RATINGS.map((rating) => {
    const due = preview[rating as Grade].card.due;
    return { rating, due: due.toISOString(), interval: formatInterval(due.getTime() - now.getTime()) };
  });
}
