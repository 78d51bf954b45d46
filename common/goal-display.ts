import type { GoalKind } from "#common/review.ts";

/**
 * How the profile's "Daily goal" says things (issue 24, point 4). No zod here (common/review.ts brings it): the
 * profile's components read these, and its forms load their schemas only when used (useDeferredValidation).
 */

/** "America/Los_Angeles" as people read it: "America/Los Angeles". */
export function timeZoneName(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}

/** "12 reviews", "1 lesson". */
export function countOf(count: number, kind: GoalKind): string {
  const unit = kind === "lessons" ? "lesson" : "review";
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** "1 day", "12 days". */
export function daysOf(count: number): string {
  return `${count} ${count === 1 ? "day" : "days"}`;
}

export const goalKindLabels: Record<GoalKind, string> = { reviews: "Reviews per day", lessons: "Lessons per day" };

/** "Tuesday, June 2" for an ISO day, the same on the server and in any browser. */
const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
export function dayName(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
/** "Jun" for an ISO day. */
export function monthName(day: string): string {
  return monthFormat.format(new Date(`${day}T00:00:00Z`));
}

/** What the grid's cell says of a day: "Tuesday, June 2: 14 reviews, 1 lesson, goal met". */
export function dayActivityLabel(day: { day: string; reviews: number; lessons: number; goalMet: boolean }, today: string): string {
  const done = [day.reviews > 0 ? countOf(day.reviews, "reviews") : null, day.lessons > 0 ? countOf(day.lessons, "lessons") : null].filter(Boolean);
  const parts = [done.length > 0 ? done.join(", ") : "no activity", day.goalMet ? "goal met" : null, day.day === today ? "today" : null];
  return `${dayName(day.day)}: ${parts.filter(Boolean).join(", ")}`;
}
