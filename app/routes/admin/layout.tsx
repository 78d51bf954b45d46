import { ExternalLink, LogOut } from "lucide-react";
import { Form, Link, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { CatalogChangeNotice } from "#app/components/admin/catalog-change-notice.tsx";
import { RowIconSprite } from "#app/components/admin/row-icons.tsx";
import { SiteLogo } from "#app/components/site-logo.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { adminOverview, adminSections } from "#app/lib/admin-sections.ts";
import { cn } from "#app/lib/cn.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import { storagePublicUrl } from "#server/runtime.server.ts";
import type { Route } from "./+types/layout";

/**
 * The admin shell (SPEC §2), outside the public layout. This check only decides whether the shell renders: every
 * admin route's own loader and action calls requireAdmin as well.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  // Where stored files live when not on this site: the page's policy loads images and audio from there too.
  const storage = storagePublicUrl(getRuntime(context).env);
  return { email: user.email, mediaOrigins: storage ? [new URL(storage).origin] : [] };
}

const tabs = [adminOverview, ...adminSections];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { chrome, siteName } = useRootData();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // The skeleton stands in for another section's page while it loads. A change of query on the same page (a search,
  // a page of results, a dialog opened by address) keeps the page: replacing it lost the focus and the scroll.
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin") && navigation.location.pathname !== pathname;
  return (
    <div className="min-h-dvh bg-brand-50/40">
      <RowIconSprite />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header data-admin-header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3">
            <SiteLogo logo={chrome.logo} siteName={siteName} />
            <span className="hidden rounded-full bg-brand-100 px-3 py-1 text-xs font-bold tracking-wide text-brand-800 uppercase sm:inline">
              Admin
            </span>
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <span className="hidden max-w-[14rem] truncate text-sm text-muted lg:inline">{loaderData.email}</span>
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <ExternalLink aria-hidden />
                View Site
              </Link>
            </Button>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" variant="outline" size="sm">
                <LogOut aria-hidden />
                Sign Out
              </Button>
            </Form>
          </div>
        </div>
        {/* Every tab in sight on every width (a sideways scroller hid Settings on a phone and a tablet): four to a
            row on a phone, one row of eight from 640 px, the label beside its icon from 1024 px. */}
        <nav aria-label="Admin" className="mx-auto max-w-7xl px-2 sm:px-4 lg:px-6">
          <ul className="grid grid-cols-4 sm:grid-cols-8 lg:flex lg:gap-1">
            {tabs.map(({ to, label, icon: Icon }) => (
              <li key={to} className="min-w-0">
                <NavLink
                  to={to}
                  end={to === "/admin"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-12 flex-col items-center justify-center gap-0.5 border-b-2 px-1 text-xs font-semibold transition-colors",
                      "lg:min-h-11 lg:flex-row lg:gap-2 lg:px-3 lg:text-sm",
                      isActive ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink",
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <CatalogChangeNotice />
        {loading ? <AdminSkeleton /> : <Outlet />}
      </main>
    </div>
  );
}

export function AdminSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-6">
      <div className="h-9 w-64 max-w-full animate-pulse rounded-xl bg-brand-100" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-32 animate-pulse rounded-[var(--radius-card)] border border-brand-100 bg-white" />
        ))}
      </div>
    </div>
  );
}
