import { and, eq, gt, sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, learnerDay } from "#common/learner-day.ts";
import { VIEWER_PATH_MAX, type Viewer } from "#common/viewer.ts";
import { ADMIN_ROLE } from "#server/auth/roles.server.ts";
import { openLesson, openLevel } from "#server/catalog/public-catalog.server.ts";
import type { CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { preparedRead } from "#server/db/prepared-read.server.ts";
import { learnerSettings, phrases, reviewCards, sessions, userFavorites, userProgress, userRoles, users } from "#server/db/schema.ts";
import { dueCount } from "#server/review/deck.server.ts";

/**
 * What /api/viewer answers: who holds this session token, whether they are an administrator, and their state on the
 * page at `path`, in one prepared database query (session, user, role, progress and favourites together), then the count of
 * their reviews due (server/review/deck.server.ts; two small queries, none for a visitor). It reads what
 * getSessionUser reads (a live session of a confirmed account, the role row) without the auth library's two queries;
 * the token comes from a session cookie whose signature has already been checked.
 */

/** A lesson's phrase ids, made once per catalogue snapshot (its group lists are the snapshot's own, until it changes). */
const phraseIdsOfGroups = new WeakMap<readonly { phrases: readonly { id: string }[] }[], ReadonlySet<string>>();

function phraseIdsOf(groups: readonly { phrases: readonly { id: string }[] }[]) {
  let ids = phraseIdsOfGroups.get(groups);
  if (!ids) phraseIdsOfGroups.set(groups, (ids = new Set(groups.flatMap((g) => g.phrases.map((p) => p.id)))));
  return ids;
}

/** Which level, and which lesson of it, a public path names (only open ones: locked content has no state to show). */
function pageOf(catalog: CatalogSnapshot, path: string) {
  const segments = path.split("/").filter(Boolean);
  if (segments.length < 2 || segments.length > 3) return null;
  let names: string[];
  try {
    names = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  const [languageId, levelId, lessonId] = names as [string, string, string | undefined];
  if (lessonId === undefined) return openLevel(catalog, languageId, levelId).kind === "open" ? { languageId, levelId } : null;
  const lesson = openLesson(catalog, languageId, levelId, lessonId);
  if (lesson.kind !== "open") return null;
  return { languageId, levelId, lessonId, phraseIds: phraseIdsOf(lesson.groups) };
}

/** Whether `path` is one /api/viewer answers for: a site path of bounded length, no control characters. */
export function isViewerPath(path: unknown): path is string {
  return typeof path === "string" && path.startsWith("/") && path.length <= VIEWER_PATH_MAX && !/[\u0000-\u001f\u007f]/.test(path);
}

/**
 * The one statement behind every viewer answer, prepared once per database connection (the page's ids are null
 * where the path names no open level or lesson: then its lists are empty).
 */
function viewerRead(database: DatabaseHandle) {
  const db = database.db;
  const languageId = sql.placeholder("languageId");
  const levelId = sql.placeholder("levelId");
  const fields = {
    id: users.id,
    timeZone: learnerSettings.timeZone,
    deckIncludesCompleted: learnerSettings.deckIncludesCompleted,
    // Most visitors who sign in have no review deck: then the count is not asked at all.
    hasCards: sql<boolean>`exists (select 1 from ${reviewCards} where ${reviewCards.userId} = ${users.id})`,
    email: users.email,
    name: users.name,
    image: users.image,
    isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = ${ADMIN_ROLE})`,
    completed: sql<string[]>`(select coalesce(json_agg(${userProgress.lessonId}), '[]'::json) from ${userProgress}
        where ${userProgress.userId} = ${users.id} and ${userProgress.languageId} = ${languageId}
        and ${userProgress.levelId} = ${levelId} and ${userProgress.completed})`,
    favorites: sql<string[]>`(select coalesce(json_agg(${userFavorites.phraseId}), '[]'::json) from ${userFavorites}
        join ${phrases} on ${phrases.id} = ${userFavorites.phraseId}
        where ${userFavorites.userId} = ${users.id} and ${phrases.languageId} = ${languageId}
        and ${phrases.levelId} = ${levelId} and ${phrases.lessonId} = ${sql.placeholder("lessonId")})`,
  };
  const query = db
    .select(fields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(learnerSettings, eq(learnerSettings.userId, users.id))
    // Unconfirmed accounts cannot sign in; a session of one (however it came about) counts as none.
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql.placeholder("now")), eq(users.emailVerified, true)))
    .limit(1);
  type Row = { [K in keyof typeof fields]: Awaited<typeof query>[number][K] };
  return preparedRead<Row>(database.runPrepared, "phrasewise_viewer", fields, query);
}

const viewerReads = new WeakMap<DatabaseHandle, ReturnType<typeof viewerRead>>();

/** The viewer for this token on the page at `path`; null when the token names no live session of a confirmed user. */
export async function findViewer(database: DatabaseHandle, catalog: CatalogSnapshot, token: string, path: string): Promise<Viewer | null> {
  const page = pageOf(catalog, path);
  let read = viewerReads.get(database);
  if (!read) viewerReads.set(database, (read = viewerRead(database)));
  const now = new Date();
  const [row] = await read({ token, now, languageId: page?.languageId ?? null, levelId: page?.levelId ?? null, lessonId: page?.lessonId ?? null });
  if (!row) return null;
  const reviewsDue = !row.hasCards
    ? 0
    : await dueCount(
    database,
    { userId: row.id, deckIncludesCompleted: Boolean(row.deckIncludesCompleted), catalog },
    learnerDay(now, row.timeZone ?? DEFAULT_TIME_ZONE),
    now,
  );
  const phraseIds = page && "phraseIds" in page ? page.phraseIds : undefined;
  return {
    user: { email: row.email, name: row.name, image: row.image },
    isAdmin: Boolean(row.isAdmin),
    progress: {
      completedLessons: row.completed,
      favorites: phraseIds ? row.favorites.filter((id) => phraseIds.has(id)) : [],
    },
    reviewsDue,
    timeZoneKnown: row.timeZone !== null,
  };
}

