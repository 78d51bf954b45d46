import { CookieConsent } from "#app/components/cookie-consent.tsx";
import { BottomTabBar, MobileTopBar } from "#app/components/mobile-nav.tsx";
import { PromoStrip } from "#app/components/promo-strip.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { SyncStatus } from "#app/components/sync-status.tsx";
import { useRootData } from "#app/lib/root-data.ts";

/** The public site's shared chrome around a page (SPEC §2): header, status, footer, app promotion, cookie notice. */
export function PublicChrome({ children }: { children: React.ReactNode }) {
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
