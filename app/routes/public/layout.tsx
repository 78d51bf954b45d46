import { Outlet, useNavigation } from "react-router";
import { SkeletonCards } from "#app/components/catalog-cards.tsx";
import { CookieConsent } from "#app/components/cookie-consent.tsx";
import { BottomTabBar, MobileTopBar } from "#app/components/mobile-nav.tsx";
import { Container } from "#app/components/page-header.tsx";
import { PromoStrip } from "#app/components/promo-strip.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { useRootData } from "#app/root.tsx";

/** Skeleton cards shown while a list page loads on client navigation (SPEC §2, §9). */
const skeletonsByPath: Record<string, { count: number; label: string }> = {
  "/languages": { count: 6, label: "Loading languages" },
  "/blog": { count: 3, label: "Loading blog posts" },
};

export default function PublicLayout() {
  const { chrome, siteName, isAdmin } = useRootData();
  const navigation = useNavigation();
  const pending = navigation.state === "loading" ? skeletonsByPath[navigation.location.pathname] : undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <PromoStrip siteName={siteName} />
      <MobileTopBar logo={chrome.logo} siteName={siteName} />
      <SiteHeader logo={chrome.logo} siteName={siteName} isAdmin={isAdmin} />
      <main id="main" className="flex-1">
        {pending ? (
          <Container className="py-14">
            <div className="mb-8 h-10 w-72 max-w-full animate-pulse rounded-xl bg-brand-100" />
            <SkeletonCards count={pending.count} label={pending.label} />
          </Container>
        ) : (
          <Outlet />
        )}
      </main>
      <SiteFooter settings={chrome} siteName={siteName} />
      <BottomTabBar />
      <CookieConsent />
    </div>
  );
}
