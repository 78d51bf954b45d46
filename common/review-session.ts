/**
 * What the /review page and its action agree on, beside the review shapes of common/review.ts: the undo request, the
 * answers of the action, today's goal as the page shows it, and a session's tally for the summary.
 */
import { z } from "#common/zod.ts";
import { TIME_ZONE_MAX } from "#common/learner-day.ts";
import { RATINGS, type GoalKind, type ReviewRating } from "#common/review.ts";

export const undoSchema = z.object({ reviewId: z.uuid() });

/** The browser's zone sent with a rating while the learner has none (checked on the server with isTimeZone). */
export const browserTimeZoneSchema = z.string().max(TIME_ZONE_MAX).optional();

/** Today's goal on the page: the learner's own day, what counts and how far they are. */
export interface TodayGoal {
  today: string;
  kind: GoalKind;
  target: number;
  progress: number;
  /** The current streak in days. */
  streak: number;
}

export type ReviewActionData =
  | { intent: "rate"; ok: true; reviewId: string; phraseId: string; rating: ReviewRating; due: string; replayed: boolean }
  | { intent: "rate"; ok: false; reviewId: string; error: string }
  | { intent: "undo"; ok: true; reviewId: string; phraseId: string }
  | { intent: "undo"; ok: false; reviewId: string; error: string };

export const reviewTexts = {
  notInDeck: "That phrase is no longer in your deck.",
  notLatest: "That rating can't be undone any more: the phrase was rated again since.",
  undoNotFound: "There is no rating to undo.",
  invalid: "That rating could not be read. Please try again.",
} as const;

export interface SessionTally {
  reviewed: number;
  byRating: Record<ReviewRating, number>;
}

/** Counts the ratings a session kept (undone ones are gone from the list already). */
export function tally(ratings: readonly ReviewRating[]): SessionTally {
  const byRating = Object.fromEntries(RATINGS.map((rating) => [rating, 0])) as Record<ReviewRating, number>;
  for (const rating of ratings) byRating[rating]++;
  return { reviewed: ratings.length, byRating };
}

/** "45 s", "3 min", "1 h 5 min": how long a session took. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** When the next card is due, in words relative to now: "in 5 min", "in 3 h", "tomorrow", "in 4 days". */
export function dueInWords(dueIso: string, now: number): string {
  const ms = Date.parse(dueIso) - now;
  if (ms <= 60_000) return "in a minute";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? "in an hour" : `in ${hours} hours`;
  const days = Math.round(hours / 24);
  return days === 1 ? "tomorrow" : `in ${days} days`;
}
