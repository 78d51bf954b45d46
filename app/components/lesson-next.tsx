import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { LockedBadge } from "#app/components/locked-badge.tsx";
import type { FlowStep, LessonNext } from "#common/lesson-flow.ts";

/**
 * Where a lesson leads (issue 23's lesson flow): the next lesson, the next level after a level's last lesson, or the
 * promo of a locked one. The same for everyone, so it comes with the shared page's data (lesson-flow.server.ts). The
 * learner's offer once the lesson is completed is NextStepOffer in lesson-learner.tsx.
 */

const stepLabel = (step: FlowStep) => (step.kind === "lesson" ? "Next lesson" : "Next level");

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
