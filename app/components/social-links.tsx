import type { ChromeSettings } from "#app/lib/chrome.ts";
import { cn } from "#app/lib/cn.ts";

/**
 * The marks are static files (public/images/social), white for the dark footer: as images they cost no JavaScript
 * on every first visit and are cached across pages, where inline paths were 2 KB gzip of every page's scripts
 * (issue 14). Facebook, X, Instagram and Pinterest are simple-icons' paths (CC0 1.0); simple-icons no longer carries
 * LinkedIn's mark, so that one is a plain "in" monogram of our own.
 */
const networks = [
  { key: "facebook_link", label: "Facebook", icon: "/images/social/facebook.svg" },
  { key: "twitter_link", label: "Twitter", icon: "/images/social/x.svg" },
  { key: "instagram_link", label: "Instagram", icon: "/images/social/instagram.svg" },
  { key: "linkedin_link", label: "LinkedIn", icon: "/images/social/linkedin.svg" },
  { key: "pinterest_link", label: "Pinterest", icon: "/images/social/pinterest.svg" },
] as const;

/** Only the networks an admin has configured are shown (SPEC §2). */
export function SocialLinks({ settings, className }: { settings: ChromeSettings; className?: string }) {
  const configured = networks.filter((n) => settings[n.key]);
  if (configured.length === 0) return null;
  return (
    <ul className={cn("flex gap-2", className)} aria-label="Social media">
      {configured.map((network) => (
        <li key={network.key}>
          <a
            href={settings[network.key] ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={network.label}
            className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 transition-colors hover:bg-white/20"
          >
            <img src={network.icon} alt="" width={18} height={18} loading="lazy" decoding="async" className="size-4.5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
