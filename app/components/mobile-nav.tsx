import { Download, Home, Languages, Menu, Newspaper, X } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "#app/lib/page-router.tsx";
import { AccountNav, type HeaderUser } from "#app/components/account-nav.tsx";
import { dueBadge } from "#common/viewer.ts";
import { SiteLogo } from "#app/components/site-logo.tsx";
import { cn } from "#app/lib/cn.ts";
import { primaryNav, useCurrentSection } from "#app/lib/site-links.ts";

/** Under 768px: a top bar with the logo and a slide-in menu (SPEC §2). */
export function MobileTopBar({
  logo,
  siteName,
  user = null,
  isAdmin = false,
  reviewsDue = 0,
}: {
  logo: string | null;
  siteName: string;
  /** Account links in the menu: Sign In, or Review, Profile and Sign Out (and Admin Dashboard for admins). */
  user?: HeaderUser | null;
  isAdmin?: boolean;
  /** The learner's phrases due for review (their viewer request): a badge on the menu button and on Review. */
  reviewsDue?: number;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const section = useCurrentSection();
  const close = () => dialog.current?.close();
  const badge = user && reviewsDue > 0 ? dueBadge(reviewsDue) : null;
  return (
    <div className="sticky top-0 z-40 flex h-15 items-center justify-between border-b border-brand-100 bg-white/90 px-4 backdrop-blur-md md:hidden">
      <SiteLogo logo={logo} siteName={siteName} />
      <button
        type="button"
        className="relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
        aria-label={badge ? `Open menu, ${badge} due for review` : "Open menu"}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden />
        {badge ? (
          <span aria-hidden className="absolute top-0 right-0 min-w-5 rounded-full bg-accent-700 px-1 text-center text-[0.7rem] leading-5 font-bold text-white">
            {badge}
          </span>
        ) : null}
      </button>
      {/*
        The native modal dialog traps focus, closes on Escape and makes the page inert, with no script library:
        this menu is on every public page, so its weight counts against the first-visit JavaScript budget.
      */}
      <dialog
        ref={dialog}
        aria-labelledby="mobile-menu-title"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[82%] max-w-xs bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/40 backdrop:backdrop-blur-[2px] open:animate-[slide-in_200ms_ease-out]"
      >
        <div className="flex h-full flex-col p-5">
          <div className="mb-6 flex items-center justify-between">
            <h2 id="mobile-menu-title" className="text-lg font-bold">
              Menu
            </h2>
            <button
              type="button"
              onClick={close}
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-brand-50"
              aria-label="Close menu"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={close}
                    aria-current={item.section === section ? "page" : undefined}
                    className={cn(
                      "block rounded-xl px-4 py-3 text-base font-semibold",
                      item.section === section ? "bg-brand-100 text-brand-900" : "text-ink hover:bg-brand-50",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto space-y-2 border-t border-brand-100 pt-4">
            {isAdmin ? (
              <Link to="/admin" onClick={close} className="block rounded-xl px-4 py-3 text-base font-semibold text-ink hover:bg-brand-50">
                Admin Dashboard
              </Link>
            ) : null}
            <AccountNav user={user} reviewsDue={reviewsDue} layout="column" onNavigate={close} />
          </div>
        </div>
      </dialog>
    </div>
  );
}

const tabs = [
  { to: "/", label: "Home", icon: Home, section: "home" },
  { to: "/languages", label: "Languages", icon: Languages, section: "languages" },
  { to: "/blog", label: "Blog", icon: Newspaper, section: "blog" },
  { to: "/download", label: "Download", icon: Download, section: "download" },
] as const;

export function BottomTabBar() {
  const section = useCurrentSection();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-100 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid grid-cols-4">
        {tabs.map(({ to, label, icon: Icon, section: tabSection }) => {
          const current = tabSection === section;
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "relative flex h-16 flex-col items-center justify-center gap-1 text-xs font-semibold",
                  current ? "text-brand-700" : "text-muted",
                )}
              >
                {/* The current tab's bar on top: colour alone is a weak cue. */}
                {current ? <span aria-hidden className="absolute inset-x-5 top-0 h-0.5 rounded-full bg-brand-700" /> : null}
                <Icon className="size-5" aria-hidden />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
