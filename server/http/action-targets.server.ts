import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Which submissions (POST, PUT, PATCH, DELETE) have an action to answer them, decided from the build's route table
 * the way React Router picks the route a submission targets (the deepest match that contributes to the path; an
 * index route only with a bare `?index`). A submission to a page without an action is answered 405 by the caller
 * before React Router runs: the framework would render the whole error page for it, and log an 11-line stack each
 * time, which made strangers' posts an amplifier for CPU and log volume.
 */
export function createActionTargets(build: ServerBuild) {
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
  return function hasAction(url: URL): boolean {
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
  };
}
