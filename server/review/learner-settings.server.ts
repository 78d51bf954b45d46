import { eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, isTimeZone, learnerDay } from "#common/learner-day.ts";
import { DEFAULT_GOAL, type LearnerGoal } from "#common/review.ts";
import type { Executor } from "#server/db/client.server.ts";
import { learnerDays, learnerSettings } from "#server/db/schema.ts";
import { enrollCompletedLessons } from "#server/review/deck.server.ts";

/**
 * A learner's review preferences (learner_settings): their time zone, daily goal and what their deck holds. A learner
 * without a row has the defaults; the row is written on the first change.
 */

export interface LearnerSettings {
  timeZone: string;
  /** False until the browser or the learner named a zone (the days run on UTC meanwhile). */
  timeZoneKnown: boolean;
  goal: LearnerGoal;
  deckIncludesCompleted: boolean;
}

export async function getLearnerSettings(db: Executor, userId: string): Promise<LearnerSettings> {
  const [row] = await db.select().from(learnerSettings).where(eq(learnerSettings.userId, userId)).limit(1);
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    timeZoneKnown: Boolean(row?.timeZone),
    goal: row ? { kind: row.dailyGoalKind as LearnerGoal["kind"], target: row.dailyGoalTarget } : DEFAULT_GOAL,
    deckIncludesCompleted: row?.deckIncludesCompleted ?? false,
  };
}

/**
 * Takes the browser's zone when the learner has none yet (a later change is the learner's own, in the profile). An
 * unknown name is ignored: it comes from any client. Says whether the zone was stored.
 */
export async function adoptBrowserTimeZone(db: Executor, userId: string, timeZone: unknown): Promise<boolean> {
  if (!isTimeZone(timeZone)) return false;
  const stored = await db
    .insert(learnerSettings)
    .values({ userId, timeZone })
    .onConflictDoUpdate({
      target: learnerSettings.userId,
      set: { timeZone, updatedAt: new Date() },
      setWhere: isNull(learnerSettings.timeZone),
    })
    .returning({ userId: learnerSettings.userId });
  return stored.length > 0;
}

export interface LearnerSettingsChange {
  timeZone?: string;
  goal?: LearnerGoal;
  deckIncludesCompleted?: boolean;
}

/**
 * Saves the learner's choices (already validated). A new goal also becomes today's, so today's progress is measured
 * against what the learner just chose; past days keep the goal they had.
 */
export async function updateLearnerSettings(db: Executor, userId: string, change: LearnerSettingsChange, now = new Date()) {
  await db.transaction(async (tx) => {
    const values = {
      ...(change.timeZone !== undefined ? { timeZone: change.timeZone } : {}),
      ...(change.goal ? { dailyGoalKind: change.goal.kind, dailyGoalTarget: change.goal.target } : {}),
      ...(change.deckIncludesCompleted !== undefined ? { deckIncludesCompleted: change.deckIncludesCompleted } : {}),
    };
    const [row] = await tx
      .insert(learnerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: learnerSettings.userId,
        set: { ...values, updatedAt: now },
      })
      .returning();
    if (change.deckIncludesCompleted) await enrollCompletedLessons(tx, userId, undefined, now);
    if (change.goal && row) {
      const today = learnerDay(now, row.timeZone ?? DEFAULT_TIME_ZONE);
      await tx
        .update(learnerDays)
        .set({ goalKind: change.goal.kind, goalTarget: change.goal.target, updatedAt: now })
        .where(sql`${learnerDays.userId} = ${userId} and ${learnerDays.day} = ${today}`);
    }
  });
}
