import { isRouteErrorResponse, Link, Outlet, useNavigation } from "react-router";
import { SkeletonCards } from "#app/components/card-grid.tsx";
import { CookieConsent } from "#app/components/cookie-consent.tsx";
import { BottomTabBar, MobileTopBar } from "#app/components/mobile-nav.tsx";
import { Container } from "#app/components/page-header.tsx";
import { PromoStrip } from "#app/components/promo-strip.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { SyncStatus } from "#app/components/sync-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useRootData } from "#app/root.tsx";
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

function PublicChrome({ children }: { children: React.ReactNode }) {
  const { chrome, siteName, isAdmin, user, reviewsDue } = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <PromoStrip siteName={siteName} />
      <MobileTopBar logo={chrome.logo} siteName={siteName} user={user} isAdmin={isAdmin} reviewsDue={reviewsDue} />
      <SiteHeader logo={chrome.logo} siteName={siteName} isAdmin={isAdmin} user={user} reviewsDue={reviewsDue} />
      <SyncStatus />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter settings={chrome} siteName={siteName} />
      <BottomTabBar />
      <CookieConsent />
    </div>
  );
}
