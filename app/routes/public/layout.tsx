import { Outlet } from "react-router";
import { CookieConsent } from "#app/components/cookie-consent.tsx";
import { BottomTabBar, MobileTopBar } from "#app/components/mobile-nav.tsx";
import { PromoStrip } from "#app/components/promo-strip.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { useRootData } from "#app/root.tsx";

export default function PublicLayout() {
  const { chrome, siteName, isAdmin } = useRootData();
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
        <Outlet />
      </main>
      <SiteFooter settings={chrome} siteName={siteName} />
      <BottomTabBar />
      <CookieConsent />
    </div>
  );
}
