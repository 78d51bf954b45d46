import { CircleCheckBig, Heart, LogIn, RotateCcw, Trophy } from "lucide-react";
import { Link, useFetcher } from "react-router";
import type { AudioCardPhrase } from "#app/components/audio-card.tsx";
import { NextStepOffer } from "#app/components/lesson-next.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { LessonNext } from "#common/lesson-flow.ts";

/**
 * The lesson page's progress bar: a signed-in learner marks the lesson complete or takes it back; a visitor is
 * invited to sign in. Fetcher forms post to the lesson route's action, and work as plain forms before hydration. Once
 * the lesson is completed (at once, while the request is on its way), the card offers where to go next.
 *
 * The shared page is rendered as for a visitor; while a learner's own state is on its way (app/lib/viewer.ts), CSS
 * shows a neutral placeholder of the same size instead of the invitation (`data-learner-placeholder`). Without
 * JavaScript nobody's state shows, so a plain form to mark the lesson complete stays in <noscript>.
 */
export function LessonProgress({
  signedIn,
  completed,
  signInHref,
  next,
}: {
  signedIn: boolean;
  completed: boolean;
  signInHref: string;
  /** Offered once the learner has completed the lesson (null after the last lesson of the last level). */
  next?: LessonNext | null;
}) {
  const fetcher = useFetcher();
  if (!signedIn) {
    return (
      <>
        <div
          data-learner-placeholder
          aria-hidden
          className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-brand-100 bg-brand-50/70 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="h-6 w-full max-w-md animate-pulse rounded-lg bg-brand-100" />
          <span className="h-11 w-44 shrink-0 animate-pulse rounded-full bg-brand-100" />
        </div>
        <div
          data-visitor-only
          className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-brand-100 bg-brand-50/70 p-5 sm:flex-row sm:items-center sm:justify-between"
        >
        <p className="text-ink">
          <span className="font-semibold">Track your progress.</span> Sign in to mark lessons as complete and save your favorite
          phrases.
        </p>
        <Button asChild variant="primary" className="self-start sm:self-auto">
          <Link to={signInHref}>
            <LogIn aria-hidden />
            Sign In
          </Link>
        </Button>
      </div>
        <noscript>
          <form method="post" className="flex justify-end">
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="value" value="true" />
            <Button type="submit" variant="outline">
              <CircleCheckBig aria-hidden />
              Mark as complete
            </Button>
          </form>
        </noscript>
      </>
    );
  }
  // Shown at once while the request is on its way.
  const pending = fetcher.formData?.get("intent") === "complete";
  const done = pending ? fetcher.formData?.get("value") === "true" : completed;
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
        <Button type="submit" variant={done ? "outline" : "primary"} className="self-start sm:self-auto" disabled={pending}>
          {done ? <RotateCcw aria-hidden /> : <CircleCheckBig aria-hidden />}
          {done ? "Mark as not completed" : "Mark as complete"}
        </Button>
      </fetcher.Form>
      {done && next ? <NextStepOffer next={next} /> : null}
    </div>
  );
}

/** Saves or unsaves one phrase as a favourite (shown in the audio card's phrase row). */
export function PhraseFavoriteButton({ phrase, saved }: { phrase: AudioCardPhrase; saved: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("phraseId") === phrase.id;
  const on = pending ? fetcher.formData?.get("value") === "true" : saved;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="phraseId" value={phrase.id} />
      <input type="hidden" name="value" value={on ? "false" : "true"} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={`Favorite: ${phrase.original}`}
        title={on ? "Remove from favorites" : "Save to favorites"}
        className="inline-flex size-11 items-center justify-center rounded-full text-accent-600 transition-colors hover:bg-accent-50"
      >
        <Heart className={cn("size-5", on && "fill-current")} aria-hidden />
      </button>
    </fetcher.Form>
  );
}

/** Where a learner's favorite button will be, while their state is on its way (hidden from visitors by CSS). */
export function FavoritePlaceholder() {
  return <span data-learner-placeholder aria-hidden className="inline-flex size-11 items-center justify-center rounded-full text-brand-200"><Heart className="size-5" aria-hidden /></span>;
}
