import { createLucideIcon } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { LockedBadge } from "#app/components/locked-badge.tsx";
import type { FlowStep, LessonNext } from "#common/lesson-flow.ts";

// ArrowRight: lucide's own icon (lucide-react 1.75, ISC), defined here instead of imported. Its lucide module is shared
// with other pages, so on the lesson page it would be a file of its own, mostly per-file overhead (about 0.2 KB gzip
// against 0.05 here; docs/decisions/010-learn-mode.md). inline-icons.test.ts checks it against lucide's.
export const ArrowRight = createLucideIcon({
  name: "arrow-right",
  size: 24,
  node: [
    ["path", { d: "M5 12h14", key: "1ays0h" }],
    ["path", { d: "m12 5 7 7-7 7", key: "xquz4c" }],
  ],
});

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
