import { isRouteErrorResponse, Outlet, useNavigation } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { SkeletonCards } from "#app/components/card-grid.tsx";
import { Container } from "#app/components/page-header.tsx";
import { PublicChrome } from "#app/components/public-chrome.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/layout";
import { useUnreachableError } from "#app/lib/keep-shown-data.ts";

/** Skeleton cards shown while a list page loads on client navigation (SPEC §2, §9). */
const skeletonsByPath: Record<string, { count: number; label: string }> = {
  "/languages": { count: 6, label: "Loading languages" },
  "/blog": { count: 3, label: "Loading blog posts" },
};

export default function PublicLayout() {
  return <PublicChrome><PendingOrOutlet /></PublicChrome>;
}

function PendingOrOutlet() {
  const navigation = useNavigation();
  const pending = navigation.state === "loading" ? skeletonsByPath[navigation.location.pathname] : undefined;
  if (!pending) return <Outlet />;
  return (
    <Container className="py-14">
      <div className="mb-8 h-10 w-72 max-w-full animate-pulse rounded-xl bg-brand-100" />
      <SkeletonCards count={pending.count} label={pending.label} />
    </Container>
  );
}

/** A failure inside a public page keeps the site's chrome around the message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A link followed without a connection: the page as a document instead (app/lib/keep-shown-data.ts).
  const connection = useUnreachableError(error);
  if (connection === "reloading") return null;
  const offline = connection === "offline";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error) && !offline) console.error(error);
  return (
    <PublicChrome>
      <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <h1 className="text-3xl font-extrabold">{offline ? "You're offline" : notFound ? "Oops! Page not found" : "Something went wrong"}</h1>
        <p className="mt-3 text-muted">
          {offline
            ? "This page isn't available offline."
            : notFound
              ? "The page you're looking for doesn't exist or has been moved."
              : "Please try again in a moment."}
        </p>
        <Button asChild className="mt-8">
          <Link to="/">Return to Home</Link>
        </Button>
      </section>
    </PublicChrome>
  );
}
