import { useEffect, useState, useSyncExternalStore } from "react";
import { useRefresh } from "#app/lib/page-router.tsx";
import { useViewer } from "#app/lib/viewer.ts";
import { waitingText } from "#common/outbox.ts";

const subscribeOnline = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

/**
 * The site's connection status below the header (mounted once, in the public layout): "Offline" while the browser
 * says so, and how many of the learner's changes wait in the offline outbox. A polite live region announces both.
 *
 * The first render reads only navigator.onLine, and this file stays small (no icons: a lucide module would be a
 * script of its own on every page's first visit). The outbox (IndexedDB, app/lib/outbox/outbox-store.ts) is loaded
 * after hydration and only for a signed-in learner; from then on this sends what waits when the page starts, when
 * the connection returns and when the tab is shown again, and reloads the page's data once something was sent.
 */
export function SyncStatus() {
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const owner = useViewer()?.user?.email ?? null;
  // Counted for one learner: after a sign-out (or another learner's sign-in) the old count is not theirs.
  const [counted, setCounted] = useState<{ owner: string; count: number } | null>(null);
  const waiting = owner !== null && counted?.owner === owner ? counted.count : 0;
  const refresh = useRefresh();

  useEffect(() => {
    if (!owner) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("#app/lib/outbox/outbox-store.ts").then(({ watchOutbox }) => {
      if (!cancelled) stop = watchOutbox(owner, { count: (count) => setCounted({ owner, count }), sent: refresh });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [owner, refresh]);

  return (
    <div className="pointer-events-none sticky top-15 z-30 h-0 md:top-18">
      <div role="status" data-sync-status className="mx-auto flex max-w-7xl flex-wrap justify-end gap-2 px-4 pt-2 md:px-6 lg:px-8">
        {online ? null : (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-ink px-3 py-1 text-sm font-semibold text-white shadow-md">
            <span className="size-2 rounded-full bg-white/70" aria-hidden />
            Offline
          </span>
        )}
        {waiting > 0 ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 shadow-md ring-1 ring-amber-200">
            <span className="size-2 rounded-full bg-amber-500" aria-hidden />
            {waitingText(waiting)}
          </span>
        ) : null}
      </div>
    </div>
  );
}
