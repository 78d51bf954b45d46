import type { RouterContextProvider } from "react-router";
import { getIsAdmin } from "#server/auth/session.server.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { openLesson, openLevel, type LessonAccess, type LevelAccess } from "#server/catalog/public-catalog.server.ts";

/**
 * A level or lesson as this request may see it on the public site: locked content opens only for an admin's preview
 * (issue 27, point 4), everyone else gets the redirect. The role is asked only for locked content, and asking makes
 * the answer private: the page cache never stores an admin's view (nor does it store a redirect).
 */
type Context = Readonly<RouterContextProvider>;

export async function openLevelFor(request: Request, context: Context, catalog: CatalogSnapshot, languageId: string, levelId: string): Promise<LevelAccess> {
  const access = openLevel(catalog, languageId, levelId);
  if (access.kind !== "locked" || !(await getIsAdmin(request, context))) return access;
  return openLevel(catalog, languageId, levelId, { asAdmin: true });
}

export async function openLessonFor(
  request: Request,
  context: Context,
  catalog: CatalogSnapshot,
  ids: { language: string; level: string; lesson: string },
): Promise<LessonAccess> {
  const access = openLesson(catalog, ids.language, ids.level, ids.lesson);
  if (access.kind !== "locked" || !(await getIsAdmin(request, context))) return access;
  return openLesson(catalog, ids.language, ids.level, ids.lesson, { asAdmin: true });
}
