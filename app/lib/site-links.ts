import { useLeafRouteId } from "#app/lib/page-router.tsx";

/** The sections of the public site that the header, the mobile menu and the bottom tab bar mark as current. */
export type SiteSection = "home" | "languages" | "download" | "blog" | "profile";

/** The public navigation (SPEC §2, shared chrome). */
export const primaryNav = [
  { to: "/", label: "Home", section: "home" },
  { to: "/languages", label: "Languages", section: "languages" },
  { to: "/download", label: "Download App", section: "download" },
  { to: "/blog", label: "Blog", section: "blog" },
] as const;

/**
 * By route rather than by path: /{language}/... shares its first segment with every other top-level page, so only
 * the route that answered knows that /spanish/a1 is a Languages page and /faq is none.
 */
const sectionByRoute: Record<string, SiteSection> = {
  "routes/public/home": "home",
  "routes/public/languages": "languages",
  "routes/public/language": "languages",
  "routes/public/level": "languages",
  "routes/public/lesson": "languages",
  "routes/public/locked-content": "languages",
  "routes/public/download": "download",
  "routes/public/blog": "blog",
  "routes/public/blog-post": "blog",
  "routes/profile/profile": "profile",
};

export function sectionOfRoute(routeId: string | undefined): SiteSection | null {
  return (routeId && sectionByRoute[routeId]) || null;
}

/** The section of the page on screen, or null (the FAQ, the legal pages, a 404). */
export function useCurrentSection(): SiteSection | null {
  return sectionOfRoute(useLeafRouteId());
}

export function isExternalUrl(href: string) {
  return /^(https?:)?\/\//i.test(href) || /^mailto:/i.test(href);
}
