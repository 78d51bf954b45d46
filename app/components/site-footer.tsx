import { Link } from "#app/lib/page-router.tsx";
import { SocialLinks } from "#app/components/social-links.tsx";
import { StoreButtons } from "#app/components/store-buttons.tsx";
import { DEFAULT_LOGO, DEFAULT_LOGO_LIGHT } from "#app/components/site-logo.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ChromeSettings } from "#app/lib/chrome.ts";
import { primaryNav } from "#app/lib/site-links.ts";

const linkClass = "text-brand-100 transition-colors hover:text-white";

/** Light on dark: the default logo's white variant. An uploaded logo's colours are unknown, so it keeps a light chip. */
function FooterLogo({ logo, siteName }: { logo: string | null; siteName: string }) {
  const uploaded = logo && logo !== DEFAULT_LOGO ? logo : null;
  return (
    <Link to="/" className={cn("inline-flex rounded-md", uploaded !== null && "bg-white px-3 py-2")} aria-label={`${siteName} home`}>
      <img src={uploaded ?? DEFAULT_LOGO_LIGHT} alt={siteName} className="h-9 w-auto" height={36} width={162} />
    </Link>
  );
}

export function SiteFooter({ settings, siteName }: { settings: ChromeSettings; siteName: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-950 pb-24 text-brand-100 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:px-8">
        <div className="space-y-4">
          <FooterLogo logo={settings.logo} siteName={siteName} />
          <p className="max-w-xs text-sm leading-relaxed text-brand-200">
            Practical everyday phrases with native-speaker audio. Join over 10,000 language learners.
          </p>
          <SocialLinks settings={settings} />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-4 text-sm font-bold tracking-wider text-white uppercase">
            Quick Links
          </h2>
          <ul className="space-y-2.5">
            {primaryNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-4 text-sm font-bold tracking-wider text-white uppercase">
            Help &amp; Legal
          </h2>
          <ul className="space-y-2.5">
            <li>
              <Link to="/faq" className={linkClass}>
                FAQ
              </Link>
            </li>
            <li>
              <Link to="/support" className={linkClass}>
                Contact Us
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-use" className={linkClass}>
                Terms of Use
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 text-sm font-bold tracking-wider text-white uppercase">Get the App</h2>
          <StoreButtons appStoreLink={settings.app_store_link} playStoreLink={settings.play_store_link} />
          {!settings.app_store_link && !settings.play_store_link ? (
            <Link to="/download" className={linkClass}>
              Learn about the {siteName} app
            </Link>
          ) : null}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-6 py-6 text-sm text-brand-200 lg:px-8">
          © {year} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
