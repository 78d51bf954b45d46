import { ArrowRight, Flame, Trophy } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { ActivityGrid } from "#app/components/profile/activity-grid.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { countOf, daysOf } from "#common/goal-display.ts";
import type { StreakSummary } from "#common/review.ts";
import { dueBadge } from "#common/viewer.ts";

/**
 * The profile's "Daily Goal" (issue 24, point 4): today's progress towards the learner's goal, the current and
 * longest streak, the last twelve weeks, and the way to today's review with the count due.
 */
export function DailyGoal({ summary, reviewsDue }: { summary: StreakSummary; reviewsDue: number }) {
  const { goal, progress } = summary;
  const met = progress >= goal.target;
  const unit = goal.kind === "lessons" ? "lessons" : "reviews";
  const percent = Math.min(100, Math.round((progress / goal.target) * 100));
  const left = goal.target - progress;
  return (
    <section
      aria-labelledby="goal-title"
      className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-7 lg:col-span-2"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <h2 id="goal-title" className="text-xl font-bold text-ink">
          Daily Goal
        </h2>
        <Button asChild size="sm" variant={reviewsDue > 0 ? "primary" : "outline"}>
          <Link to="/review">
            {reviewsDue > 0 ? `Review now: ${dueBadge(reviewsDue)} due` : "Open Review"}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      <div className="mt-5 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)]">
        <div>
          <p className="flex flex-wrap items-baseline gap-x-2 text-ink">
            <span className="text-3xl font-extrabold tabular-nums">
              {progress} / {goal.target}
            </span>
            <span className="font-semibold">{unit} today</span>
          </p>
          <div
            role="progressbar"
            aria-label="Today's goal"
            aria-valuemin={0}
            aria-valuemax={goal.target}
            aria-valuenow={Math.min(progress, goal.target)}
            aria-valuetext={`${countOf(progress, goal.kind)} of ${goal.target}`}
            className="mt-3 h-3 overflow-hidden rounded-full bg-brand-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-muted">
            {met ? "Goal met for today. Well done!" : `${countOf(left, goal.kind)} to go today.`}
          </p>
          <dl className="mt-6 grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-brand-50 p-4">
              <dt className="flex items-center gap-1.5 text-sm font-semibold text-muted">
                <Flame className="size-4 text-accent-700" aria-hidden />
                Current streak
              </dt>
              <dd className="mt-1 text-2xl font-extrabold text-ink tabular-nums">{daysOf(summary.current)}</dd>
            </div>
            <div className="rounded-2xl bg-brand-50 p-4">
              <dt className="flex items-center gap-1.5 text-sm font-semibold text-muted">
                <Trophy className="size-4 text-brand-700" aria-hidden />
                Longest streak
              </dt>
              <dd className="mt-1 text-2xl font-extrabold text-ink tabular-nums">{daysOf(summary.longest)}</dd>
            </div>
          </dl>
        </div>
        <ActivityGrid days={summary.days} today={summary.today} goal={goal} />
      </div>
    </section>
  );
}
