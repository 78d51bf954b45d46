import { randomUUID } from "node:crypto";
import { and, asc, eq, ilike, inArray, max, or, sql } from "drizzle-orm";
import type { PhraseFormValue } from "#common/phrase-form.ts";
import type { PhraseImportAudio, PhraseImportRow } from "#common/phrase-import.ts";
import { PHRASE_ROWS_MAX, PHRASE_SEARCH, phraseText, SPEECH_TEXT_MAX } from "#common/phrase-form.ts";
import type { AdminAudioGroup, AdminPhrase, AdminPhraseLanguage, AdminPhraseLesson, AdminPhraseLevel } from "#common/phrases-admin.ts";
import type { Database, Executor } from "#server/db/client.server.ts";
import { isForeignKeyViolation } from "#server/db/sql-errors.server.ts";
import { languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import type { ReadingJobs } from "#server/reading/reading-jobs.server.ts";
import { canonicalFileUrl, storedFileAt, unguessableKey, type Storage } from "#server/storage/storage.server.ts";
import { lockedGroupPhrases, lockLessons, type AudioGroupKey } from "#server/admin/phrase-group-lock.server.ts";
import { removeUnreferencedFiles } from "#server/uploads/unreferenced-files.server.ts";
import { recordChange, textChanges, type ChangeRecorder } from "#server/admin/change-log.server.ts";
import type { SpeechCue } from "#server/tts/speech-join.server.ts";
import {
  SpeechServiceError,
  SpeechVoiceMissingError,
  voiceForLanguage,
  type SpeechAudio,
  type TextToSpeech,
} from "#server/tts/text-to-speech.server.ts";

/**
 * The admin Phrases tab (SPEC §2, §5): the catalogue read lazily, level by level, down to audio groups; a text search;
 * adding phrases, editing a group pairwise by position, and speech made by the same TTS engine as the seed. Every write runs in one transaction and
 * then announces "catalog", so the public pages (page cache, catalogue snapshot) change at once.
 */

/** Missing order_index sorts as 999 (SPEC §9), then by id, as the accordions always did. */
const MISSING_ORDER = 999;

/*
 * The Phrases tab reads lazily (issue 10 point 8): at 100,000 phrases the whole tree is megabytes of JSON and a
 * second of rendering, so the page gets the languages with their counts, and each accordion asks for its children
 * when it opens. Each read below is one indexed query.
 */

/**
 * Every language with its number of levels, by name, and whether any lesson or phrase exists (for the empty states).
 * No per-language phrase count: at 100,000 phrases it is a scan of the table on every page load.
 */
export async function phraseLanguages(db: Executor): Promise<{ languages: AdminPhraseLanguage[]; hasLessons: boolean; hasPhrases: boolean }> {
  const counts = db
    .select({ languageId: levels.languageId, count: sql<number>`count(*)::int`.as("count") })
    .from(levels)
    .groupBy(levels.languageId)
    .as("counts");
  const [rows, [anyLesson], [anyPhrase]] = await Promise.all([
    db
      .select({ id: languages.id, name: languages.name, levelCount: sql<number>`coalesce(${counts.count}, 0)` })
      .from(languages)
      .leftJoin(counts, eq(counts.languageId, languages.id))
      .orderBy(asc(languages.name), asc(languages.id)),
    db.select({ id: lessons.id }).from(lessons).limit(1),
    db.select({ id: phrases.id }).from(phrases).limit(1),
  ]);
  return {
    languages: rows.map((row) => ({ ...row, levelCount: Number(row.levelCount) })),
    hasLessons: anyLesson !== undefined,
    hasPhrases: anyPhrase !== undefined,
  };
}

/** One language's levels in display order. */
export async function phraseLevels(db: Executor, languageId: string): Promise<AdminPhraseLevel[]> {
  return db
    .select({ id: levels.id, title: levels.title, cefrLabel: levels.cefrLabel })
    .from(levels)
    .where(eq(levels.languageId, languageId))
    .orderBy(sql`coalesce(${levels.orderIndex}, ${MISSING_ORDER})`, asc(levels.id));
}

/** One level's lessons in display order, each with its number of audio groups (distinct audio URLs). */
export async function phraseLessons(db: Executor, languageId: string, levelId: string): Promise<AdminPhraseLesson[]> {
  const groups = db
    .select({ lessonId: phrases.lessonId, count: sql<number>`count(distinct ${phrases.audioUrl})::int`.as("count") })
    .from(phrases)
    .where(and(eq(phrases.languageId, languageId), eq(phrases.levelId, levelId)))
    .groupBy(phrases.lessonId)
    .as("groups");
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, groupCount: sql<number>`coalesce(${groups.count}, 0)` })
    .from(lessons)
    .leftJoin(groups, eq(groups.lessonId, lessons.id))
    .where(and(eq(lessons.languageId, languageId), eq(lessons.levelId, levelId)))
    .orderBy(sql`coalesce(${lessons.orderIndex}, ${MISSING_ORDER})`, asc(lessons.id));
  return rows.map((row) => ({ ...row, groupCount: Number(row.groupCount) }));
}

/** One lesson's audio groups, in the order of their first phrase, with their phrases in order. */
export async function phraseGroups(db: Executor, languageId: string, levelId: string, lessonId: string): Promise<AdminAudioGroup[]> {
  const rows = await db
    .select({
      id: phrases.id,
      originalText: phrases.originalText,
      translatedText: phrases.translatedText,
      audioUrl: phrases.audioUrl,
      cueStartMs: phrases.cueStartMs,
      cueEndMs: phrases.cueEndMs,
      reading: phrases.reading,
      readingEdited: phrases.readingEdited,
    })
    .from(phrases)
    .where(and(eq(phrases.languageId, languageId), eq(phrases.levelId, levelId), eq(phrases.lessonId, lessonId)))
    .orderBy(asc(phrases.position), asc(phrases.createdAt), asc(phrases.id));
  const groups = new Map<string, AdminAudioGroup>();
  for (const { audioUrl, ...phrase } of rows) {
    let group = groups.get(audioUrl);
    if (!group) groups.set(audioUrl, (group = { audioUrl, phrases: [] }));
    group.phrases.push(phrase);
  }
  return [...groups.values()];
}


export interface PhraseSearchHit extends AdminPhrase {
  audioUrl: string;
  language: { id: string; name: string };
  level: { id: string; title: string; cefrLabel: string };
  lesson: { id: string; title: string };
}
export interface PhraseSearchResult {
  query: string;
  /** How many phrases match, up to SEARCH_COUNT_CAP. */
  total: number;
  /** More than SEARCH_COUNT_CAP match (only the first SEARCH_COUNT_CAP can be paged through). */
  capped: boolean;
  page: number;
  pages: number;
  pageSize: number;
  hits: PhraseSearchHit[];
}

/** `%` `_` and `\` are ILIKE's own syntax: searched for literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search counts and pages through this many matches at most ("More than 500 phrases found"): past it, counting costs
 * more than it tells, and the last page's OFFSET walk is what bounds a search's time (25 pages of 20: p95 under
 * 200 ms at 100,000 phrases on PGlite, where 50 pages took 211 ms; bench/README.md).
 */
export const SEARCH_COUNT_CAP = 500;

/**
 * Phrases whose original or translated text contains the query, case-insensitively, in catalogue order (language,
 * level, lesson, position), 20 a page. ILIKE '%…%' is served by the trigram indexes of migration 0006 on both
 * drivers. The planner prices ILIKE per row far below what it costs (most of all in PGlite's WebAssembly), so for a
 * common word it would scan the whole table: with scans off it recheck only the index's candidates, or walks the
 * lesson index in order and stops after the page. The count stops at SEARCH_COUNT_CAP + 1 for the same reason.
 */
export async function searchPhrases(db: Database, query: string, page: number): Promise<PhraseSearchResult> {
  const text = query.trim().slice(0, PHRASE_SEARCH.maxLength);
  const { pageSize } = PHRASE_SEARCH;
  if (text.length < PHRASE_SEARCH.minLength) return { query: text, total: 0, capped: false, page: 1, pages: 0, pageSize, hits: [] };
  const pattern = likePattern(text);
  const where = or(ilike(phrases.originalText, pattern), ilike(phrases.translatedText, pattern));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const matches = tx.select({ one: sql`1` }).from(phrases).where(where).limit(SEARCH_COUNT_CAP + 1).as("matches");
    const [{ found } = { found: 0 }] = await tx.select({ found: sql<number>`count(*)::int` }).from(matches);
    const capped = Number(found) > SEARCH_COUNT_CAP;
    const total = Math.min(Number(found), SEARCH_COUNT_CAP);
    const pages = Math.ceil(total / pageSize);
    const current = Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(pages, 1));
    // The page first, from phrases alone (so the lesson index can give it in order), then the names of its places.
    const hits = tx
      .select({
        id: phrases.id,
        originalText: phrases.originalText,
        translatedText: phrases.translatedText,
        audioUrl: phrases.audioUrl,
        languageId: phrases.languageId,
        levelId: phrases.levelId,
        lessonId: phrases.lessonId,
        position: phrases.position,
      })
      .from(phrases)
      .where(where)
      .orderBy(asc(phrases.languageId), asc(phrases.levelId), asc(phrases.lessonId), asc(phrases.position), asc(phrases.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .as("hits");
    const rows = await tx
      .select({
        id: hits.id,
        originalText: hits.originalText,
        translatedText: hits.translatedText,
        audioUrl: hits.audioUrl,
        languageId: hits.languageId,
        languageName: languages.name,
        levelId: hits.levelId,
        levelTitle: levels.title,
        cefrLabel: levels.cefrLabel,
        lessonId: hits.lessonId,
        lessonTitle: lessons.title,
      })
      .from(hits)
      .innerJoin(languages, eq(languages.id, hits.languageId))
      .innerJoin(levels, and(eq(levels.languageId, hits.languageId), eq(levels.id, hits.levelId)))
      .innerJoin(lessons, and(eq(lessons.languageId, hits.languageId), eq(lessons.levelId, hits.levelId), eq(lessons.id, hits.lessonId)))
      .orderBy(asc(hits.languageId), asc(hits.levelId), asc(hits.lessonId), asc(hits.position), asc(hits.id));
    return {
      query: text,
      total,
      capped,
      page: current,
      pages,
      pageSize,
      hits: rows.map((row) => ({
        id: row.id,
        originalText: row.originalText,
        translatedText: row.translatedText,
        audioUrl: row.audioUrl,
        language: { id: row.languageId, name: row.languageName },
        level: { id: row.levelId, title: row.levelTitle, cefrLabel: row.cefrLabel },
        lesson: { id: row.lessonId, title: row.lessonTitle },
      })),
    };
  });
}

/** A refused write that names the field at fault (shown under it in the dialog). */
export class PhraseInputError extends Error {
  readonly field: "languageId" | "levelId" | "lessonId";
  constructor(field: "languageId" | "levelId" | "lessonId", message: string) {
    super(message);
    this.field = field;
  }
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function assertLessonExists(tx: Tx, value: Pick<PhraseFormValue, "languageId" | "levelId" | "lessonId">) {
  const [row] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.languageId, value.languageId), eq(lessons.levelId, value.levelId), eq(lessons.id, value.lessonId)))
    .limit(1);
  if (!row) throw new PhraseInputError("lessonId", phraseText.lessonRequired);
}

async function nextPosition(tx: Tx, value: Pick<PhraseFormValue, "languageId" | "levelId" | "lessonId">) {
  const [row] = await tx
    .select({ last: max(phrases.position) })
    .from(phrases)
    .where(and(eq(phrases.languageId, value.languageId), eq(phrases.levelId, value.levelId), eq(phrases.lessonId, value.lessonId)));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** What the writes of the Phrases tab need: a URL of our storage is saved in its one canonical spelling. */
export interface PhraseWriteDeps {
  db: Database;
  events: EventBus;
  storage: Storage;
  logger: { warn: (message: string, error?: unknown) => void };
  /** Who is changing the phrases, for the change log (written in each write's transaction). */
  changes: ChangeRecorder;
  /** Computes the readings of the saved phrases after the commit, off the request (absent: left to the next start's fill). */
  readings?: Pick<ReadingJobs, "afterSave">;
}

/**
 * The form's value with its audio URL as rows keep it: a file of ours in the spelling storage.url makes, so that the
 * "still played" checks (which compare stored keys) find every row that plays it.
 */
const canonical = (storage: Storage, value: PhraseFormValue): PhraseFormValue => ({ ...value, audioUrl: canonicalFileUrl(storage, value.audioUrl) });

/** The lesson was deleted (with its level or language) while these phrases were being written to it. */
export class LessonGoneError extends Error {
  constructor() {
    super("The lesson was deleted meanwhile. Reload the page to see the current catalogue.");
  }
}

/**
 * Runs a write to a lesson's phrases. The lesson is checked first, but a delete of it (or of its level or language)
 * can commit while the write waits on the lesson's row: the foreign key then refuses the rows, which is that race,
 * not a failure of ours.
 */
async function writingToLesson<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new LessonGoneError();
    throw error;
  }
}

/**
 * A form row's own columns: its texts, its cue, and its reading aid when an admin wrote one. Any other reading is
 * computed after the commit (NULL marks it as needed); an admin who empties an edited reading gets a computed one.
 */
function rowColumns(row: PhraseFormValue["phrases"][number]) {
  const edited = row.readingEdited === true && (row.reading ?? "") !== "";
  return {
    originalText: row.originalText,
    translatedText: row.translatedText,
    cueStartMs: row.cueStartMs ?? null,
    cueEndMs: row.cueEndMs ?? null,
    reading: edited ? row.reading! : null,
    readingEdited: edited,
  };
}

/**
 * A form row's columns where a group edit rewrites an existing phrase: a computed reading stays while the phrase
 * keeps its text and language, so a save that changes neither does not leave the phrase without one until recomputed.
 */
function rowColumnsOver(row: PhraseFormValue["phrases"][number], languageId: string) {
  const columns = rowColumns(row);
  if (columns.readingEdited) return columns;
  return {
    ...columns,
    reading: sql<string | null>`case when ${phrases.originalText} = ${row.originalText} and ${phrases.languageId} = ${languageId} and not ${phrases.readingEdited} then ${phrases.reading} end`,
  };
}

const lessonPath = (key: { languageId: string; levelId: string; lessonId: string }) => `${key.languageId} / ${key.levelId} / ${key.lessonId}`;

/** A group's texts for the change log: one line a phrase, in order. */
const groupTexts = (rows: { originalText: string; translatedText: string }[]) => ({
  originalText: rows.map((row) => row.originalText).join("\n"),
  translatedText: rows.map((row) => row.translatedText).join("\n"),
});

const lessonOf = (value: Pick<PhraseFormValue, "languageId" | "levelId" | "lessonId">) => ({
  languageId: value.languageId,
  levelId: value.levelId,
  lessonId: value.lessonId,
});

/** Adds the form's phrases as one audio group at the end of the lesson. Returns how many were added. */
export async function addPhrases({ db, events, storage, readings, changes }: PhraseWriteDeps, input: PhraseFormValue): Promise<number> {
  const value = canonical(storage, input);
  await writingToLesson(db, async (tx) => {
    await lockLessons(tx, value);
    await assertLessonExists(tx, value);
    const start = await nextPosition(tx, value);
    await tx.insert(phrases).values(
      value.phrases.map((row, i) => ({
        languageId: value.languageId,
        levelId: value.levelId,
        lessonId: value.lessonId,
        ...rowColumns(row),
        audioUrl: value.audioUrl,
        position: start + i,
      })),
    );
    await recordChange(tx, changes, {
      section: "catalog",
      action: "Added phrases",
      subject: lessonPath(value),
      count: value.phrases.length,
      changes: textChanges(null, { ...groupTexts(value.phrases), audioUrl: value.audioUrl }, ["originalText", "translatedText", "audioUrl"]),
    });
  });
  await events.publish("catalog");
  readings?.afterSave(lessonOf(value));
  return value.phrases.length;
}

const LOGGED_ROWS = 100;

/** The most rows one INSERT carries (11 parameters a row, within PostgreSQL's 65,535). */
const IMPORT_CHUNK = 1000;

/**
 * Saves checked import rows (server/admin/phrase-import.server.ts) at the end of a lesson, without audio yet, in one
 * transaction, as one change log entry. Each planned audio group gets its batch key (phrases.audio_batch), so the
 * audio backfill speaks it as one file: with `audio` "each", every row alone; else rows sharing a group number
 * together and every other row alone. Returns how many phrases and how many audio groups.
 */
export async function importPhrases(
  { db, events, readings, changes }: PhraseWriteDeps,
  lesson: { languageId: string; levelId: string; lessonId: string },
  rows: Pick<PhraseImportRow, "originalText" | "translatedText" | "group" | "reading">[],
  audio: PhraseImportAudio = "groups",
): Promise<{ count: number; groups: number }> {
  const batchOfGroup = new Map<number, string>();
  const batches = rows.map((row) => {
    if (audio === "each" || row.group === null) return randomUUID();
    const batch = batchOfGroup.get(row.group) ?? randomUUID();
    batchOfGroup.set(row.group, batch);
    return batch;
  });
  await writingToLesson(db, async (tx) => {
    await lockLessons(tx, lesson);
    await assertLessonExists(tx, lesson);
    const start = await nextPosition(tx, lesson);
    for (let from = 0; from < rows.length; from += IMPORT_CHUNK) {
      await tx
        .insert(phrases)
        .values(
          rows.slice(from, from + IMPORT_CHUNK).map((row, i) => ({
            ...lesson,
            ...rowColumns({ originalText: row.originalText, translatedText: row.translatedText, reading: row.reading ?? "", readingEdited: row.reading !== null }),
            audioUrl: "",
            audioBatch: batches[from + i]!,
            position: start + from + i,
          })),
        );
    }
    await recordChange(tx, changes, {
      section: "catalog",
      action: "Imported phrases",
      subject: lessonPath(lesson),
      count: rows.length,
      // The first hundred: the entry says what came in without holding a whole catalogue.
      changes: textChanges(null, groupTexts(rows.slice(0, LOGGED_ROWS)), ["originalText", "translatedText"]),
    });
  });
  await events.publish("catalog");
  readings?.afterSave(lesson);
  return { count: rows.length, groups: new Set(batches).size };
}

/** Which audio group an edit starts from: its lesson and its current audio URL. */
export type { AudioGroupKey };

/**
 * Rewrites an audio group from the form: the group's phrases (in order) take the form's rows pairwise by position,
 * rows beyond them are created, phrases beyond the rows are deleted. All of it or nothing, in one transaction; the
 * lessons involved are locked first, so two admins saving the same group at once take turns instead of interleaving.
 */
export async function updatePhraseGroup(
  { db, events, storage, logger, readings, changes }: PhraseWriteDeps,
  group: AudioGroupKey,
  input: PhraseFormValue,
): Promise<{ updated: number; created: number; deleted: number }> {
  const value = canonical(storage, input);
  const result = await writingToLesson(db, async (tx) => {
    await lockLessons(tx, group, value);
    await assertLessonExists(tx, value);
    const existing = await lockedGroupPhrases(tx, group);
    if (existing.length === 0) throw new PhraseGroupGoneError();
    const sameLesson = group.languageId === value.languageId && group.levelId === value.levelId && group.lessonId === value.lessonId;
    // Moved to another lesson: the group goes to its end; in place, extra rows follow the group's last phrase's slot.
    let position = sameLesson ? Math.max(...existing.map((row) => row.position)) + 1 : await nextPosition(tx, value);
    const pairs = Math.min(existing.length, value.phrases.length);
    for (let i = 0; i < pairs; i++) {
      const row = value.phrases[i]!;
      await tx
        .update(phrases)
        .set({
          languageId: value.languageId,
          levelId: value.levelId,
          lessonId: value.lessonId,
          ...rowColumnsOver(row, value.languageId),
          audioUrl: value.audioUrl,
          ...(sameLesson ? {} : { position: position++ }),
        })
        .where(eq(phrases.id, existing[i]!.id));
    }
    const extra = value.phrases.slice(pairs);
    if (extra.length > 0) {
      if (sameLesson) position = Math.max(position, await nextPosition(tx, value));
      await tx.insert(phrases).values(
        extra.map((row) => ({
          languageId: value.languageId,
          levelId: value.levelId,
          lessonId: value.lessonId,
          ...rowColumns(row),
          audioUrl: value.audioUrl,
          position: position++,
        })),
      );
    }
    const surplus = existing.slice(pairs).map((row) => row.id);
    if (surplus.length > 0) await tx.delete(phrases).where(inArray(phrases.id, surplus));
    await recordChange(tx, changes, {
      section: "catalog",
      action: "Edited audio group",
      subject: lessonPath(value),
      count: value.phrases.length,
      changes: textChanges(
        { ...groupTexts(existing), audioUrl: group.audioUrl, lesson: lessonPath(group) },
        { ...groupTexts(value.phrases), audioUrl: value.audioUrl, lesson: lessonPath(value) },
        ["originalText", "translatedText", "audioUrl", "lesson"],
      ),
    });
    return { updated: pairs, created: extra.length, deleted: surplus.length };
  });
  await events.publish("catalog");
  readings?.afterSave(lessonOf(value));
  // A file of ours that the group stops playing (another spelling of the same file is no change) and nothing else plays.
  if (storedFileAt(storage, group.audioUrl)?.url !== storedFileAt(storage, value.audioUrl)?.url) {
    // The edit is saved: a file left behind costs only space, so a failure is logged, not raised.
    const warn = (error: unknown) => logger.warn(`Could not remove the replaced audio file ${group.audioUrl}`, error);
    await removeUnreferencedFiles(db, storage, [group.audioUrl], warn).catch(warn);
  }
  return result;
}

/**
 * Deletes an audio group: its phrases (with what learners kept of them, by the foreign keys' cascade) in one
 * transaction, then its audio file when nothing else plays it. Returns how many phrases went.
 */
export async function deletePhraseGroup({ db, events, storage, logger, changes }: PhraseWriteDeps, group: AudioGroupKey): Promise<number> {
  const deleted = await db.transaction(async (tx) => {
    await lockLessons(tx, group);
    const existing = await lockedGroupPhrases(tx, group);
    if (existing.length === 0) throw new PhraseGroupGoneError();
    await tx.delete(phrases).where(inArray(phrases.id, existing.map((row) => row.id)));
    await recordChange(tx, changes, {
      section: "catalog",
      action: "Deleted audio group",
      subject: lessonPath(group),
      count: existing.length,
      changes: textChanges({ ...groupTexts(existing), audioUrl: group.audioUrl }, null, ["originalText", "translatedText", "audioUrl"]),
    });
    return existing.length;
  });
  await events.publish("catalog");
  // The delete is saved: a file left behind costs only space, so a failure is logged, not raised.
  const warn = (error: unknown) => logger.warn(`Could not remove the audio file of a deleted group ${group.audioUrl}`, error);
  await removeUnreferencedFiles(db, storage, [group.audioUrl], warn).catch(warn);
  return deleted;
}

/** The group being edited no longer exists (another admin changed or deleted it). */
export class PhraseGroupGoneError extends Error {
  constructor() {
    super("This audio group no longer exists. Reload the page to see the current phrases.");
  }
}

/** The TTS engine answered with something that is not audio. */
export class InvalidSpeechError extends SpeechServiceError {
  constructor() {
    super(phraseText.invalidTtsResponse);
  }
}

/** Why a language has no voice, for the failure toast: which voice is missing and where to choose one. */
function missingVoiceMessage(language: { id: string; name: string; voice: string | null }) {
  const where = `Choose one in the language's Voice field (Languages, Edit ${language.name}).`;
  return language.voice
    ? `The voice "${language.voice}" chosen for ${language.name} is not available. ${where}`
    : `No speech voice matches ${language.name} (${language.id}). ${where}`;
}

/** The language's voice (the one chosen for it, else one its id or name names: voiceForLanguage), or a refusal. */
async function voiceOfLanguage(deps: { db: Database; tts: TextToSpeech }, languageId: string) {
  const [language] = await deps.db
    .select({ id: languages.id, name: languages.name, voice: languages.voice })
    .from(languages)
    .where(eq(languages.id, languageId))
    .limit(1);
  if (!language) throw new PhraseInputError("languageId", phraseText.languageRequired);
  const voice = voiceForLanguage(language, await deps.tts.voices());
  if (!voice) throw new SpeechVoiceMissingError(language.voice ?? language.id, missingVoiceMessage(language));
  return { language, voice };
}

function assertAudio(audio: SpeechAudio) {
  if (!(audio.data instanceof Uint8Array) || audio.data.byteLength === 0 || !audio.contentType.startsWith("audio/")) {
    throw new InvalidSpeechError();
  }
}

const storeSpeech = (storage: Storage, languageId: string, text: string, audio: SpeechAudio) =>
  storage.put("content", unguessableKey("audio", `${languageId}-${text.slice(0, 40)}`, audio.extension), audio.data, audio.contentType);

/**
 * Speaks `text` in the language's voice, stores the MP3 under an unguessable key and returns its URL. It touches no
 * table: the form saves the URL with the phrases, so an abandoned dialog leaves only an unreferenced file. Every
 * refusal is a SpeechServiceError whose message is for the admin, thrown before anything is stored.
 */
export async function generatePhraseAudio(
  deps: { db: Database; storage: Storage; tts: TextToSpeech },
  input: { text: string; languageId: string },
): Promise<string> {
  if (input.text.trim().length > SPEECH_TEXT_MAX) throw new SpeechServiceError(phraseText.textTooLong);
  const { language, voice } = await voiceOfLanguage(deps, input.languageId);
  const audio = await deps.tts.synthesize(input.text, voice);
  assertAudio(audio);
  return (await storeSpeech(deps.storage, language.id, input.text, audio)).url;
}

/**
 * "Generate audio for the whole group" (issue 23): every text spoken on its own, in order, joined into one stored MP3,
 * with where each is spoken in it (null when the engine cannot tell exactly). Like generatePhraseAudio it touches no
 * table, and refuses before anything is stored.
 */
export async function generateGroupSpeech(
  deps: { db: Database; storage: Storage; tts: TextToSpeech },
  input: { texts: string[]; languageId: string },
): Promise<{ url: string; cues: SpeechCue[] | null }> {
  const texts = input.texts.map((text) => text.trim());
  if (texts.length === 0 || texts.some((text) => text === "")) throw new SpeechServiceError(phraseText.needTextForAudio);
  if (texts.length > PHRASE_ROWS_MAX) throw new SpeechServiceError(phraseText.tooManyForAudio);
  if (texts.some((text) => text.length > SPEECH_TEXT_MAX)) throw new SpeechServiceError(phraseText.textTooLong);
  const { language, voice } = await voiceOfLanguage(deps, input.languageId);
  const { audio, cues } = await deps.tts.synthesizeGroup(texts, voice);
  assertAudio(audio);
  if (cues && cues.length !== texts.length) throw new InvalidSpeechError();
  const stored = await storeSpeech(deps.storage, language.id, texts[0]!, audio);
  return { url: stored.url, cues };
}
