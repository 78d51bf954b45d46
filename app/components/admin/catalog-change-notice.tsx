import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetchers, useMatches, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useLiveEvents } from "#app/lib/live-events.ts";

/**
 * How long a catalogue change waits before it is shown: the tab's own save announces its change while the save is
 * answered, and the page's data is read again right after; React Router's updates are transitions, so the tab may
 * not show itself busy yet when the announcement arrives.
 */
const SETTLE_MS = 1_000;
/**
 * A change heard this soon after the tab was last busy (a save, a reload of its data) counts as its own: a save starts
 * background work (reading aids) that announces a change of its own seconds later, and the page already shows what
 * the admin saved. A change another admin makes in that window is not reported; the next one is.
 */
const OWN_ACTIVITY_MS = 5_000;

/** Whether this tab is loading or saving anything (a navigation, a form, a fetcher), as React Router shows it. */
function useBusy() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
}

/**
 * A quiet notice when the catalogue changes under this admin tab because of someone else (another admin, another
 * tab, the CLI) or of background work (reading aids computed seconds after a save; the event says only that the
 * catalogue changed): what the page shows may be out of date. A change counts as this tab's own when the page's data
 * is read again after it (a save is followed by that), or when it is heard while the tab saves or loads, or within
 * OWN_ACTIVITY_MS after (the background work a save starts). A tab that has done nothing since it opened hears every
 * change.
 * A polite live region, so a screen reader hears it without being interrupted; Reload reads the page's data again
 * and keeps what is typed in an open form.
 */
export function CatalogChangeNotice() {
  const busy = useBusy();
  const revalidator = useRevalidator();
  const data = useMatches().map((match) => match.loaderData);
  const [shownData, setShownData] = useState(data);
  const [change, setChange] = useState<"none" | "settling" | "settled">("none");
  if (data.length !== shownData.length || data.some((each, i) => each !== shownData[i])) {
    // Fresh data: whatever changed before it was read is on the page now.
    setShownData(data);
    if (change !== "none") setChange("none");
  }

  // Whether the tab is loading or saving now, and when it last stopped (0: not since the page was opened).
  const busyNow = useRef(busy);
  const idleSince = useRef(0);
  useEffect(() => {
    if (busyNow.current && !busy) idleSince.current = Date.now();
    busyNow.current = busy;
  }, [busy]);

  useLiveEvents({
    on: {
      "catalog.changed": () => {
        if (busyNow.current || (idleSince.current > 0 && Date.now() - idleSince.current < OWN_ACTIVITY_MS)) return;
        setChange((current) => (current === "settled" ? current : "settling"));
      },
    },
  });
  useEffect(() => {
    if (change !== "settling") return;
    const timer = setTimeout(() => setChange("settled"), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [change]);

  return (
    // data-catalog-change: where a change stands ("settling" until the page's data is read again or SETTLE_MS pass).
    <div role="status" aria-live="polite" data-catalog-change={change}>
      {change === "settled" && !busy ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-white px-4 py-3 text-sm text-ink">
          <p>The catalog was updated by another admin or a background task. Reload to see the latest.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void revalidator.revalidate()}>
            <RefreshCw aria-hidden />
            Reload
          </Button>
        </div>
      ) : null}
    </div>
  );
}
