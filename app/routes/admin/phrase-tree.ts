import type { AdminAudioGroup, AdminPhraseLesson, AdminPhraseLevel } from "#common/phrases-admin.ts";
import { phraseGroups, phraseLessons, phraseLevels } from "#server/admin/phrases-admin.server.ts";
import { requireAdmin } from "#server/auth/session.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/phrase-tree";

/** What one accordion (or one cascading select) asks for; the ids it asked with come back, to drop stale answers. */
export type PhraseTreeData =
  | { kind: "levels"; languageId: string; levels: AdminPhraseLevel[] }
  | { kind: "lessons"; languageId: string; levelId: string; lessons: AdminPhraseLesson[] }
  | { kind: "groups"; languageId: string; levelId: string; lessonId: string; groups: AdminAudioGroup[] };

/** Catalogue ids are short slugs; anything longer than this is no id of ours (SPEC §9 keeps them far below). */
const MAX_ID = 200;

const noStore = { "Cache-Control": "private, no-store" };

/**
 * GET /admin/phrases/tree?language=…[&level=…[&lesson=…]]: the children of one node of the Phrases tab's accordions,
 * loaded when it opens: a language's levels, a level's lessons (with group counts), or a lesson's audio groups.
 * Admins only (others are redirected like every admin page); the answer is personal and never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const languageId = params.get("language") ?? "";
  const levelId = params.get("level") ?? "";
  const lessonId = params.get("lesson") ?? "";
  if (!languageId || [languageId, levelId, lessonId].some((id) => id.length > MAX_ID) || (lessonId && !levelId)) {
    return Response.json({ error: "Name a language, and a level before a lesson" }, { status: 400, headers: noStore });
  }
  const { db } = getRuntime(context).database;
  let body: PhraseTreeData;
  if (lessonId) body = { kind: "groups", languageId, levelId, lessonId, groups: await phraseGroups(db, languageId, levelId, lessonId) };
  else if (levelId) body = { kind: "lessons", languageId, levelId, lessons: await phraseLessons(db, languageId, levelId) };
  else body = { kind: "levels", languageId, levels: await phraseLevels(db, languageId) };
  return Response.json(body, { headers: noStore });
}
