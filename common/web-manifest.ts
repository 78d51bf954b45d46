import { DEFAULT_FAVICON } from "#common/settings.ts";

/** The brand color (app.css's brand-700), for the installed app's title bar and splash screen. */
export const THEME_COLOR = "#6d28d9";

export const DEFAULT_APP_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

const iconTypes: Record<string, string> = { svg: "image/svg+xml", png: "image/png", webp: "image/webp", ico: "image/x-icon", jpg: "image/jpeg", jpeg: "image/jpeg" };

/**
 * The web app manifest (served at /manifest.webmanifest): the site's name, and the branding's icon when an admin set
 * one. The default icons stay listed after it: browsers pick the best size for each use and need a 192 and a 512
 * pixel icon to offer installation, which an uploaded icon of unknown size may not be.
 */
export function webManifest({ siteName, favicon }: { siteName: string; favicon: string | null }) {
  const branded = favicon && favicon !== DEFAULT_FAVICON ? favicon : null;
  const extension = branded?.split(/[?#]/)[0]?.split(".").pop()?.toLowerCase() ?? "";
  return {
    id: "/",
    name: siteName,
    short_name: siteName,
    description: `Learn everyday phrases with native-speaker audio, online and offline.`,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: [...(branded ? [{ src: branded, sizes: "any", ...(iconTypes[extension] ? { type: iconTypes[extension] } : {}), purpose: "any" }] : []), ...DEFAULT_APP_ICONS],
  };
}
