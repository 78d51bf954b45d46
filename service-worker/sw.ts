/**
 * The site's service worker, bundled on its own by vite.service-worker.ts into build/client/sw.js (served from
 * /sw.js, `no-cache`). Built from Workbox's modules; what it stores where, and why, is in
 * docs/decisions/014-offline.md. In short:
 * - nothing private is ever stored: /api, /admin, /auth, /profile, /review, anything but GET, and any answer that is
 *   not a plain 200 or says `private`/`no-store` (a locked lesson's redirect included);
 * - public pages and their .data: network first, the visited ones kept (bounded) for reading offline;
 * - /assets/*: fingerprinted, so cache first (bounded);
 * - downloaded lessons (app/lib/offline/download.ts fills that cache): answered from it when the network fails, and
 *   their audio always from it, with range support so seeking works;
 * - a navigation that fails with nothing stored goes to this build's offline page (/offline?from=…).
 * Each build is a new worker (its version is the build's id): it takes over at once, so nobody stays on an old one.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { createPartialResponse } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types.js";
import {
  ASSETS_CACHE,
  assetUrlsIn,
  DOWNLOADS_CACHE,
  isPrivatePath,
  isStorableResponse,
  OFFLINE_PATH,
  offlineCacheName,
  PAGES_CACHE,
} from "#common/offline.ts";

declare const self: ServiceWorkerGlobalScope;
/** Set by the build (vite.service-worker.ts): the client build's id. */
declare const __SW_VERSION__: string;

const version = __SW_VERSION__;
const offlineCache = offlineCacheName(version);

/** Keeps only what may be stored (see common/offline.ts), whatever the strategy. */
const onlyStorable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorableResponse(response) ? response : null),
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
});
const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [onlyStorable, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
});

/** A downloaded copy, cut to the asked range for media (an <audio> seeks with Range requests). */
async function fromDownloads(request: Request, options: { ignoreSearch?: boolean } = {}): Promise<Response | undefined> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  const stored = await cache.match(request, { ignoreVary: true, ignoreSearch: options.ignoreSearch ?? false });
  if (!stored) return undefined;
  return request.headers.has("range") ? createPartialResponse(request, stored) : stored;
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const publicGet = (request: Request, url: URL) => request.method === "GET" && sameOrigin(url) && !isPrivatePath(url.pathname);

// Pages: the network, else a downloaded or visited copy, else the offline page.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && publicGet(request, url),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      const request = options.request as Request;
      const downloaded = await fromDownloads(request);
      if (downloaded) return downloaded;
      if (options.url.pathname !== OFFLINE_PATH) {
        // To the offline page's own address, rather than its HTML under this one: the router hydrates the page it
        // was rendered for, and would otherwise try to load this address's data.
        return Response.redirect(`${OFFLINE_PATH}?from=${encodeURIComponent(options.url.pathname + options.url.search)}`, 302);
      }
      return (await caches.match(OFFLINE_PATH, { cacheName: offlineCache, ignoreSearch: true })) ?? Response.error();
    }
  },
);

// A page's data for client navigations: the same, without the offline page. When this fails, the page loads the
// address as a document instead (app/lib/keep-shown-data.ts), which the route above answers.
registerRoute(
  ({ request, url }) => url.pathname.endsWith(".data") && publicGet(request, url),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await fromDownloads(options.request as Request, { ignoreSearch: true })) ?? Response.error();
    }
  },
);

// The build's files: stored once, by name.
registerRoute(
  ({ request, url }) => url.pathname.startsWith("/assets/") && publicGet(request, url),
  async (options) => (await fromDownloads(options.request as Request)) ?? assets.handle(options),
);

// Audio: a downloaded lesson's from its copy (with ranges), anything else straight from the network, never stored
// while it streams.
registerRoute(
  ({ request, url }) => url.pathname.startsWith("/storage/") && publicGet(request, url),
  async ({ request }) => (await fromDownloads(request as Request)) ?? fetch(request),
);

/** This build's offline page, and the files it runs, stored before the worker takes over. */
async function storeOfflinePage(): Promise<void> {
  const response = await fetch(OFFLINE_PATH, { credentials: "omit" });
  if (!isStorableResponse(response)) throw new Error(`The offline page answered ${response.status}`);
  const html = await response.clone().text();
  await (await caches.open(offlineCache)).put(OFFLINE_PATH, response);
  const assetCache = await caches.open(ASSETS_CACHE);
  await Promise.all(assetUrlsIn(html).map(async (url) => (await assetCache.match(url)) ?? assetCache.add(url)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(storeOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((name) => name.startsWith(offlineCacheName("")) && name !== offlineCache).map((name) => caches.delete(name))),
    ),
  );
});
clientsClaim();

// Which build this worker is (the page and the tests ask).
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "version") event.ports[0]?.postMessage({ version });
});
