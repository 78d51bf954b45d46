import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { RecordButton } from "#app/components/recorder/record-button.tsx";
import { ReviewAudio } from "#app/components/review/review-audio.tsx";
import { cn } from "#app/lib/cn.ts";
import { RATING_LABELS, type ReviewItem, type ReviewRating } from "#common/review.ts";

/**
 * One card: the phrase plays and shows; "Show answer" (a <details>, so it works without JavaScript) opens the
 * translation, the reading aid and the four ratings, each saying when the phrase comes back. The ratings are submit
 * buttons of a plain form; with JavaScript the page takes the submission over (onRate).
 */

const ratingStyles: Record<ReviewRating, string> = {
  1: "border-red-200 bg-red-50 text-red-800 hover:border-red-300 hover:bg-red-100",
  2: "border-amber-200 bg-amber-50 text-amber-900 hover:border-amber-300 hover:bg-amber-100",
  3: "border-emerald-200 bg-emerald-50 text-emerald-900 hover:border-emerald-300 hover:bg-emerald-100",
  4: "border-brand-200 bg-brand-50 text-brand-800 hover:border-brand-300 hover:bg-brand-100",
};

export function ReviewCard({
  item,
  reviewId,
  revealed,
  onRevealChange,
  onRate,
  onAudioReady,
  focusOnMount,
  cardRef,
}: {
  item: ReviewItem;
  reviewId: string;
  revealed: boolean;
  onRevealChange: (open: boolean) => void;
  /** Null before hydration: the form then posts as it is. */
  onRate: ((rating: ReviewRating) => void) | null;
  onAudioReady: (replay: () => void) => void;
  /** Moves focus to "Show answer" when the card arrives (the learner was working the previous card's buttons). */
  focusOnMount: boolean;
  cardRef: React.Ref<HTMLElement>;
}) {
  const summaryRef = useRef<HTMLElement>(null);
  const ratingsRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (focusOnMount) summaryRef.current?.focus();
    // Once, as the card arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The answer open: the ratings in view (on a phone they are below the fold, clear of the bottom tab bar).
  useEffect(() => {
    if (revealed) ratingsRef.current?.scrollIntoView({ block: "nearest" });
  }, [revealed]);

  return (
    <article
      ref={cardRef}
      aria-label="Review card"
      className="rounded-[var(--radius-card)] border border-brand-100 bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{item.lesson.languageName}</span>
        <span className="text-muted">{item.lesson.title}</span>
        {item.isNew ? <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-700">New</span> : null}
      </p>
      <div className="mt-4 flex flex-col items-center gap-4 text-center sm:mt-6 sm:gap-5">
        <ReviewAudio item={item} playKey={reviewId} onReady={onAudioReady} />
        <p className="text-2xl font-bold break-words text-ink sm:text-3xl" data-review-original>
          {item.original}
        </p>
      </div>
      <details
        open={revealed}
        onToggle={(event) => onRevealChange(event.currentTarget.open)}
        className="group mt-5 sm:mt-6"
      >
        <summary
          ref={summaryRef}
          aria-keyshortcuts="Space"
          className={cn(
            "mx-auto flex min-h-12 w-full max-w-xs cursor-pointer list-none items-center justify-center gap-2 rounded-full bg-brand-700 px-6 font-semibold text-white shadow-sm",
            "transition-colors hover:bg-brand-800 [&::-webkit-details-marker]:hidden",
            "group-open:bg-white group-open:text-brand-800 group-open:shadow-none group-open:hover:bg-brand-50",
          )}
        >
          <span className="group-open:hidden">Show answer</span>
          <span className="hidden group-open:inline">Hide answer</span>
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <div className="mt-4 flex flex-col items-center gap-1 border-t border-brand-100 pt-5 text-center" data-review-answer>
          <p className="text-xl font-semibold break-words text-brand-900">{item.translation}</p>
          {item.reading ? (
            <p className="text-base break-words text-muted">
              <span className="sr-only">Reading: </span>
              {item.reading}
            </p>
          ) : null}
          <div className="mt-3">
            <RecordButton labeled phrase={{ phraseId: item.phraseId, original: item.original, audioUrl: item.audioUrl, cue: item.cue }} />
          </div>
        </div>
        <form
          method="post"
          className="mt-6"
          onSubmit={(event) => {
            if (!onRate) return;
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            const rating = Number(submitter?.value);
            if (rating >= 1 && rating <= 4) onRate(rating as ReviewRating);
          }}
        >
          <input type="hidden" name="intent" value="rate" />
          <input type="hidden" name="reviewId" value={reviewId} />
          <input type="hidden" name="phraseId" value={item.phraseId} />
          <fieldset ref={ratingsRef} className="scroll-mb-24 md:scroll-mb-6">
            <legend className="mb-3 w-full text-center text-sm font-semibold text-ink">How well did you remember it?</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {item.choices.map((choice) => (
                <button
                  key={choice.rating}
                  type="submit"
                  name="rating"
                  value={choice.rating}
                  aria-keyshortcuts={String(choice.rating)}
                  className={cn(
                    "relative flex min-h-16 flex-col items-center justify-center rounded-2xl border px-3 py-2 transition-colors",
                    ratingStyles[choice.rating],
                  )}
                >
                  <span className="text-base font-bold">{RATING_LABELS[choice.rating]}</span>
                  <span className="sr-only"> · </span>
                  <span className="text-sm font-medium">{choice.interval}</span>
                  <kbd
                    aria-hidden
                    className="absolute top-1.5 right-2 hidden font-sans text-xs font-semibold [@media(hover:hover)]:block"
                  >
                    {choice.rating}
                  </kbd>
                </button>
              ))}
            </div>
          </fieldset>
        </form>
      </details>
    </article>
  );
}
