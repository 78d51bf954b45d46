import { useEffect } from "react";
import { useBlocker, type Blocker } from "react-router";

/**
 * Holds a navigation away from the page while `dirty` (work on the page that is not saved): a link or a filter that
 * changes the address is blocked until the caller's question is answered (`blocker.proceed()` or `blocker.reset()`),
 * and closing or reloading the tab gets the browser's own warning. Submissions by fetchers are not navigations and
 * pass. One per page: React Router runs a single blocker at a time.
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.reset();
  }, [blocker, dirty]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  return blocker;
}
