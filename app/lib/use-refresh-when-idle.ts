import { useCallback, useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterContext } from "react-router";

type RouterState = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>["router"]["state"];

const settled = (state: RouterState) =>
  state.navigation.state === "idle" && state.revalidation === "idle" && [...state.fetchers.values()].every((fetcher) => fetcher.state === "idle");

/**
 * A function that reads the page's data again, for news from outside the page (a live event, a reconnect, the outbox
 * having sent). While the router is busy (a navigation, a form's action and its reload, a fetcher) it waits for the
 * router to settle: a revalidation started meanwhile would cancel the one in flight, and with it the toast its answer
 * carries (the flash cookie is read once). A learner's own write is announced on the live channel before its answer
 * arrives, so this case is the common one. Several calls while busy make one reload.
 *
 * The router's state is read as it is now, not as last rendered: React renders the router's updates in transitions,
 * so a component's view of them can lag behind by a render.
 */
export function useRefreshWhenIdle(): () => void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const waiting = useRef<(() => void) | null>(null);
  useEffect(() => () => waiting.current?.(), []);

  return useCallback(() => {
    if (!router || waiting.current) return;
    if (settled(router.state)) {
      void router.revalidate();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!settled(state)) return;
      unsubscribe();
      waiting.current = null;
      void router.revalidate();
    });
    waiting.current = unsubscribe;
  }, [router]);
}
