import { ArrowLeft, CircleAlert, LoaderCircle, RefreshCw } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AdminAccessPanel } from "#app/components/admin/settings/admin-access-panel.tsx";
import { AppLinksPanel, ContentPanel, SocialPanel } from "#app/components/admin/settings/form-panels.tsx";
import { BrandingPanel } from "#app/components/admin/settings/branding-panel.tsx";
import { EmbedPanel } from "#app/components/admin/settings/embed-panel.tsx";
import { notify } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import type { SiteSettings } from "#common/settings.ts";
import { DEFAULT_SETTINGS_TAB, settingsTabOf, settingsTabs, settingsText } from "#common/settings-forms.ts";

/** Website Settings (SPEC §2): six tabs, the current one in `?tab=` so Back and a shared link open it. */
export function SettingsScreen({ settings, error, origin }: { settings: SiteSettings | null; error: string | null; origin: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const tab = settingsTabOf(searchParams.get("tab"));
  const loading = revalidator.state === "loading";
  const revalidate = revalidator.revalidate;
  const idle = revalidator.state === "idle";

  // SPEC §4: the settings are read again whenever the window regains focus (another admin may have changed them).
  useEffect(() => {
    if (!idle) return;
    const onFocus = () => void revalidate();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [idle, revalidate]);

  useEffect(() => {
    if (error) notify({ ...settingsText.loadFailed, description: error });
  }, [error]);

  function goBack() {
    // SPEC §2: history back, also to a page before this app's first one in the tab (React Router counts only its
    // own entries). Only a tab with nothing to go back to (opened on this page) goes to the dashboard instead.
    if (canGoBack()) window.history.back();
    else void navigate("/admin");
  }

  function selectTab(value: string) {
    const next = new URLSearchParams(searchParams);
    if (value === DEFAULT_SETTINGS_TAB) next.delete("tab");
    else next.set("tab", value);
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : "" }, { preventScrollReset: true });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-ink">Website Settings</h1>
          <p className="mt-1 text-muted">Store links, home page texts, branding, social links and the embeddable banner.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={goBack}>
            <ArrowLeft aria-hidden />
            Back to Dashboard
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={loading}>
            <RefreshCw className={cn(loading && "animate-spin")} aria-hidden />
            Refresh
          </Button>
        </div>
      </div>

      {loading ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          Loading settings...
        </p>
      ) : null}

      {error || !settings ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-bold">Error</p>
            <p className="mt-1 text-sm">{settingsText.loadFailed.title}</p>
            <p className="mt-1 text-sm">{error ?? "Please try again later"}</p>
          </div>
        </div>
      ) : (
        <Tabs.Root value={tab} onValueChange={selectTab} activationMode="manual">
          <Tabs.List
            aria-label="Settings sections"
            className="grid grid-cols-2 gap-1 rounded-2xl border border-brand-100 bg-white p-1 shadow-[var(--shadow-card)] sm:grid-cols-3 lg:grid-cols-6"
          >
            {settingsTabs.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="min-h-11 rounded-xl px-3 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=active]:bg-brand-700 data-[state=active]:text-white"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="mt-6">
            <Tabs.Content value="admin">
              <AdminAccessPanel />
            </Tabs.Content>
            <Tabs.Content value="app">
              <AppLinksPanel settings={settings} />
            </Tabs.Content>
            <Tabs.Content value="content">
              <ContentPanel settings={settings} />
            </Tabs.Content>
            <Tabs.Content value="branding">
              <BrandingPanel settings={settings} />
            </Tabs.Content>
            <Tabs.Content value="social">
              <SocialPanel settings={settings} />
            </Tabs.Content>
            <Tabs.Content value="embed">
              <EmbedPanel settings={settings} origin={origin} />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      )}
    </div>
  );
}

/** Whether this tab has an entry to go back to: the Navigation API knows; without it, any earlier entry counts. */
function canGoBack() {
  const { navigation } = window as { navigation?: { canGoBack: boolean } };
  if (navigation) return navigation.canGoBack;
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0 || window.history.length > 1;
}
