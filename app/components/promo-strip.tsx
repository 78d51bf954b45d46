import { Smartphone, X } from "lucide-react";
import { useState } from "react";
import { Link, usePathname } from "#app/lib/page-router.tsx";
import { HIDE_DOWNLOAD_BAR_KEY, writeStorage } from "#app/lib/browser-storage.ts";

/** Mobile-only strip promoting the app; hidden on /download, dismissal kept for the browser session (SPEC §2). */
export function PromoStrip({ siteName }: { siteName: string }) {
  const pathname = usePathname();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || pathname === "/download") return null;
  const dismiss = () => {
    writeStorage("session", HIDE_DOWNLOAD_BAR_KEY, "true");
    document.documentElement.setAttribute("data-hide-download-bar", "");
    setDismissed(true);
  };
  return (
    <aside
      data-promo-strip
      aria-label="Get the app"
      className="flex items-center gap-3 bg-gradient-to-r from-brand-800 to-brand-700 px-4 py-2.5 text-white md:hidden"
    >
      <Smartphone className="size-5 shrink-0 text-brand-200" aria-hidden />
      <p className="min-w-0 flex-1 text-sm leading-snug font-medium">Learn offline with the {siteName} app</p>
      <Link
        to="/download"
        className="shrink-0 rounded-full bg-accent-600 px-3.5 py-1.5 text-sm font-bold text-white shadow-sm hover:bg-accent-700"
      >
        Free App
      </Link>
      <button
        type="button"
        onClick={dismiss}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-brand-100 hover:bg-white/10"
        aria-label="Dismiss app promotion"
      >
        <X className="size-4" aria-hidden />
      </button>
    </aside>
  );
}
