import { Cookie } from "lucide-react";
import { useState } from "react";
import { Link } from "#app/lib/page-router.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { COOKIE_CONSENT_KEY, writeStorage, type ConsentLevel } from "#app/lib/browser-storage.ts";
import { applyConsent } from "#app/lib/consent.ts";

/** Shown until the visitor chooses; 'all' grants analytics and ad storage, 'essential' denies both (SPEC §9). */
export function CookieConsent() {
  const [chosen, setChosen] = useState(false);
  if (chosen) return null;
  const choose = (level: ConsentLevel) => {
    writeStorage("local", COOKIE_CONSENT_KEY, level);
    applyConsent(level);
    document.documentElement.setAttribute("data-cookie-consent", level);
    setChosen(true);
  };
  return (
    <section
      data-cookie-banner
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-2xl animate-[slide-up_300ms_ease-out] rounded-2xl border border-brand-100 bg-white p-5 shadow-[0_20px_50px_-20px_rgb(46_16_101/0.45)] md:bottom-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Cookie className="hidden size-8 shrink-0 text-accent-500 sm:block" aria-hidden />
        <p className="flex-1 text-sm leading-relaxed text-muted">
          We use essential cookies to make the site work, and optional ones to understand how it is used. See our{" "}
          <Link to="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => choose("essential")}>
            Essential only
          </Button>
          <Button size="sm" onClick={() => choose("all")}>
            Accept all
          </Button>
        </div>
      </div>
    </section>
  );
}
