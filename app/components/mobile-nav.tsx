import { Download, Home, Languages, Menu, Newspaper, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { NavLink } from "react-router";
import { AccountNav, type HeaderUser } from "#app/components/account-nav.tsx";
import { SiteLogo } from "#app/components/site-logo.tsx";
import { cn } from "#app/lib/cn.ts";
import { primaryNav } from "#app/lib/site-links.ts";

/** Under 768px: a top bar with the logo and a slide-in menu (SPEC §2). */
export function MobileTopBar({
  logo,
  siteName,
  user = null,
  isAdmin = false,
}: {
  logo: string | null;
  siteName: string;
  /** Account links in the menu: Sign In, or Profile and Sign Out (and Admin Dashboard for admins). */
  user?: HeaderUser | null;
  isAdmin?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="sticky top-0 z-40 flex h-15 items-center justify-between border-b border-brand-100 bg-white/90 px-4 backdrop-blur-md md:hidden">
      <SiteLogo logo={logo} siteName={siteName} />
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
          aria-label="Open menu"
        >
          <Menu className="size-6" aria-hidden />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
          <Dialog.Content
            className="fixed inset-y-0 right-0 z-50 flex w-[82%] max-w-xs flex-col bg-white p-5 shadow-2xl data-[state=open]:animate-[slide-in_200ms_ease-out]"
            aria-describedby={undefined}
          >
            <div className="mb-6 flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
              <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-full hover:bg-brand-50" aria-label="Close menu">
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <nav aria-label="Mobile">
              <ul className="flex flex-col gap-1">
                {primaryNav.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.to === "/"}
                      onClick={() => setOpen(false)}
                      className={({ isActive }) =>
                        cn(
                          "block rounded-xl px-4 py-3 text-base font-semibold",
                          isActive ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-brand-50",
                        )
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-auto space-y-2 border-t border-brand-100 pt-4">
              {isAdmin ? (
                <NavLink
                  to="/admin"
                  onClick={() => setOpen(false)}
                  className="block rounded-xl px-4 py-3 text-base font-semibold text-ink hover:bg-brand-50"
                >
                  Admin Dashboard
                </NavLink>
              ) : null}
              <AccountNav user={user} layout="column" onNavigate={() => setOpen(false)} />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

const tabs = [
  { to: "/", label: "Home", icon: Home },
  { to: "/languages", label: "Languages", icon: Languages },
  { to: "/blog", label: "Blog", icon: Newspaper },
  { to: "/download", label: "Download", icon: Download },
] as const;

export function BottomTabBar() {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-100 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid grid-cols-4">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/"}
              className={({ isActive }) =>
                cn(
                  "flex h-16 flex-col items-center justify-center gap-1 text-xs font-semibold",
                  isActive ? "text-brand-700" : "text-muted",
                )
              }
            >
              <Icon className="size-5" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
