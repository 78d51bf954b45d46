import { LoaderCircle, Undo2 } from "lucide-react";
import { startTransition, useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers, useSubmit } from "react-router";
import { Container } from "#app/components/page-header.tsx";
import { ReviewCard } from "#app/components/review/review-card.tsx";
import { AllDone, EmptyDeck, GoalProgress, ReviewSummary } from "#app/components/review/review-states.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { DUE_COUNT_CAP, RATING_LABELS, type ReviewItem, type ReviewQueue, type ReviewRating } from "#common/review.ts";
import { reviewTexts, tally, type ReviewActionData, type TodayGoal } from "#common/review-session.ts";

/**
 * The review session in the browser. The server's queue (read again after every rating) says what is due; the page
 * keeps the card on screen, the session's ratings (for undo and the summary) and what it announces. Each card shown
 * gets its own review id, so a retried or doubled rating is one rating on the server. Keys: Space shows the answer,
 * 1-4 rate, Z (or Ctrl+Z) undoes the last rating, R plays the phrase again.
 */

interface Shown {
  item: ReviewItem;
  reviewId: string;
  /** When it appeared (ms); null for the card the server rendered (it appeared as the page loaded). */
  shownAt: number | null;
}

interface Rated {
  reviewId: string;
  item: ReviewItem;
  rating: ReviewRating;
  startedAt: number;
  ratedAt: number;
  failed?: boolean;
}

const newId = () => crypto.randomUUID();
const MAX_DURATION_MS = 3_600_000;

export function ReviewSession({
  queue,
  goal,
  timeZoneKnown,
  serverReviewId,
  serverNow,
  lastAnswer,
}: {
  queue: ReviewQueue;
  goal: TodayGoal;
  timeZoneKnown: boolean;
  serverReviewId: string;
  /** The server's clock when the data was read, for "due in …" (the same on the server and in the browser). */
  serverNow: number;
  /** The action's answer to a plain form post (no JavaScript). */
  lastAnswer: ReviewActionData | null;
}) {
  const hydrated = useHydrated();
  const first = queue.items[0];
  const [pinned, setPinned] = useState<Shown | null>(first ? { item: first, reviewId: serverReviewId, shownAt: null } : null);
  // The id the next card gets when it comes from the queue read after the ratings on their way.
  const [spareId, setSpareId] = useState(newId);
  const [revealed, setRevealed] = useState(false);
  const [history, setHistory] = useState<Rated[]>([]);
  const [undos, setUndos] = useState<Rated[]>([]);
  const [announcement, setAnnouncement] = useState({ text: "", n: 0 });
  const [focusNext, setFocusNext] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  const replayRef = useRef<() => void>(() => {});
  const submit = useSubmit();
  // Ratings and undos go out one after another, each once the one before has been answered: an undo never overtakes
  // its rating, and the card's next rating never overtakes the undo. The phrases of those waiting or on their way:
  const [queued, setQueued] = useState<string[]>([]);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const send = (form: FormData, fetcherKey: string, phraseId: string) => {
    setQueued((previous) => [...previous, phraseId]);
    chain.current = chain.current.then(async () => {
      await submit(form, { method: "post", navigate: false, fetcherKey, preventScrollReset: true }).catch(() => {});
      // The router renders its state (the fetcher, the queue read after this write) in a transition, and React renders
      // pending transitions together: a phrase leaves `queued` in the same render as the queue read after its rating
      // arrives. Dropped at once (an urgent update), a render could show it neither waiting nor rated, and a quick
      // key would bring the card just rated back (seen on a loaded CI machine).
      startTransition(() => setQueued((previous) => previous.filter((_, index) => index !== previous.indexOf(phraseId))));
    });
  };

  const announce = (text: string) => setAnnouncement((previous) => ({ text, n: previous.n + 1 }));

  // Ratings and undos on their way (until the page's data has been read again after them).
  const busy = useFetchers().filter((f) => f.state !== "idle" && /^(rate|undo):/.test(f.key));
  const settled = busy.length === 0 && queued.length === 0;
  const last = history.at(-1);
  const current: Shown | null =
    pinned ?? (hydrated && settled && queue.items[0] ? { item: queue.items[0], reviewId: spareId, shownAt: last?.ratedAt ?? null } : null);

  const focusInCard = () => Boolean(cardRef.current?.contains(document.activeElement));

  const reveal = (open: boolean) => {
    if (open === revealed) return;
    setRevealed(open);
    if (open && current) {
      const { translation, reading } = current.item;
      announce(reading ? `${translation}. Reading: ${reading}.` : `${translation}.`);
    }
  };

  const rate = (rating: ReviewRating) => {
    if (!current) return;
    const { item, reviewId } = current;
    const now = Date.now();
    const startedAt = Math.min(now, current.shownAt ?? performance.timeOrigin);
    const form = new FormData();
    form.set("intent", "rate");
    form.set("reviewId", reviewId);
    form.set("phraseId", item.phraseId);
    form.set("rating", String(rating));
    form.set("durationMs", String(Math.min(MAX_DURATION_MS, Math.round(now - startedAt))));
    if (!timeZoneKnown) form.set("timeZone", Intl.DateTimeFormat().resolvedOptions().timeZone);
    send(form, `rate:${reviewId}`, item.phraseId);
    setHistory((previous) => [...previous, { reviewId, item, rating, startedAt, ratedAt: now }]);
    const interval = item.choices.find((choice) => choice.rating === rating)?.interval;
    announce(`${RATING_LABELS[rating]}${interval ? `: back in ${interval}` : ""}.`);
    setFocusNext(focusInCard());
    // The next card at once, from the queue as last read, leaving out the phrases whose ratings are on their way; or,
    // when that leaves none, the first card of the queue read after them.
    const pending = new Set([...busy.map((f) => String(f.formData?.get("phraseId") ?? "")), ...queued, item.phraseId]);
    const next = queue.items.find((candidate) => !pending.has(candidate.phraseId));
    setPinned(next ? { item: next, reviewId: newId(), shownAt: now } : null);
    setSpareId(newId());
    setRevealed(false);
  };

  const undo = () => {
    if (!last) return;
    setFocusNext(focusInCard());
    // Back to that card, as a new showing of it (a new id: the undone rating's id stays spent).
    setHistory((previous) => previous.slice(0, -1));
    setPinned({ item: last.item, reviewId: newId(), shownAt: Date.now() });
    setRevealed(false);
    announce(`Rating undone. Back to "${last.item.original}".`);
    const form = new FormData();
    form.set("intent", "undo");
    form.set("reviewId", last.reviewId);
    send(form, `undo:${last.reviewId}`, last.item.phraseId);
    setUndos((previous) => [...previous, last]);
  };

  // Keys, once the page is interactive.
  useEffect(() => {
    if (!hydrated) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='dialog']")) return;
      if (event.key.toLowerCase() === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
        return;
      }
      if (event.ctrlKey || event.metaKey) return;
      const onControl = Boolean(target?.closest("button, a, summary, [role='button']"));
      if (event.key === " " && !onControl && current && !revealed) {
        event.preventDefault();
        reveal(true);
      } else if (/^[1-4]$/.test(event.key) && current && revealed) {
        event.preventDefault();
        rate(Number(event.key) as ReviewRating);
      } else if (event.key.toLowerCase() === "r" && current) {
        event.preventDefault();
        replayRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const kept = history.filter((entry) => !entry.failed);
  const finished = !current && (!hydrated || (settled && queue.items.length === 0));

  let body: React.ReactNode;
  if (current) {
    body = (
      <ReviewCard
        key={`${current.reviewId}:${current.item.phraseId}`}
        item={current.item}
        reviewId={current.reviewId}
        revealed={revealed}
        onRevealChange={reveal}
        onRate={hydrated ? rate : null}
        onAudioReady={(replay) => (replayRef.current = replay)}
        focusOnMount={focusNext}
        cardRef={cardRef}
      />
    );
  } else if (!finished) {
    body = (
      <p className="flex items-center justify-center gap-2 py-16 text-muted">
        <LoaderCircle className="size-5 animate-spin" aria-hidden />
        Saving your rating…
      </p>
    );
  } else if (kept.length > 0) {
    body = (
      <ReviewSummary
        tally={tally(kept.map((entry) => entry.rating))}
        elapsedMs={kept.at(-1)!.ratedAt - kept[0]!.startedAt}
        goal={goal}
        nextDueAt={queue.nextDueAt}
        now={serverNow}
        focus={focusNext}
      />
    );
  } else if (queue.deckEmpty) {
    body = <EmptyDeck focus={focusNext} />;
  } else {
    body = <AllDone goal={goal} nextDueAt={queue.nextDueAt} now={serverNow} focus={focusNext} />;
  }

  const counts = [
    queue.dueCount > 0 ? `${queue.dueCount > DUE_COUNT_CAP ? `${DUE_COUNT_CAP}+` : queue.dueCount} due` : null,
    queue.newCount > 0 ? `${queue.newCount} new` : null,
    kept.length > 0 ? `${kept.length} reviewed` : null,
  ].filter(Boolean);

  return (
    <Container className="pb-16">
      <div className="mx-auto max-w-2xl">
        <div className="mb-4 flex min-h-9 flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-muted tabular-nums">{current ? counts.join(" · ") : null}</p>
          <UndoBar hydrated={hydrated} canUndo={Boolean(last)} onUndo={undo} lastAnswer={lastAnswer} />
        </div>
        {body}
        {current ? (
          <div className="mt-6 space-y-4">
            <GoalProgress goal={goal} />
            {hydrated ? (
              <p className="hidden text-center text-sm text-muted [@media(hover:hover)]:block">
                Keys: <kbd className="font-sans font-semibold text-ink">Space</kbd> shows the answer,{" "}
                <kbd className="font-sans font-semibold text-ink">1</kbd>–<kbd className="font-sans font-semibold text-ink">4</kbd> rate,{" "}
                <kbd className="font-sans font-semibold text-ink">Z</kbd> undoes, <kbd className="font-sans font-semibold text-ink">R</kbd> plays
                it again.
              </p>
            ) : null}
          </div>
        ) : null}
        <p role="status" className="sr-only">
          {announcement.text}
          {announcement.n % 2 ? "\u200b" : ""}
        </p>
        {history.map((entry) => (
          <RefusalWatch
            key={entry.reviewId}
            fetcherKey={`rate:${entry.reviewId}`}
            onRefused={(error) => {
              setHistory((previous) => previous.map((e) => (e.reviewId === entry.reviewId ? { ...e, failed: true } : e)));
              announce(error);
            }}
          />
        ))}
        {undos.map((entry) => (
          <RefusalWatch
            key={`undo:${entry.reviewId}`}
            fetcherKey={`undo:${entry.reviewId}`}
            onRefused={(error) => {
              // The rating stands after all (a later one was built on it): it counts again.
              if (error === reviewTexts.notLatest) setHistory((previous) => [...previous, entry]);
              announce(error);
            }}
          />
        ))}
      </div>
    </Container>
  );
}

/** Undo the last rating: a button with JavaScript; without it, a form for the rating the server just took. */
function UndoBar({
  hydrated,
  canUndo,
  onUndo,
  lastAnswer,
}: {
  hydrated: boolean;
  canUndo: boolean;
  onUndo: () => void;
  lastAnswer: ReviewActionData | null;
}) {
  if (hydrated) {
    if (!canUndo) return null;
    return (
      <Button type="button" variant="outline" size="sm" onClick={onUndo} aria-keyshortcuts="Z Control+Z" className="ml-auto min-h-11 sm:min-h-9">
        <Undo2 aria-hidden />
        Undo last rating
      </Button>
    );
  }
  if (!lastAnswer) return null;
  return (
    <div className="flex w-full flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-ink">
      <p>{!lastAnswer.ok ? lastAnswer.error : lastAnswer.intent === "rate" ? `Saved: ${RATING_LABELS[lastAnswer.rating]}.` : "Rating undone."}</p>
      {lastAnswer.ok && lastAnswer.intent === "rate" ? (
        <form method="post">
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="reviewId" value={lastAnswer.reviewId} />
          <Button type="submit" variant="outline" size="sm" className="min-h-11 sm:min-h-9">
            <Undo2 aria-hidden />
            Undo last rating
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** Reports a rating or undo the server refused, once its answer is in. */
function RefusalWatch({ fetcherKey, onRefused }: { fetcherKey: string; onRefused: (error: string) => void }) {
  const fetcher = useFetcher<ReviewActionData>({ key: fetcherKey });
  const reported = useRef(false);
  const data = fetcher.data;
  useEffect(() => {
    if (reported.current || !data || data.ok) return;
    reported.current = true;
    onRefused(data.error);
  }, [data, onRefused]);
  return null;
}
