import { Form, Link, useFetcher, useLocation, useMatches, useParams, useRouteLoaderData } from "react-router";
import type { LinkProps, PageRouter, SharedPageData } from "#app/lib/page-router.tsx";
import { useRefreshWhenIdle } from "#app/lib/use-refresh-when-idle.ts";
import { isLessonPath } from "#common/catalog.ts";

/**
 * A link in the app; to a lesson, a document load: the lesson page then hydrates as a lesson document
 * (docs/decisions/020-lesson-document.md), from the service worker's copy when offline, and never needs React
 * Router's code for the lesson route, which a learner who opened lessons only as documents has never loaded.
 */
function RouterLink({ to, ...props }: LinkProps) {
  return <Link to={to} reloadDocument={isLessonPath(to)} {...props} />;
}

/** React Router as the page router of every page it hydrates (provided by the root's layout). */
export const reactRouterPageRouter: PageRouter = {
  Link: RouterLink,
  Form,
  usePathname: () => useLocation().pathname,
  useLeafRouteId: () => useMatches().at(-1)?.id,
  useParams,
  useFetcher,
  useRefresh: useRefreshWhenIdle,
  useSharedData() {
    const data = useRouteLoaderData("root") as SharedPageData | undefined;
    if (!data) throw new Error("The root route's data is missing");
    return data;
  },
};
