import { useEffect, useState } from "react";
import { notify } from "#app/components/toaster.tsx";
import { registerServiceWorker } from "#app/lib/offline/register-service-worker.ts";
import type { ToastMessage } from "#common/toast.ts";

/**
 * What every page does once hydrated, with React Router (app/root.tsx) or without it (the lesson document,
 * app/lesson-document/): marks <html data-hydrated> (the page is interactive from here; tests and CSS can wait for
 * it) and registers the service worker.
 */
export function usePageStart() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
    registerServiceWorker();
  }, []);
}

/**
 * Shows the server's toasts (flash cookie) of the page the server rendered; after that, the clientLoader shows each
 * answer's. Each carries the id its cookie was given, so the same answer read twice shows once, and a second
 * "Lesson completed" a few seconds after the first is a toast of its own rather than an update of the first one
 * while it leaves (which vanished with it).
 */
export function FirstPageToasts({ messages }: { messages: (ToastMessage & { id: string })[] }) {
  const [initial] = useState(messages);
  useEffect(() => {
    for (const message of initial) notify(message);
  }, [initial]);
  return null;
}
