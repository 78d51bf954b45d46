import { ArrowRight, CircleCheckBig, CloudOff, Heart, RotateCcw, Trophy } from "lucide-react";
import { Link, useFetcher, useParams } from "#app/lib/page-router.tsx";
import type { AudioCardPhrase } from "#app/components/audio-card.tsx";
import { LockedBadge } from "#app/components/locked-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { FlowStep, LessonNext } from "#common/lesson-flow.ts";
import { lessonKey, pendingState } from "#common/outbox.ts";
import { useOutboxEntries } from "#app/lib/outbox/outbox-store.ts";
import { useViewer } from "#app/lib/viewer.ts";

/** This learner's writes waiting in the offline outbox, as the page should show them until they are sent. */
function usePending() {
  const owner = useViewer()?.user?.email ?? null;
  return pendingState(useOutboxEntries(), owner);
}

// As in lesson-next.tsx (not imported from there: this file would then share a chunk with the page for one line).
const stepLabel = (step: FlowStep) => (step.kind === "lesson" ? "Next lesson" : "Next level");

/**
 * What only a signed-in learner sees on the lesson page: the progress card that marks the lesson complete (and then
 * offers where to go next) and the favourite buttons. A visitor never needs this code, so the lesson page loads it
 * only once the learner's own state is on its way (routes/public/lesson.tsx): it is not part of the first visit's
 * JavaScript (docs/decisions/010-learn-mode.md). Fetcher forms post to the lesson route's action.
 */
export function LearnerProgress({
  completed,
  next,
}: {
  completed: boolean;
  /** Offered once the learner has completed the lesson (null after the last lesson of the last level). */
  next?: LessonNext | null;
}) {
  const fetcher = useFetcher();
  const params = useParams();
  const waiting = usePending().completions.get(lessonKey({ languageId: params.language ?? "", levelId: params.level ?? "", lessonId: params.lesson ?? "" }));
  // Shown at once while the request is on its way, and while it waits offline.
  const pending = fetcher.formData?.get("intent") === "complete";
  const done = pending ? fetcher.formData?.get("value") === "true" : (waiting ?? completed);
  return (
    <div className={cn("rounded-[var(--radius-card)] border p-5", done ? "border-emerald-200 bg-emerald-50" : "border-brand-100 bg-brand-50/70")}>
      <fetcher.Form method="post" preventScrollReset className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <input type="hidden" name="intent" value="complete" />
        <input type="hidden" name="value" value={done ? "false" : "true"} />
        <p className="flex items-center gap-2.5 text-ink" role="status">
          {done ? (
            <>
              <Trophy className="size-5 shrink-0 text-emerald-700" aria-hidden />
              <span className="font-semibold text-emerald-900">You completed this lesson.</span>
            </>
          ) : (
            <span>Finished the phrases? Mark the lesson as complete to track your progress.</span>
          )}
        </p>
        <span className="flex flex-wrap items-center gap-3 self-start sm:self-auto">
          {waiting !== undefined && !pending ? <WaitingToSync /> : null}
          <Button type="submit" variant={done ? "outline" : "primary"} disabled={pending}>
            {done ? <RotateCcw aria-hidden /> : <CircleCheckBig aria-hidden />}
            {done ? "Mark as not completed" : "Mark as complete"}
          </Button>
        </span>
      </fetcher.Form>
      {done && next ? <NextStepOffer next={next} /> : null}
    </div>
  );
}

/** Saves or unsaves one phrase as a favourite (shown in the audio card's phrase row). */
export function PhraseFavoriteButton({ phrase, saved }: { phrase: AudioCardPhrase; saved: boolean }) {
  const fetcher = useFetcher();
  const waiting = usePending().favorites.get(phrase.id);
  const pending = fetcher.formData?.get("phraseId") === phrase.id;
  const on = pending ? fetcher.formData?.get("value") === "true" : (waiting ?? saved);
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="phraseId" value={phrase.id} />
      <input type="hidden" name="value" value={on ? "false" : "true"} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={`Favorite: ${phrase.original}`}
        aria-description={waiting !== undefined && !pending ? "Waiting to sync" : undefined}
        title={waiting !== undefined && !pending ? "Waiting to sync" : on ? "Remove from favorites" : "Save to favorites"}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-accent-600 transition-colors hover:bg-accent-50"
      >
        <Heart className={cn("size-5", on && "fill-current")} aria-hidden />
        {waiting !== undefined && !pending ? (
          <span data-waiting-to-sync className="absolute top-1.5 right-1.5 size-2.5 rounded-full border-2 border-white bg-amber-500" aria-hidden />
        ) : null}
      </button>
    </fetcher.Form>
  );
}

/** Beside a change that is saved on this device and not yet on the server. */
function WaitingToSync() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
      <CloudOff className="size-4" aria-hidden />
      Waiting to sync
    </span>
  );
}

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
