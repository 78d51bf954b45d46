import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { LockedBadge } from "#app/components/locked-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { FlowStep, LessonNext } from "#common/lesson-flow.ts";

/**
 * Where a lesson leads (issue 23's lesson flow): the next lesson, the next level after a level's last lesson, or the
 * promo of a locked one. The same for everyone, so it comes with the shared page's data (lesson-flow.server.ts).
 */

const stepLabel = (step: FlowStep) => (step.kind === "lesson" ? "Next lesson" : "Next level");

/** In the progress card once the learner has completed the lesson. */
export function NextStepOffer({ next }: { next: LessonNext }) {
  const step = next.next;
  const action = step.locked ? "Get it in the app" : stepLabel(step);
  return (
    <div className="mt-4 border-t border-emerald-200 pt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-emerald-800">Up next</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-bold break-words text-ink">{step.title}</span>
            <span className="text-muted">{step.detail}</span>
            {step.locked ? <LockedBadge /> : null}
          </p>
        </div>
        <Button asChild variant={step.locked ? "accent" : "primary"} className="self-start sm:self-auto">
          <Link to={step.href} aria-label={`${action}: ${step.title}`}>
            {action}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      {next.open ? (
        <Link
          to={next.open.href}
          className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Or continue with {next.open.title}
        </Link>
      ) : null}
    </div>
  );
}

/** A quiet link at the end of the lesson, for everyone (visitors, and pages without JavaScript too). */
export function NextStepLink({ next }: { next: LessonNext }) {
  const step = next.next;
  return (
    <p className="flex justify-end">
      <Link
        to={step.href}
        className="inline-flex min-h-11 flex-wrap items-center justify-end gap-2 text-right font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <span>
          {stepLabel(step)}: {step.title}
        </span>
        {step.locked ? <LockedBadge /> : null}
        <ArrowRight className="size-4 shrink-0" aria-hidden />
      </Link>
    </p>
  );
}
