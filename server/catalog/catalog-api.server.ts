import { constants, gzipSync } from "node:zlib";
import type { LanguageSummary, LessonSummary, LevelSummary, PhraseView } from "#common/catalog.ts";
import { contentTag } from "#server/api/api-router.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";
import { lessonKey, levelKey, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import {
  comparePositions,
  decodeCursor,
  encodeCursor,
  indexAfter,
  positionOf,
  type LessonPosition,
} from "#server/catalog/catalog-cursor.server.ts";
import { fileDigests, type FileDigest } from "#server/catalog/file-digests.server.ts";
import { findLanguage, findLevel, levelsOf, openLesson, openLevel } from "#server/catalog/public-catalog.server.ts";
import type { Runtime } from "#server/runtime.server.ts";

/**
 * The catalogue as /api/v1 gives it to an app, read from the in-memory snapshot with the website's access rules
 * (public-catalog.server.ts): a locked level or lesson is listed with `locked: true` and its counts, as the website's
 * cards show it, and reading its contents is refused with 403.
 *
 * Every answer's ETag is computed once per snapshot (a snapshot is replaced after each "catalog" event) and kept
 * beside it, so a conditional read that matches costs a map lookup: no body is built and no database is asked. The
 * tags hash the answers' content, so every server of an installation gives the same tag for the same content, and a
 * catalogue change elsewhere leaves an unchanged lesson's tag as it was. No field depends on the site settings.
 */

export interface LanguageOut {
  id: string;
  name: string;
  flagUrl: string;
  levelCount: number;
}

export interface LevelOut {
  id: string;
  title: string;
  cefrLabel: string;
  iconUrl: string;
  locked: boolean;
  lessonCount: number;
}

export interface LessonOut {
  id: string;
  title: string;
  translatedTitle: string;
  iconUrl: string;
  locked: boolean;
  phraseCount: number;
}

export interface PhraseOut {
  id: string;
  originalText: string;
  translatedText: string;
  cue: { startMs: number; endMs: number } | null;
  reading: string | null;
}

export interface AudioOut {
  url: string;
  byteSize: number | null;
  sha256: string | null;
}

export interface LessonPage {
  level: LevelOut;
  lessons: LessonOut[];
  nextCursor: string | null;
}

/** An answer to a catalogue read: its tag, and its body built only when the tag did not match. */
export interface CatalogAnswer<T> {
  etag: string;
  body(): T;
  /**
   * The body's JSON gzipped, compressed once per snapshot and kept: the compression middleware spends about a
   * millisecond of zlib stream setup on every answer, which capped a lesson read at a third of its target. Undefined
   * when the body is too small to be worth it, or when this snapshot already keeps its share of compressed answers.
   */
  gzipped(): Buffer | undefined;
}

export const DEFAULT_LESSON_PAGE = 50;
export const MAX_LESSON_PAGE = 200;

interface LevelLessons {
  tag: string;
  sorted: LessonSummary[];
  positions: LessonPosition[];
}

interface LessonEntry {
  tag: string;
  digests: Map<string, FileDigest | null>;
}

/** What is known about one snapshot's answers; dropped with the snapshot. */
interface SnapshotAnswers {
  languages?: string;
  levels: Map<string, string>;
  lessonLists: Map<string, LevelLessons>;
  lessons: Map<string, Promise<LessonEntry>>;
  /** Compressed bodies by ETag (null: too small to compress). */
  gzipped: Map<string, Buffer | null>;
}

const answersBySnapshot = new WeakMap<CatalogSnapshot, SnapshotAnswers>();

function answersOf(catalog: CatalogSnapshot): SnapshotAnswers {
  let answers = answersBySnapshot.get(catalog);
  if (!answers) {
    answers = { levels: new Map(), lessonLists: new Map(), lessons: new Map(), gzipped: new Map() };
    answersBySnapshot.set(catalog, answers);
  }
  return answers;
}

/** Below this, compressing saves too little to be worth it (the compression middleware's own threshold). */
const COMPRESS_FROM_BYTES = 1024;
/**
 * At most this many compressed answers per snapshot (a few MB: lesson answers are 1-10 KB of JSON, a fifth of that
 * gzipped); answers beyond it are compressed per request by the middleware. Bounds what a client asking for every
 * page size of every list can make the server hold.
 */
const MAX_GZIPPED_ANSWERS = 5_000;

function gzippedBy(catalog: CatalogSnapshot, etag: string, body: () => unknown) {
  return (): Buffer | undefined => {
    const { gzipped } = answersOf(catalog);
    const known = gzipped.get(etag);
    if (known !== undefined) return known ?? undefined;
    if (gzipped.size >= MAX_GZIPPED_ANSWERS) return undefined;
    const json = Buffer.from(JSON.stringify(body()));
    const compressed = json.length >= COMPRESS_FROM_BYTES ? gzipSync(json, { level: constants.Z_BEST_COMPRESSION }) : null;
    gzipped.set(etag, compressed);
    return compressed ?? undefined;
  };
}

const languageOut = (runtime: Runtime, { id, name, flagUrl, levelCount }: LanguageSummary): LanguageOut => ({
  id,
  name,
  flagUrl: absoluteUrl(runtime, flagUrl),
  levelCount,
});
const levelOut = (runtime: Runtime, level: LevelSummary): LevelOut => ({
  id: level.id,
  title: level.title,
  cefrLabel: level.cefrLabel,
  iconUrl: absoluteUrl(runtime, level.iconUrl),
  locked: level.isLocked,
  lessonCount: level.lessonCount,
});
const lessonOut = (runtime: Runtime, lesson: LessonSummary): LessonOut => ({
  id: lesson.id,
  title: lesson.title,
  translatedTitle: lesson.translatedTitle,
  iconUrl: absoluteUrl(runtime, lesson.iconUrl),
  locked: lesson.isLocked,
  phraseCount: lesson.phraseCount,
});
const phraseOut = (phrase: PhraseView): PhraseOut => ({
  id: phrase.id,
  originalText: phrase.originalText,
  translatedText: phrase.translatedText,
  cue: phrase.cue ? { startMs: phrase.cue[0], endMs: phrase.cue[1] } : null,
  reading: phrase.reading ?? null,
});

const notFound = () => new ApiProblem(404, "There is no such language, level or lesson.");
const lockedProblem = (runtime: Runtime, what: "level" | "lesson") =>
  new ApiProblem(403, `This ${what} is locked: its content is available in the ${runtime.env.SITE_NAME} app once unlocked, not through this API.`);

/** Site-relative addresses (local storage's `/storage/…`) made absolute with PUBLIC_URL; absolute ones as they are. */
export function absoluteUrl(runtime: Runtime, url: string): string {
  if (url === "") return url;
  try {
    return new URL(url, `${runtime.env.PUBLIC_URL}/`).toString();
  } catch {
    // Not an address we can resolve; the app gets it as stored.
    return url;
  }
}

const digestsOf = (runtime: Runtime, urls: string[]) =>
  fileDigests({ db: runtime.database.db, storage: runtime.storage, logger: runtime.logger }, urls);

export function languagesAnswer(runtime: Runtime, catalog: CatalogSnapshot): CatalogAnswer<{ languages: LanguageOut[] }> {
  const body = () => ({ languages: catalog.languages.map((language) => languageOut(runtime, language)) });
  const answers = answersOf(catalog);
  answers.languages ??= contentTag(JSON.stringify(body()));
  return { etag: answers.languages, body, gzipped: gzippedBy(catalog, answers.languages, body) };
}

export function levelsAnswer(runtime: Runtime, catalog: CatalogSnapshot, languageId: string): CatalogAnswer<{ language: LanguageOut; levels: LevelOut[] }> {
  const language = findLanguage(catalog, languageId);
  if (!language) throw notFound();
  const body = () => ({
    language: languageOut(runtime, language),
    levels: levelsOf(catalog, languageId).map((level) => levelOut(runtime, level)),
  });
  const answers = answersOf(catalog);
  let etag = answers.levels.get(languageId);
  if (!etag) {
    etag = contentTag(JSON.stringify(body()));
    answers.levels.set(languageId, etag);
  }
  return { etag, body, gzipped: gzippedBy(catalog, etag, body) };
}

export function lessonsAnswer(
  runtime: Runtime,
  catalog: CatalogSnapshot,
  ids: { languageId: string; levelId: string },
  page: { limit?: number | undefined; cursor?: string | undefined },
): CatalogAnswer<LessonPage> {
  const access = openLevel(catalog, ids.languageId, ids.levelId);
  if (access.kind === "missing") throw notFound();
  if (access.kind === "locked") throw lockedProblem(runtime, "level");
  const scope = levelKey(ids.languageId, ids.levelId);
  const answers = answersOf(catalog);
  let list = answers.lessonLists.get(scope);
  if (!list) {
    const sorted = [...access.lessons].sort((a, b) => comparePositions(positionOf(a), positionOf(b)));
    list = { sorted, positions: sorted.map(positionOf), tag: contentTag(JSON.stringify([levelOut(runtime, access.level), sorted.map((l) => lessonOut(runtime, l))])) };
    answers.lessonLists.set(scope, list);
  }
  const limit = page.limit ?? DEFAULT_LESSON_PAGE;
  let start = 0;
  if (page.cursor !== undefined) {
    const after = decodeCursor(runtime.authSecret, scope, page.cursor);
    if (!after) throw new ApiProblem(400, "The cursor is not one this server gave for this level.", { errors: [{ pointer: "/query/cursor", detail: "Invalid cursor" }] });
    start = indexAfter(list.positions, after);
  }
  const { sorted, positions } = list;
  const etag = contentTag(`${list.tag}|${limit}|${page.cursor ?? ""}`);
  const body = () => {
    const end = Math.min(sorted.length, start + limit);
    return {
      level: levelOut(runtime, access.level),
      lessons: sorted.slice(start, end).map((l) => lessonOut(runtime, l)),
      nextCursor: end < sorted.length ? encodeCursor(runtime.authSecret, scope, positions[end - 1]!) : null,
    };
  };
  return { etag, body, gzipped: gzippedBy(catalog, etag, body) };
}

export async function lessonAnswer(
  runtime: Runtime,
  catalog: CatalogSnapshot,
  ids: { languageId: string; levelId: string; lessonId: string },
): Promise<CatalogAnswer<{ lesson: LessonOut; audioGroups: { audio: AudioOut; phrases: PhraseOut[] }[] }>> {
  const access = openLesson(catalog, ids.languageId, ids.levelId, ids.lessonId);
  if (access.kind === "missing") throw notFound();
  if (access.kind === "locked") throw lockedProblem(runtime, findLevel(catalog, ids.languageId, ids.levelId)?.isLocked ? "level" : "lesson");
  const { lesson, groups } = access;
  const body = (digests: Map<string, FileDigest | null>) => ({
    lesson: lessonOut(runtime, lesson),
    audioGroups: groups.map((group) => {
      const digest = digests.get(group.audioUrl) ?? null;
      return {
        audio: { url: absoluteUrl(runtime, group.audioUrl), byteSize: digest?.byteSize ?? null, sha256: digest?.sha256 ?? null },
        phrases: group.phrases.map(phraseOut),
      };
    }),
  });
  const answers = answersOf(catalog);
  const key = lessonKey(ids.languageId, ids.levelId, ids.lessonId);
  let entry = answers.lessons.get(key);
  if (!entry) {
    const pending = digestsOf(runtime, groups.map((g) => g.audioUrl)).then((lookup) => {
      // A file storage could not read just now is asked again on the next read rather than kept as unknown.
      if (!lookup.complete) forget();
      return { tag: contentTag(JSON.stringify(body(lookup.digests))), digests: lookup.digests };
    });
    const forget = () => {
      if (answers.lessons.get(key) === pending) answers.lessons.delete(key);
    };
    pending.catch(forget);
    answers.lessons.set(key, pending);
    entry = pending;
  }
  const { tag, digests } = await entry;
  const built = () => body(digests);
  return { etag: tag, body: built, gzipped: gzippedBy(catalog, tag, built) };
}
