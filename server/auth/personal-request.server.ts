import { hasVerifiedFlash } from "#server/auth/flash.server.ts";
import { flashOptions } from "#server/auth/session.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * Whether a request must skip the shared page cache before anything is rendered: only a flash message that verifies
 * (its toast belongs to one browser). A session does not: public pages no longer depend on who asks, the learner's
 * own state comes from /api/viewer (docs/decisions/008-shared-pages-private-viewer.md), and a page that does ask
 * who is signed in marks its own render personal (getSessionUser), so it is sent `private` and never stored. This
 * check costs no database query.
 */
export function personalRequestCheck(runtime: Runtime): (cookieHeader: string | undefined) => boolean {
  const flash = flashOptions(runtime);
  return (cookieHeader) => Boolean(cookieHeader) && hasVerifiedFlash(cookieHeader, flash);
}
