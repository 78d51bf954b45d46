import { useEffect, useRef } from "react";

/**
 * The website's end of the live channel (GET /api/v1/events, server/api/endpoints/events.server.ts). EventSource sends
 * the session cookie, so a signed-in page hears its learner's own events. Imported only by the pages that listen
 * (the profile, the admin area), so it never weighs on the public pages' first visit.
 *
 * EventSource reconnects by itself after the server's `retry`, at a fixed pace; we reconnect ourselves instead, after
 * 1, 2, 5, then 10 s (SPEC §9), back to 1 s once a connection is up again.
 */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export type LiveEventName = "catalog.changed" | "settings.changed" | "sync.available";

export interface LiveEventHandlers {
  on: Partial<Record<LiveEventName, () => void>>;
  /**
   * After a reconnect: events sent while the connection was down are not replayed, so whatever they would have
   * refreshed may be stale.
   */
  onReconnect?: () => void;
}

export function useLiveEvents(handlers: LiveEventHandlers) {
  // The latest handlers, without reconnecting when they change from one render to the next.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  const names = Object.keys(handlers.on).sort().join(" ");

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;

    const connect = () => {
      source = new EventSource("/api/v1/events");
      source.addEventListener("ready", () => {
        failures = 0;
        if (connectedBefore) current.current.onReconnect?.();
        connectedBefore = true;
      });
      for (const name of names.split(" ").filter(Boolean) as LiveEventName[]) source.addEventListener(name, () => current.current.on[name]?.());
      source.onerror = () => {
        source?.close();
        const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
        failures += 1;
        retry = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [names]);
}
