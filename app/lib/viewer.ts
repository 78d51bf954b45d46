import { useEffect, useSyncExternalStore } from "react";
import {
  SIGNED_IN_ATTRIBUTE,
  SIGNED_IN_HINT_COOKIE,
  TIME_ZONE_URL,
  VIEWER_PATH_MAX,
  VISITOR,
  viewerUrl,
  type Viewer,
  type ViewerProgress,
} from "#common/viewer.ts";
import { progressAfter, type OutboxChange } from "#common/outbox.ts";

/**
 * The learner's own state on shared pages (docs/decisions/008-shared-pages-private-viewer.md). Public pages are
 * rendered once for everyone and served from the page cache; who is signed in, and what this page shows for them
 * (lesson completion, favourites, a level's completed lessons), comes from `GET /api/viewer?path=…`. The
 * `phrasewise.signed_in=1` hint cookie, which follows the session cookie, tells an inline head script before the first
 * paint to mark <html data-signed-in> (CSS then shows a learner's placeholders instead of "Sign In") and to start that
 * request; the browser code here reuses it once hydrated, and the root route's clientLoader asks again on every
 * client navigation and revalidation. A visitor (no hint) never asks and keeps the server's page as it is. A learner
 * whose answer says no time zone is stored sends the browser's (POST /api/time-zone), once.
 */

const hintPattern = `(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE.replace(".", "\\.")}=1(?:;|$)`;
/** Where the head script leaves its request for the hydrated app to pick up. */
const EARLY_KEY = "__phrasewiseViewer";

/**
 * Runs inline in <head>, before the first paint and long before hydration: with the hint, marks <html> and starts
 * the viewer request so that its answer is usually there by the time React hydrates.
 */
export const viewerHeadScript = `try{if(new RegExp(${JSON.stringify(hintPattern)}).test(document.cookie)){document.documentElement.setAttribute(${JSON.stringify(
  SIGNED_IN_ATTRIBUTE,
)},"");var p=location.pathname;window[${JSON.stringify(EARLY_KEY)}]={path:p,viewer:fetch(${JSON.stringify(
  "/api/viewer?path=",
)}+encodeURIComponent(p.length<=${VIEWER_PATH_MAX}?p:"/"),{credentials:"same-origin"}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})}}}catch(e){}`;

export function hasSignedInHint(): boolean {
  return typeof document !== "undefined" && new RegExp(hintPattern).test(document.cookie);
}

interface ViewerState {
  /** null until the browser knows (always on the server and during hydration): the page shows a visitor's state. */
  viewer: Viewer | null;
  /** The pathname the progress belongs to. */
  path: string | null;
}

let state: ViewerState = { viewer: null, path: null };
const listeners = new Set<() => void>();
// Answers can arrive out of order (the head script's request, then a navigation's): only the newest one counts.
let asked = 0;
let applied = 0;
let zoneSent = false;

function apply(ticket: number, viewer: Viewer | null, path: string) {
  if (ticket < applied) return;
  applied = ticket;
  // A failed request shows the visitor's page rather than placeholders forever; the next navigation asks again.
  const known = viewer ?? VISITOR;
  if (!known.user) document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
  else document.documentElement.setAttribute(SIGNED_IN_ATTRIBUTE, "");
  state = { viewer: known, path };
  for (const listener of listeners) listener();
  // A learner with no time zone stored yet: this browser's, once per page load (the server keeps only a first one).
  if (known.user && !known.timeZoneKnown && !zoneSent) {
    zoneSent = true;
    const body = new URLSearchParams({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    void fetch(TIME_ZONE_URL, { method: "POST", body, credentials: "same-origin" }).catch(() => {});
  }
}

/** The server's answer; null when it gave none usable; "unreachable" when no answer came (no connection). */
async function fetchViewer(pathname: string): Promise<Viewer | null | "unreachable"> {
  let response: Response;
  try {
    response = await fetch(viewerUrl(pathname), { credentials: "same-origin" });
  } catch {
    return "unreachable";
  }
  try {
    return response.ok ? ((await response.json()) as Viewer) : null;
  } catch {
    return null;
  }
}

/** A change the server has just applied (the offline outbox sent it): shown at once, whether or not a reload follows. */
export function applySentChange(change: OutboxChange) {
  const { viewer, path } = state;
  if (!viewer?.user || path === null) return;
  state = { viewer: { ...viewer, progress: progressAfter(viewer.progress, path, change) }, path };
  for (const listener of listeners) listener();
}

/**
 * The viewer for a page the router is about to show (the root clientLoader): asked only when the hint says someone
 * is signed in, so a visitor's navigation makes no extra request.
 */
export async function loadViewer(pathname: string): Promise<void> {
  const ticket = ++asked;
  const viewer = hasSignedInHint() ? await fetchViewer(pathname) : VISITOR;
  // The page on screen reloaded without a connection (app/lib/keep-shown-data.ts): its learner is still signed in.
  if (viewer === "unreachable" && state.viewer && state.path === pathname) return;
  apply(ticket, viewer === "unreachable" ? null : viewer, pathname);
}

let started = false;
/** The first page's viewer, once after hydration: the head script's request when it made one. */
function loadFirstViewer() {
  if (started) return;
  started = true;
  const early = (window as unknown as Record<string, { path: string; viewer: Promise<Viewer | null> } | undefined>)[EARLY_KEY];
  if (early) {
    const ticket = ++asked;
    void early.viewer.then((viewer) => apply(ticket, viewer, early.path));
  } else if (hasSignedInHint()) {
    void loadViewer(window.location.pathname);
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => state;
/** Who is signed in as far as the browser knows now, outside React (the outbox's owner of a change). */
export const currentViewer = (): Viewer | null => state.viewer;
const serverSnapshot: ViewerState = { viewer: null, path: null };
const getServerSnapshot = () => serverSnapshot;

/** Asks for the first page's viewer once React has hydrated (mounted once, in the root). */
export function useFirstViewer() {
  useEffect(loadFirstViewer, []);
}

/** Who is signed in, as far as the browser knows yet (null: not known, render as for a visitor). */
export function useViewer(): Viewer | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot).viewer;
}

/** This learner's progress on the page at `pathname`, or null while it is not known (or for a visitor). */
export function useViewerProgress(pathname: string): ViewerProgress | null {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return current.viewer?.user && current.path === pathname ? current.viewer.progress : null;
}
