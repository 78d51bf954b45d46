import { BookOpen, CalendarCheck, Heart, PartyPopper, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { RATING_LABELS, RATINGS } from "#common/review.ts";
import { dueInWords, formatDuration, type SessionTally, type TodayGoal } from "#common/review-session.ts";

/**
 * What the page shows when there is no card: the session's summary, the all-done state (when the next card is due),
 * and the empty deck (how phrases get into it). Each takes focus when it replaces a card the learner was working.
 */

const panel = "rounded-[var(--radius-card)] border border-brand-100 bg-white p-6 text-center shadow-[var(--shadow-card)] sm:p-8";

function useFocusOnMount(focus: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}

export function GoalProgress({ goal }: { goal: TodayGoal }) {
  const unit = goal.kind === "lessons" ? (goal.target === 1 ? "lesson" : "lessons") : goal.target === 1 ? "review" : "reviews";
  const met = goal.progress >= goal.target;
  return (
    <div className="w-full">
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold text-ink">Today's goal</span>
        <span className="font-medium text-muted tabular-nums">
          {Math.min(goal.progress, goal.target)} / {goal.target} {unit}
          {met ? <span className="ml-1.5 font-semibold text-emerald-800">Done!</span> : null}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Today's goal"
        aria-valuemin={0}
        aria-valuemax={goal.target}
        aria-valuenow={Math.min(goal.progress, goal.target)}
        aria-valuetext={`${goal.progress} of ${goal.target} ${unit}`}
        className="h-2.5 overflow-hidden rounded-full bg-brand-100"
      >
        <div className={met ? "h-full rounded-full bg-emerald-600" : "h-full rounded-full bg-brand-600"} style={{ width: `${Math.min(100, (goal.progress / goal.target) * 100)}%` }} />
      </div>
    </div>
  );
}

function NextSteps({ lessons = "Back to Lessons" }: { lessons?: string }) {
  return (
    <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild>
        <Link to="/languages">
          <BookOpen aria-hidden />
          {lessons}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/profile">
          <UserRound aria-hidden />
          Your Profile
        </Link>
      </Button>
    </div>
  );
}

function NextDue({ nextDueAt, now }: { nextDueAt: string | null; now: number }) {
  return (
    <p className="mt-2 text-muted">
      {nextDueAt ? <>Your next card is due {dueInWords(nextDueAt, now)}.</> : <>New phrases come back tomorrow.</>}
    </p>
  );
}

export function ReviewSummary({
  tally,
  elapsedMs,
  goal,
  nextDueAt,
  now,
  focus,
}: {
  tally: SessionTally;
  elapsedMs: number;
  goal: TodayGoal;
  nextDueAt: string | null;
  now: number;
  focus: boolean;
}) {
  const heading = useFocusOnMount(focus);
  return (
    <section aria-labelledby="review-summary-title" className={panel}>
      <PartyPopper className="mx-auto size-10 text-accent-600" aria-hidden />
      <h2 id="review-summary-title" ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-ink outline-none">
        Session complete
      </h2>
      <p className="mt-2 text-lg text-ink">
        You reviewed {tally.reviewed} {tally.reviewed === 1 ? "phrase" : "phrases"} in {formatDuration(elapsedMs)}.
      </p>
      <dl className="mx-auto mt-5 grid max-w-md grid-cols-4 gap-2">
        {RATINGS.map((rating) => (
          <div key={rating} className="rounded-xl bg-brand-50 px-2 py-3">
            <dt className="text-sm font-medium text-muted">{RATING_LABELS[rating]}</dt>
            <dd className="text-xl font-bold text-ink tabular-nums">{tally.byRating[rating]}</dd>
          </div>
        ))}
      </dl>
      <div className="mx-auto mt-6 max-w-md text-left">
        <GoalProgress goal={goal} />
        {goal.streak > 0 ? (
          <p className="mt-2 text-sm text-muted">
            Streak: {goal.streak} {goal.streak === 1 ? "day" : "days"}
          </p>
        ) : null}
      </div>
      <NextDue nextDueAt={nextDueAt} now={now} />
      <NextSteps />
    </section>
  );
}

export function AllDone({ goal, nextDueAt, now, focus }: { goal: TodayGoal; nextDueAt: string | null; now: number; focus: boolean }) {
  const heading = useFocusOnMount(focus);
  return (
    <section aria-labelledby="review-done-title" className={panel}>
      <CalendarCheck className="mx-auto size-10 text-emerald-700" aria-hidden />
      <h2 id="review-done-title" ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-ink outline-none">
        You're all caught up
      </h2>
      <NextDue nextDueAt={nextDueAt} now={now} />
      <div className="mx-auto mt-6 max-w-md text-left">
        <GoalProgress goal={goal} />
      </div>
      <NextSteps />
    </section>
  );
}

export function EmptyDeck({ focus }: { focus: boolean }) {
  const heading = useFocusOnMount(focus);
  return (
    <section aria-labelledby="review-empty-title" className={panel}>
      <Heart className="mx-auto size-10 text-accent-600" aria-hidden />
      <h2 id="review-empty-title" ref={heading} tabIndex={-1} className="mt-3 text-2xl font-bold text-ink outline-none">
        Nothing to review yet
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-ink">
        Save phrases you want to remember: tap the heart next to a phrase on any lesson page, and it comes back here just
        before you would forget it.
      </p>
      <p className="mx-auto mt-3 max-w-lg text-muted">
        You can also review every phrase of the lessons you complete: turn that on in your profile.
      </p>
      <NextSteps lessons="Explore Lessons" />
    </section>
  );
}
