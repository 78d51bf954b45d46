/**
 * Registers the service worker (service-worker/sw.ts) once the page has loaded and the browser is idle, so it costs
 * the first paint and hydration nothing. Production builds only: `npm run dev` has no worker. `updateViaCache:
 * "none"` makes the browser ask the server for /sw.js on every check, so a new build is found on the next visit;
 * the new worker takes over at once (skipWaiting and clients.claim in the worker). Imports nothing: it is part of
 * every page's first-visit JavaScript.
 */
const SERVICE_WORKER_PATH = "/sw.js";

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/", updateViaCache: "none" }).catch((error: unknown) => {
      console.warn("Service worker registration failed", error);
    });
  };
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
