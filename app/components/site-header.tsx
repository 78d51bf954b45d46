import { LayoutDashboard } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { AccountNav, type HeaderUser } from "#app/components/account-nav.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SiteLogo } from "#app/components/site-logo.tsx";
import { cn } from "#app/lib/cn.ts";
import { primaryNav } from "#app/lib/site-links.ts";

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
}: {
  logo: string | null;
  siteName: string;
  isAdmin: boolean;
  user: HeaderUser | null;
}) {
  const scrolled = useScrolledPast(SCROLL_TRANSLUCENT_AFTER_PX);
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
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-6 px-6 lg:px-8">
        <SiteLogo logo={logo} siteName={siteName} />
        <nav aria-label="Main">
          <ul className="flex items-center gap-1">
            {primaryNav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  className={({ isActive }) =>
                    cn(
                      "rounded-full px-4 py-2 text-[0.95rem] font-semibold transition-colors",
                      isActive ? "bg-brand-50 text-brand-800" : "text-muted hover:bg-brand-50 hover:text-ink",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-[9rem] items-center justify-end gap-2">
          {isAdmin ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/admin">
                <LayoutDashboard aria-hidden />
                Admin Dashboard
              </Link>
            </Button>
          ) : null}
          <AccountNav user={user} />
        </div>
      </div>
    </header>
  );
}
