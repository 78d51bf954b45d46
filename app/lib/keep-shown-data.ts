import { useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { readStorage, RELOADED_FOR_KEY, removeStorage, writeStorage } from "#app/lib/browser-storage.ts";

/**
 * A reload of the page's data in the background (the offline outbox having sent, a live event, a reconnect) can fail
 * because the connection dropped under it, even while the browser believes it is online. The router would then
 * replace the page with the error boundary, and a learner reading a lesson would find "Something went wrong" instead.
 * A route's clientLoader that loads through reloadOrKeep keeps what the page shows instead: the data of the page
 * being shown, as last rendered. A navigation to another page that fails still shows the error: there is nothing of
 * that page to keep.
 */
let shown: { page: string; data: ReadonlyMap<string, unknown> } = { page: "", data: new Map() };

/** fetch's own failure (no answer came: Chromium, Firefox and Safari word it so), not a bug's TypeError. */
const isUnreachable = (error: unknown) => error instanceof TypeError && /fetch|network|load failed/i.test(error.message);

/** The page as the router's request names it: its path and query, without the data request's suffix. */
function pageOf(url: URL): string {
  return url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") + url.search;
}

/** The address the viewer and the data belong to (the root clientLoader's request can be /_root.data). */
export const pagePathname = (request: Request) => pageOf(new URL(request.url)).replace(/\?.*$/, "");

/** Remembers the data of the page on screen, after each render that changed it (mounted once, in the root). */
export function useRememberShownData() {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  useEffect(() => {
    shown = { page: pathname + search, data: new Map(matches.map((match) => [match.id, match.loaderData])) };
    if (readStorage("session", RELOADED_FOR_KEY) !== null) removeStorage("session", RELOADED_FOR_KEY);
  }, [matches, pathname, search]);
}

/**
 * A route's clientLoader: its server data, or, when no answer came (fetch's TypeError) for the page already on
 * screen, the data that page shows. Anything else (a 404, a server error, a redirect) is the server's answer, as
 * before. `routeId` is the route file's path under app/ without its extension (tests/keep-shown-data.test.ts checks).
 */
export async function reloadOrKeep<T>(routeId: string, { request, serverLoader }: { request: Request; serverLoader: () => Promise<T> }): Promise<T> {
  try {
    return await serverLoader();
  } catch (error) {
    const onScreen = shown.data.get(routeId);
    if (isUnreachable(error) && pageOf(new URL(request.url)) === shown.page && onScreen !== undefined) return onScreen as T;
    throw error;
  }
}

/** Whether `data` is what the route shows already (kept by reloadOrKeep rather than read again). */
export const isShown = (routeId: string, data: unknown) => shown.data.get(routeId) === data;

const here = () => window.location.pathname + window.location.search;

/**
 * A navigation to another page that found no connection is loaded as a document instead, which the service worker
 * answers with a downloaded or visited copy, or the offline page (docs/decisions/014-offline.md). Once per address
 * until a page shows, so that a failure the document load cannot mend either is not retried in a loop.
 */
const mayReloadAsDocument = () => readStorage("session", RELOADED_FOR_KEY) !== here();

function reloadAsDocument() {
  writeStorage("session", RELOADED_FOR_KEY, here());
  window.location.reload();
}

/**
 * For an error boundary (the root's, the public layout's): "reloading" while a link followed without a connection
 * is loaded as a document instead (render nothing meanwhile, rather than a flash of the error page); "offline" when
 * that was tried already; null for any other error. Only after hydration: the first render shows what the server did.
 */
export function useUnreachableError(error: unknown): "reloading" | "offline" | null {
  const unreachable = typeof document !== "undefined" && document.documentElement.hasAttribute("data-hydrated") && isUnreachable(error);
  const [reloading] = useState(() => unreachable && mayReloadAsDocument());
  useEffect(() => {
    if (reloading) reloadAsDocument();
  }, [reloading]);
  return reloading ? "reloading" : unreachable ? "offline" : null;
}
