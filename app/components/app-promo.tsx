import { Smartphone } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { StoreButtons } from "#app/components/store-buttons.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";

/** The app download promotion under a lesson (SPEC §2). Hidden when the settings could not be loaded. */
export function AppPromo({
  siteName,
  appStoreLink,
  playStoreLink,
}: {
  siteName: string;
  appStoreLink: string | null;
  playStoreLink: string | null;
}) {
  return (
    <aside
      aria-labelledby="app-promo-title"
      className="relative overflow-hidden rounded-[var(--radius-card)] bg-gradient-to-br from-brand-800 to-brand-950 p-6 text-white md:p-8"
    >
      <div aria-hidden className="absolute -top-16 -right-16 size-56 rounded-full bg-accent-500/25 blur-2xl" />
      <div className="relative flex flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white/10">
            <Smartphone className="size-6 text-accent-200" aria-hidden />
          </span>
          <div>
            <h2 id="app-promo-title" className="text-xl font-bold">
              Take this lesson offline with the {siteName} app
            </h2>
            <p className="mt-1 text-brand-100">Every level, progress tracking and personalized recommendations.</p>
          </div>
        </div>
        {appStoreLink || playStoreLink ? (
          <StoreButtons appStoreLink={appStoreLink} playStoreLink={playStoreLink} />
        ) : (
          <Link to="/download" className={buttonClasses("accent", "md")}>
            Download App
          </Link>
        )}
      </div>
    </aside>
  );
}
