import { CircleCheckBig, createLucideIcon, LogIn } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";

// Heart: lucide's own icon (lucide-react 1.75, ISC), defined here instead of imported. Its lucide module is shared with
// other pages, so on the lesson page it would be a file of its own, mostly per-file overhead (about 0.2 KB gzip against
// 0.05 here; docs/decisions/010-learn-mode.md). inline-icons.test.ts checks it against lucide's.
export const Heart = createLucideIcon({
  name: "heart",
  size: 24,
  node: [
    [
      "path",
      {
        d: "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5",
        key: "mvr1a0",
      },
    ],
  ],
});

/**
 * The lesson page's progress bar as the shared page renders it, for a visitor: an invitation to sign in. A signed-in
 * learner's card (mark the lesson complete, then where to go next) is in lesson-learner.tsx, which the page loads
 * only for a learner.
 *
 * While a learner's own state is on its way (app/lib/viewer.ts), CSS shows a neutral placeholder of the same size
 * instead of the invitation (`data-learner-placeholder`). Without JavaScript nobody's state shows, so a plain form to
 * mark the lesson complete stays in <noscript>.
 */
export function LessonProgress({ signInHref }: { signInHref: string }) {
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
      {/* Only the server's HTML needs its content: the browser never renders a <noscript>'s children. */}
      <noscript>
        {import.meta.env.SSR ? (
          <form method="post" className="flex justify-end">
            <input type="hidden" name="intent" value="complete" />
            <input type="hidden" name="value" value="true" />
            <Button type="submit" variant="outline">
              <CircleCheckBig aria-hidden />
              Mark as complete
            </Button>
          </form>
        ) : null}
      </noscript>
    </>
  );
}

/** Where a learner's favorite button will be, while their state is on its way (hidden from visitors by CSS). */
export function FavoritePlaceholder() {
  return <span data-learner-placeholder aria-hidden className="inline-flex size-11 items-center justify-center rounded-full text-brand-200"><Heart className="size-5" aria-hidden /></span>;
}
