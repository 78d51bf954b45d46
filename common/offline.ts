/**
 * What the service worker (service-worker/sw.ts) and the page's download code (app/lib/offline/) agree on: the cache
 * names and which requests may ever be stored. See docs/decisions/014-offline.md.
 */

/** Lessons saved with "Download for offline": pages, their .data, their audio and the scripts they run. Never expired. */
export const DOWNLOADS_CACHE = "phrasewise-downloads";
/** Public pages (and their .data) the learner visited, network-first, bounded. */
export const PAGES_CACHE = "phrasewise-pages";
/** The build's fingerprinted files (/assets/*): immutable, so cache-first, bounded. */
export const ASSETS_CACHE = "phrasewise-assets";
/** The offline page of one build; the version makes each build's a cache of its own, dropped when the next activates. */
export const offlineCacheName = (version: string) => `phrasewise-offline-${version}`;

export const OFFLINE_PATH = "/offline";

/**
 * Paths whose answers belong to one person or change state: never stored by the service worker, whoever asks. The
 * API (the viewer's own progress among it), sign-in, the admin area, the learner's profile and review, and the
 * resources that are cheap to fetch again.
 */
const privatePrefixes = ["/api", "/admin", "/auth", "/profile", "/review"];

export function isPrivatePath(pathname: string): boolean {
  const page = pathname.replace(/\.data$/, "");
  return privatePrefixes.some((prefix) => page === prefix || page.startsWith(`${prefix}/`));
}

/** Whether a response may be kept: a plain 200 (no redirect followed, not opaque) that no header keeps private. */
export function isStorableResponse(response: Pick<Response, "status" | "type" | "redirected" | "headers">): boolean {
  if (response.status !== 200 || response.redirected || (response.type !== "basic" && response.type !== "default")) return false;
  return !/\b(?:no-store|private)\b/i.test(response.headers.get("cache-control") ?? "");
}

/** A page's single-fetch data address, as React Router's client navigations ask for it. */
export function dataUrlOf(pagePath: string): string {
  return pagePath === "/" ? "/_root.data" : `${pagePath.replace(/\/$/, "")}.data`;
}

/** The same-origin /assets/ files a page's HTML names (module preloads, the entry script, the manifest). */
export function assetUrlsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/["'(](\/assets\/[\w.@/-]+\.(?:js|css|woff2|svg|png|webp))["')]/g)].map((m) => m[1]!))];
}
