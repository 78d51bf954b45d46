/**
 * What the review loop's server and browser agree on (docs/decisions/011-review.md): ratings, the shape of a card to
 * review, the queue a session works through, the learner's goal and streak, and the limits on what a client sends.
 */
import { z } from "#common/zod.ts";
import { isTimeZone } from "#common/learner-day.ts";

export const RATINGS = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof RATINGS)[number];
export const RATING_LABELS: Record<ReviewRating, string> = { 1: "Again", 2: "Hard", 3: "Good", 4: "Easy" };

/** New phrases a learner meets per day (Anki's default): a hundred favourites saved at once do not all come due today. */
export const NEW_PER_DAY = 20;
/** Cards one queue answer holds; the page asks again as it goes. */
export const QUEUE_SIZE = 20;
/** Cards still in (re)learning come back within a session if they are due within this (Anki's learn-ahead limit). */
export const LEARN_AHEAD_MINUTES = 20;
/** The header's badge counts up to this, then shows "99+" (defined beside the viewer, which the header reads). */
export { DUE_COUNT_CAP } from "#common/viewer.ts";
/** The activity grid on the profile: twelve weeks. */
export const ACTIVITY_WEEKS = 12;

export const GOAL_KINDS = ["reviews", "lessons"] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export const GOAL_TARGET_MIN = 1;
export const GOAL_TARGET_MAX = 500;
export const DEFAULT_GOAL = { kind: "reviews" as GoalKind, target: 20 };

export interface ReviewChoice {
  rating: ReviewRating;
  /** When the phrase comes back after this rating (ISO). */
  due: string;
  /** That wait, short: "1 min", "10 min", "3 days", "2 months". */
  interval: string;
}

export interface ReviewItem {
  phraseId: string;
  original: string;
  translation: string;
  reading: string | null;
  /** The phrase's group audio, played from its cue when it has one. */
  audioUrl: string;
  cue?: readonly [number, number];
  lesson: { languageId: string; levelId: string; lessonId: string; title: string; languageName: string };
  /** Never rated before. */
  isNew: boolean;
  /** The card's version: a rating made against an older one is still applied (the server is the authority). */
  choices: ReviewChoice[];
}

export interface ReviewQueue {
  items: ReviewItem[];
  /** Cards in the deck due now (capped at DUE_COUNT_CAP + 1) and new ones still allowed today. */
  dueCount: number;
  newCount: number;
  /** Nothing in the deck at all (only asked when `items` is empty: the empty state, not the all-done one). */
  deckEmpty: boolean;
  /** When the next card is due after these (ISO), for the all-done state. */
  nextDueAt: string | null;
}

export interface DayActivity {
  day: string;
  reviews: number;
  lessons: number;
  goalMet: boolean;
}

export interface LearnerGoal {
  kind: GoalKind;
  target: number;
}

export interface StreakSummary {
  today: string;
  timeZone: string;
  goal: LearnerGoal;
  /** Today's count towards the goal. */
  progress: number;
  current: number;
  longest: number;
  /** ACTIVITY_WEEKS weeks of days, oldest first, ending today. */
  days: DayActivity[];
}

export const ratingSchema = z.object({
  reviewId: z.uuid(),
  phraseId: z.uuid(),
  rating: z.coerce.number().int().min(1).max(4),
  /** How long the learner took, for the optimizer; bounded. */
  durationMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
});

export const timeZoneSchema = z.string().refine(isTimeZone, "Choose a time zone from the list.");

const targetMessage = `Enter a whole number from ${GOAL_TARGET_MIN} to ${GOAL_TARGET_MAX}.`;

export const goalSchema = z.object({
  kind: z.enum(GOAL_KINDS, { error: "Choose reviews or lessons." }),
  target: z.coerce
    .number({ error: targetMessage })
    .int(targetMessage)
    .min(GOAL_TARGET_MIN, targetMessage)
    .max(GOAL_TARGET_MAX, targetMessage),
});

/** "1 min", "10 min", "5 h", "3 days", "2 months", "1.5 years": the wait Anki shows on its answer buttons. */
export function formatInterval(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return days === 1 ? "1 day" : `${days} days`;
  const months = Math.round(days / 30.4);
  if (months < 12) return months === 1 ? "1 month" : `${months} months`;
  const years = Math.round((days / 365) * 10) / 10;
  return years === 1 ? "1 year" : `${years} years`;
}
