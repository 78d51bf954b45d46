import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
// Inlined: one render-blocking round trip less on a first visit (about 9 KB gzip per page). Only the server
// renders it; React leaves the server's <style> content alone, so the browser bundle does not carry it twice.
import appCss from "./app.css?inline";
// Admin documents link the same stylesheet instead (useLinkedStylesheet).
import appCssUrl from "./app.css?url";
// The same file app.css declares: preloaded so the first paint can use it (font-display: optional).
import brandFontUrl from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";
import { preferencesScript } from "#app/lib/browser-storage.ts";
import { useCspNonce } from "#app/lib/csp-nonce.ts";
import { isShown, pagePathname, reloadOrKeep, useRememberShownData, useUnreachableError } from "#app/lib/keep-shown-data.ts";
import { loadViewer, useFirstViewer, viewerHeadScript } from "#app/lib/viewer.ts";
import { PageRouterProvider, type SharedPageData } from "#app/lib/page-router.tsx";
import { reactRouterPageRouter } from "#app/lib/page-router-react-router.tsx";
import { isQueuedResult } from "#common/outbox.ts";
import { startHydrationScript } from "#common/deferred-hydration.ts";
import { chromeSettings } from "#app/lib/chrome.ts";
import { DEFAULT_FAVICON } from "#common/settings.ts";
import { LazyToaster, notify } from "#app/components/toaster.tsx";
import { FirstPageToasts, usePageStart } from "#app/components/page-start.tsx";
import type { LessonPageData } from "#app/components/lesson-page.tsx";
import { LESSON_DOCUMENT_ROOT_ID, LESSON_ROUTE_ID, type LessonDocumentData } from "#app/lesson-document/data.ts";
import { LessonDocumentAssetsContext, LessonDocumentScripts } from "#app/lesson-document/document-scripts.tsx";
import { use, useState } from "react";
import { clearFlashCookie, readFlash } from "#server/auth/flash.server.ts";
import { flashOptions } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";

/**
 * The same for everyone (the page cache shares it): who is signed in is not read here but fetched by the browser
 * from /api/viewer (app/lib/viewer.ts, docs/decisions/008-shared-pages-private-viewer.md). A verified flash message
 * makes its request personal before this runs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const settings = await runtime.settings.get();
  const flash = readFlash(request, flashOptions(runtime));
  return data(
    {
      siteName: runtime.env.SITE_NAME,
      publicUrl: runtime.env.PUBLIC_URL,
      supportEmail: runtime.env.SUPPORT_EMAIL,
      chrome: chromeSettings(settings),
      toasts: flash.messages,
    } satisfies SharedPageData,
    flash.present ? { headers: { "Set-Cookie": clearFlashCookie(flashOptions(runtime)) } } : undefined,
  );
}

/**
 * On every client navigation and revalidation: the shared data, and beside it (in parallel) the viewer for the page
 * being opened, which app/lib/viewer.ts keeps for useRootData and the pages' progress. No `hydrate`: the first page's
 * viewer is asked for after hydration (useFirstViewer), as a hydrating clientLoader makes the router finish an
 * initial navigation, which scrolls the reader back to the top and drops the preload links.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([reloadOrKeep("root", { request, serverLoader }), loadViewer(pagePathname(request))]);
  // Shown as the answer arrives, not when React renders it: the flash cookie is read once, and a reload that
  // follows at once (a live event after the learner's own write) can replace this data before a render shows it.
  // Data kept from the screen (no connection) had its toasts shown already.
  if (!isShown("root", data)) for (const message of data.toasts) notify(message);
  return data;
}

/**
 * The signed-in state, the admin role and any toast can change with every navigation: always re-read. Except after a
 * write that waits in the offline outbox (app/lib/outbox): nothing changed on the server, and offline the read fails.
 */
export const shouldRevalidate = ({ actionResult }: ShouldRevalidateFunctionArgs) => !isQueuedResult(actionResult);

const inlineCss = import.meta.env.SSR ? appCss : "";
// Likewise the inline head and body scripts: they run from the server's HTML, before and without the bundle, which
// needs no copy of them (React leaves a hydrated element's inner HTML alone; hence suppressHydrationWarning).
const inlineScripts = import.meta.env.SSR
  ? { preferences: preferencesScript, viewer: viewerHeadScript, hydration: startHydrationScript }
  : { preferences: "", viewer: "", hydration: "" };

/**
 * A lesson page rendered on the server as a document hydrates without React Router (app/lesson-document/,
 * docs/decisions/020-lesson-document.md): its data and scripts, or null for every other page, in the browser and
 * where the build has no lesson document's scripts (`npm run dev`).
 */
function useLessonDocument() {
  const assets = use(LessonDocumentAssetsContext);
  const matches = useMatches();
  const error = useRouteError();
  const shared = useRouteLoaderData<typeof loader>("root");
  const leaf = matches.at(-1);
  if (!assets || error != null || !shared || leaf?.id !== LESSON_ROUTE_ID) return null;
  const page = leaf.loaderData as LessonPageData | undefined;
  if (!page?.found) return null;
  const data: LessonDocumentData = { shared, page };
  return { assets, data };
}

/** The admin area's layout route (app/routes.ts). */
const ADMIN_LAYOUT_ROUTE_ID = "routes/admin/layout";

/**
 * Whether this document links the stylesheet rather than inlining it: admin pages do. The inline copy saves public
 * pages a render-blocking request on a first visit; an admin works through many full pages in one session, where it
 * was 77 KB more of every answer for the server to render and compress (issue 28 target 5), and a linked file is
 * fetched once and kept (its name is fingerprinted). Decided by the document's first render, on the server and at
 * hydration alike, then kept for the document's life: the inline `<style>` and the `<link>` each hold the whole
 * stylesheet, and swapping them on a client navigation would only drop it for a moment (or, as the browser bundle
 * carries no inline copy, for good).
 */
function useLinkedStylesheet() {
  const matches = useMatches();
  const [linked] = useState(() => matches.some((match) => match.id === ADMIN_LAYOUT_ROUTE_ID));
  return linked;
}

export function Layout({ children }: { children: React.ReactNode }) {
  usePageStart();
  const linkedStylesheet = useLinkedStylesheet();
  const lessonDocument = useLessonDocument();
  const data = useRouteLoaderData<typeof loader>("root");
  const favicon = data?.chrome.favicon || DEFAULT_FAVICON;
  // The browser hides a nonce once parsed, and has none to give when hydrating: hence suppressHydrationWarning.
  const nonce = useCspNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#6d28d9" />
        <link rel="icon" href={favicon} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="preload" href={brandFontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineScripts.preferences }} suppressHydrationWarning />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineScripts.viewer }} suppressHydrationWarning />
        <Meta />
        {linkedStylesheet ? (
          <link rel="stylesheet" href={appCssUrl} />
        ) : (
          <style dangerouslySetInnerHTML={{ __html: inlineCss }} suppressHydrationWarning />
        )}
        <Links />
      </head>
      <body className="min-h-dvh bg-white">
        {lessonDocument ? (
          <div id={LESSON_DOCUMENT_ROOT_ID} className="contents">
            <PageRouterProvider value={reactRouterPageRouter}>{children}</PageRouterProvider>
            <LazyToaster />
          </div>
        ) : (
          <>
            <PageRouterProvider value={reactRouterPageRouter}>{children}</PageRouterProvider>
            <LazyToaster />
            <ScrollRestoration />
          </>
        )}
        {lessonDocument ? <LessonDocumentScripts {...lessonDocument} nonce={nonce} /> : <Scripts />}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineScripts.hydration }} suppressHydrationWarning />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFirstViewer();
  useRememberShownData();
  return (
    <>
      <Outlet />
      <FirstPageToasts messages={loaderData.toasts} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A link followed without a connection: the page as a document instead, from the service worker (its copy, or the
  // offline page).
  const connection = useUnreachableError(error);
  if (connection === "reloading") return null;
  const unreachable = connection === "offline";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = unreachable ? "You're offline" : status === 404 ? "Oops! Page not found" : "Something went wrong";
  const detail = unreachable
    ? "This page isn't available offline."
    : status === 404
      ? "The page you're looking for doesn't exist."
      : "Please try again in a moment. If it keeps happening, contact support.";
  if (!isRouteErrorResponse(error) && !unreachable) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      {unreachable ? null : <p className="text-6xl font-extrabold text-brand-700">{status}</p>}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{detail}</p>
      <a href="/" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Return to Home
      </a>
    </main>
  );
}
