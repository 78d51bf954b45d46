import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The build's route table, for questions answered before React Router runs (it would render a whole page to answer
 * them):
 *
 * - whether a submission (POST, PUT, PATCH, DELETE) reaches an action, decided the way React Router picks the route a
 *   submission targets (the deepest match that contributes to the path; an index route only with a bare `?index`).
 *   Without one the caller answers 405 itself: the framework rendered the error page and logged an 11-line stack
 *   each time, which made strangers' posts an amplifier for CPU and log volume;
 * - which route answers a page's path (the deepest match), so every path only the catch-all 404 route answers can
 *   share one cached render.
 */
/** How many paths' route ids are remembered at most, and the longest path remembered: at most about 1 MB. */
const RECENT_PAGES_MAX = 2000;
const RECENT_PATH_MAX = 256;

export function createRouteTable(build: ServerBuild) {
  const byParent = new Map<string | undefined, Array<ServerBuild["routes"][string] & object>>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);

  /** Whether a submission to this URL reaches an action (false also when no route matches). */
  function hasAction(url: URL): boolean {
    // A submission by the client-side router goes to the page's `.data` twin (the home page's is `/_root.data`).
    const pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
    const matches = matchRoutes(routes, pathname);
    if (!matches?.length) return false;
    const last = matches[matches.length - 1]!;
    const nakedIndex = url.searchParams.getAll("index").some((value) => value === "");
    const target =
      last.route.index && nakedIndex
        ? last
        : matches.filter((match, index) => index === 0 || (match.route.path !== undefined && match.route.path.length > 0)).at(-1)!;
    return Boolean(build.routes[target.route.id!]?.module.action);
  }

  // matchRoutes flattens and ranks the whole table on every call (0.5 ms here, on every request the page cache does
  // not answer at once); the answers for recent paths are kept. Paths are the client's, so the memory is bounded.
  const recentPages = new Map<string, string | undefined>();

  /** The id of the route that answers a GET of this path (the deepest match), if any. */
  function pageRouteId(pathname: string): string | undefined {
    if (recentPages.has(pathname)) return recentPages.get(pathname);
    const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
    if (pathname.length > RECENT_PATH_MAX) return id;
    if (recentPages.size >= RECENT_PAGES_MAX) recentPages.clear();
    recentPages.set(pathname, id);
    return id;
  }

  return { hasAction, pageRouteId };
}
