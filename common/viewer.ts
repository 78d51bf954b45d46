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
  /**
   * Whether the learner's time zone is stored. False for a learner whose browser has not told it yet: the browser then
   * sends its own once (POST /api/time-zone, app/lib/viewer.ts), and their days follow it from then on.
   */
  timeZoneKnown: boolean;
}

export const VISITOR: Viewer = { user: null, isAdmin: false, progress: { completedLessons: [], favorites: [] }, reviewsDue: 0, timeZoneKnown: false };

/**
 * The header's badge counts up to this, then shows "99+". Here rather than in common/review.ts (which re-exports it):
 * the header is in every page's first script, and review.ts brings zod with it.
 */
export const DUE_COUNT_CAP = 99;

/** The due count as the header's badge shows it: "12", or "99+" above DUE_COUNT_CAP. */
export function dueBadge(count: number): string {
  return count > DUE_COUNT_CAP ? `${DUE_COUNT_CAP}+` : String(count);
}

/** Where the browser sends its time zone for a learner who has none stored (a form post of `timeZone`). */
export const TIME_ZONE_URL = "/api/time-zone";

export function viewerUrl(pathname: string) {
  return `/api/viewer?path=${encodeURIComponent(pathname.length <= VIEWER_PATH_MAX ? pathname : "/")}`;
}
