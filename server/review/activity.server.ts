import { and, eq, sql } from "drizzle-orm";
import { dayFromNumber, dayNumber, learnerDay } from "#common/learner-day.ts";
import { ACTIVITY_WEEKS, type DayActivity, type LearnerGoal, type StreakSummary } from "#common/review.ts";
import type { Executor } from "#server/db/client.server.ts";
import { learnerDays } from "#server/db/schema.ts";
import type { LearnerSettings } from "#server/review/learner-settings.server.ts";

/**
 * The learner's days (learner_days): what they did on each, counted when they did it, on the day it fell on then
 * (their zone, turning at 4 AM). A streak is a run of days whose goal was met; today still open does not break it.
 */

/** Adds reviews or completed lessons on `day`, which also takes the learner's goal (the day's goal is its last). */
export async function recordActivity(
  db: Executor,
  userId: string,
  day: string,
  goal: LearnerGoal,
  change: { reviews?: number; lessons?: number },
) {
  const reviews = change.reviews ?? 0;
  const lessons = change.lessons ?? 0;
  await db
    .insert(learnerDays)
    .values({ userId, day, reviews, lessons, goalKind: goal.kind, goalTarget: goal.target })
    .onConflictDoUpdate({
      target: [learnerDays.userId, learnerDays.day],
      set: {
        reviews: sql`${learnerDays.reviews} + ${reviews}`,
        lessons: sql`${learnerDays.lessons} + ${lessons}`,
        goalKind: goal.kind,
        goalTarget: goal.target,
        updatedAt: new Date(),
      },
    });
}

/** Takes back reviews or lessons counted on `day` (an undo); that day keeps its goal. */
export async function retractActivity(db: Executor, userId: string, day: string, change: { reviews?: number; lessons?: number }) {
  await db
    .update(learnerDays)
    .set({
      reviews: sql`greatest(0, ${learnerDays.reviews} - ${change.reviews ?? 0})`,
      lessons: sql`greatest(0, ${learnerDays.lessons} - ${change.lessons ?? 0})`,
      updatedAt: new Date(),
    })
    .where(and(eq(learnerDays.userId, userId), eq(learnerDays.day, day)));
}

const goalMet = (row: { reviews: number; lessons: number; goalKind: string; goalTarget: number }) =>
  (row.goalKind === "lessons" ? row.lessons : row.reviews) >= row.goalTarget;

/** Today's progress, the current and longest streak, and the activity grid's days (Monday-aligned weeks). */
export async function streakSummary(db: Executor, userId: string, settings: LearnerSettings, now = new Date()): Promise<StreakSummary> {
  // One row holding every day as JSON: a year of days as rows cost PGlite about 6 ms of decoding, this about 1.
  const [all] = await db
    .select({
      days: sql<[string, number, number, string, number][]>`coalesce(json_agg(json_build_array(${learnerDays.day}, ${learnerDays.reviews},
        ${learnerDays.lessons}, ${learnerDays.goalKind}, ${learnerDays.goalTarget}) order by ${learnerDays.day}), '[]'::json)`,
    })
    .from(learnerDays)
    .where(eq(learnerDays.userId, userId));
  const rows = (all?.days ?? []).map(([day, reviews, lessons, goalKind, goalTarget]) => ({ day, reviews, lessons, goalKind, goalTarget }));
  const today = learnerDay(now, settings.timeZone);
  const todayNumber = dayNumber(today);
  const byDay = new Map(rows.map((row) => [dayNumber(row.day), row]));
  const met = new Set(rows.filter(goalMet).map((row) => dayNumber(row.day)));

  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of met) {
    run = previous !== null && previous + 1 === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }

  // Counted back from today when today's goal is met, else from yesterday (today is not over). A met day after today
  // comes from a zone further east the learner has left: the streak runs from there.
  const latestMet = previous;
  let anchor = met.has(todayNumber) ? todayNumber : todayNumber - 1;
  if (latestMet !== null && latestMet > anchor) anchor = latestMet;
  let current = 0;
  for (let day = anchor; met.has(day); day--) current++;

  const todayRow = byDay.get(todayNumber);
  const progress = settings.goal.kind === "lessons" ? (todayRow?.lessons ?? 0) : (todayRow?.reviews ?? 0);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const days: DayActivity[] = [];
  for (let day = todayNumber - weekday - 7 * (ACTIVITY_WEEKS - 1); day <= todayNumber; day++) {
    const row = byDay.get(day);
    days.push({ day: dayFromNumber(day), reviews: row?.reviews ?? 0, lessons: row?.lessons ?? 0, goalMet: met.has(day) });
  }
  return { today, timeZone: settings.timeZone, goal: settings.goal, progress, current, longest, days };
}
