import { siFacebook, siInstagram, siPinterest, siX } from "simple-icons";
import type { ChromeSettings } from "#app/lib/chrome.ts";
import { cn } from "#app/lib/cn.ts";

/** simple-icons no longer carries LinkedIn's mark, so this is a plain "in" monogram of our own. */
const linkedinPath =
  "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-.96 1.83-1.97 3.77-1.97 4.03 0 4.77 2.5 4.77 5.75V21h-4v-5.1c0-1.22-.02-2.79-1.8-2.79-1.8 0-2.08 1.33-2.08 2.7V21h-4V9.75Z";

const networks = [
  { key: "facebook_link", label: "Facebook", path: siFacebook.path },
  { key: "twitter_link", label: "Twitter", path: siX.path },
  { key: "instagram_link", label: "Instagram", path: siInstagram.path },
  { key: "linkedin_link", label: "LinkedIn", path: linkedinPath },
  { key: "pinterest_link", label: "Pinterest", path: siPinterest.path },
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
            className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
          >
            <svg viewBox="0 0 24 24" className="size-4.5" fill="currentColor" aria-hidden>
              <path d={network.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
