/**
 * What the server and the browser agree on about the learner's own state on shared pages
 * (docs/decisions/008-shared-pages-private-viewer.md): the hint cookie, the /api/viewer answer and its limits. The
 * browser side (the head script, the store and its hooks) is app/lib/viewer.ts.
 */

export const SIGNED_IN_HINT_COOKIE = "phrasewise.signed_in";
/** The longest `path` /api/viewer accepts (a longer address names no page with personal state). */
export const VIEWER_PATH_MAX = 512;
export const SIGNED_IN_ATTRIBUTE = "data-signed-in";

export interface ViewerUser {
  email: string;
  name: string;
  image: string | null;
}

/** What the page at the asked path shows for this learner; empty lists elsewhere. */
export interface ViewerProgress {
  /** The ids of the completed lessons of the level the path names (a level page, or one of its lessons). */
  completedLessons: string[];
  /** The ids of the learner's favourite phrases among the lesson's (a lesson page). */
  favorites: string[];
}

export interface Viewer {
  user: ViewerUser | null;
  isAdmin: boolean;
  progress: ViewerProgress;
  /** Phrases waiting in the learner's review deck now (capped at DUE_COUNT_CAP + 1, shown as "99+"). */
  reviewsDue: number;
}

export const VISITOR: Viewer = { user: null, isAdmin: false, progress: { completedLessons: [], favorites: [] }, reviewsDue: 0 };

export function viewerUrl(pathname: string) {
  return `/api/viewer?path=${encodeURIComponent(pathname.length <= VIEWER_PATH_MAX ? pathname : "/")}`;
}
