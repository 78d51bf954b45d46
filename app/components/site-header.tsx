import { LayoutDashboard } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "#app/lib/page-router.tsx";
import { AccountNav, type HeaderUser } from "#app/components/account-nav.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SiteLogo } from "#app/components/site-logo.tsx";
import { cn } from "#app/lib/cn.ts";
import { primaryNav, useCurrentSection } from "#app/lib/site-links.ts";

/** The header turns translucent once the page has scrolled more than this (SPEC §9). */
export const SCROLL_TRANSLUCENT_AFTER_PX = 10;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export function SiteHeader({
  logo,
  siteName,
  isAdmin,
  user,
  reviewsDue = 0,
}: {
  logo: string | null;
  siteName: string;
  isAdmin: boolean;
  user: HeaderUser | null;
  /** The learner's phrases due for review, from their viewer request (app/lib/viewer.ts). */
  reviewsDue?: number;
}) {
  const scrolled = useScrolledPast(SCROLL_TRANSLUCENT_AFTER_PX);
  const section = useCurrentSection();
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 hidden border-b transition-[background-color,box-shadow,border-color] duration-200 md:block",
        scrolled
          ? "border-brand-100/80 bg-white/75 shadow-[0_6px_24px_-16px_rgb(76_29_149/0.45)] backdrop-blur-md"
          : "border-transparent bg-white",
      )}
    >
      {/*
        768 px holds the logo, the four links and the account controls only if the controls shrink to icons: below
        lg the Admin Dashboard label, below xl the Review, Profile and Sign Out labels become screen-reader text (the names
        stay the same at every width). Nothing here wraps: a label that no longer fits must overflow visibly, and
        e2e/header-layout.desktop.spec.ts measures every role at every width in between.
      */}
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-3 px-6 lg:gap-6 lg:px-8">
        <SiteLogo logo={logo} siteName={siteName} className="shrink-0" />
        <nav aria-label="Main">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {primaryNav.map((item) => {
              const current = item.section === section;
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "block rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors lg:px-4 lg:text-[0.95rem]",
                      current ? "bg-brand-100 text-brand-900" : "text-muted hover:bg-brand-50 hover:text-ink",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center justify-end gap-1 lg:gap-2">
          {isAdmin ? (
            <Button asChild variant="outline" size="smSnug" className="lg:px-3.5">
              <Link to="/admin" title="Admin Dashboard">
                <LayoutDashboard aria-hidden />
                <span className="max-lg:sr-only">Admin Dashboard</span>
              </Link>
            </Button>
          ) : null}
          <AccountNav user={user} reviewsDue={reviewsDue} />
        </div>
      </div>
    </header>
  );
}
