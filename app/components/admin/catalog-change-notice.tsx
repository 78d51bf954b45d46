import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useLiveEvents } from "#app/lib/live-events.ts";

/**
 * How long after this tab's own save a catalogue change still counts as ours: the server announces a change while it
 * answers the save, and over several app servers the announcement comes back through the database a little later.
 */
const OWN_CHANGE_MS = 1_500;

/** Whether this tab is saving something (a form or a fetcher posting), as React Router sees it. */
function useSaving() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const posting = (method: string | undefined) => method !== undefined && method.toUpperCase() !== "GET";
  return (navigation.state !== "idle" && posting(navigation.formMethod)) || fetchers.some((f) => f.state !== "idle" && posting(f.formMethod));
}

/**
 * A quiet notice when the catalogue changes under this admin tab because of someone else (another admin, another
 * tab, the CLI) or of background work (reading aids computed seconds after a save, which the event does not tell
 * apart: the bus says only that the catalogue changed): what the page shows may be out of date. A polite live region, so a screen reader hears it without
 * being interrupted; Reload fetches the page's data again and keeps what is typed in an open form.
 */
export function CatalogChangeNotice() {
  const saving = useSaving();
  const revalidator = useRevalidator();
  const [stale, setStale] = useState(false);
  const ownUntil = useRef(0);
  const savingNow = useRef(saving);
  useEffect(() => {
    savingNow.current = saving;
    ownUntil.current = saving ? Number.POSITIVE_INFINITY : Date.now() + OWN_CHANGE_MS;
  }, [saving]);

  useLiveEvents({
    on: {
      "catalog.changed": () => {
        if (!savingNow.current && Date.now() > ownUntil.current) setStale(true);
      },
    },
  });

  return (
    <div role="status" aria-live="polite">
      {stale ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-white px-4 py-3 text-sm text-ink">
          <p>The catalogue was updated by another admin or a background task. Reload to see the latest.</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setStale(false);
              void revalidator.revalidate();
            }}
          >
            <RefreshCw aria-hidden />
            Reload
          </Button>
        </div>
      ) : null}
    </div>
  );
}
