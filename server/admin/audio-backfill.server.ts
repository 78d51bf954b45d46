import { and, eq, isNull, or, sql } from "drizzle-orm";
import { backfillKeyString, type BackfillGroup, type BackfillGroupKey } from "#common/audio-backfill.ts";
import { PHRASE_ROWS_MAX } from "#common/phrase-form.ts";
import type { Database, Executor } from "#server/db/client.server.ts";
import { phrases } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import type { Storage } from "#server/storage/storage.server.ts";
import type { TextToSpeech } from "#server/tts/text-to-speech.server.ts";
import { deleteStoredFileByUrl } from "#server/uploads/uploads.server.ts";
import { selectInCatalogueOrder } from "#server/admin/catalogue-order.server.ts";
import { lockLessons, phrasesOfLesson, type LessonKey } from "#server/admin/phrase-group-lock.server.ts";
import { generateGroupSpeech, generatePhraseAudio } from "#server/admin/phrases-admin.server.ts";
import { recordChange, type ChangeRecorder } from "#server/admin/change-log.server.ts";

/**
 * Phrases without audio, and speech for them (issue 10, point 6's extra).
 *
 * "No audio" is an empty `audio_url`: the column is NOT NULL, and the admin form never saves an empty one (SPEC §5
 * wants a valid URL), so such rows come from imports and bulk loads. Like any audio group, the phrases of one lesson
 * that share the empty URL form one group, so backfilling works a lesson at a time.
 *
 * Generating is one request per group and keeps no state of its own: the database is the progress. Any app server can
 * take the next group, a page that is left simply stops asking, and a restart loses at most the group in flight.
 */

export const NO_AUDIO = "";

export interface AudiolessPage {
  groups: BackfillGroup[];
  totalGroups: number;
  totalPhrases: number;
  page: number;
  pageCount: number;
}

export const AUDIOLESS_PAGE_SIZE = 25;

/** Rows of this group: its lesson's audio-less phrases with its batch key (null matches null). */
function inGroup(key: BackfillGroupKey) {
  return and(phrasesOfLesson(key), eq(phrases.audioUrl, NO_AUDIO), key.batch === null ? isNull(phrases.audioBatch) : eq(phrases.audioBatch, key.batch));
}

/**
 * One grouping query over the audio-less rows only (of one lesson when `lesson` is given), joined to their lesson,
 * level and language for names and the catalogue's order; the totals come from window functions, so a page costs one
 * round trip however large the table. Within a lesson, an import's batches come in the order of their first phrase.
 */
function audiolessQuery(db: Database, lesson?: LessonKey) {
  const counted = db
    .select({
      languageId: phrases.languageId,
      levelId: phrases.levelId,
      lessonId: phrases.lessonId,
      batch: phrases.audioBatch,
      phraseCount: sql<number>`count(*)::int`.as("phrase_count"),
      firstPosition: sql<number>`min(${phrases.position})`.as("first_position"),
    })
    .from(phrases)
    .where(lesson ? and(eq(phrases.audioUrl, NO_AUDIO), phrasesOfLesson(lesson)) : eq(phrases.audioUrl, NO_AUDIO))
    .groupBy(phrases.languageId, phrases.levelId, phrases.lessonId, phrases.audioBatch)
    .as("counted");
  return selectInCatalogueOrder(
    db,
    counted,
    {
      languageId: counted.languageId,
      levelId: counted.levelId,
      lessonId: counted.lessonId,
      batch: counted.batch,
      phraseCount: counted.phraseCount,
      totalGroups: sql<number>`(count(*) over ())::int`,
      totalPhrases: sql<number>`(sum(${counted.phraseCount}) over ())::int`,
    },
    counted.firstPosition,
    counted.batch,
  );
}

async function firstTexts(db: Database, keys: BackfillGroupKey[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  // distinct on: the first spoken text per group, read through the lesson index rather than the whole table.
  const rows = await db
    .selectDistinctOn([phrases.languageId, phrases.levelId, phrases.lessonId, phrases.audioBatch], {
      languageId: phrases.languageId,
      levelId: phrases.levelId,
      lessonId: phrases.lessonId,
      batch: phrases.audioBatch,
      originalText: phrases.originalText,
    })
    .from(phrases)
    .where(and(sql`btrim(${phrases.originalText}) <> ''`, or(...keys.map(inGroup))))
    .orderBy(phrases.languageId, phrases.levelId, phrases.lessonId, phrases.audioBatch, phrases.position, phrases.createdAt, phrases.id);
  return new Map(rows.map((r) => [backfillKeyString(r), r.originalText.trim()]));
}

/** One page of the audio-less groups, in catalogue order, with the totals. A page past the end shows the last one. */
export async function listAudiolessGroups(db: Database, options: { page?: number; pageSize?: number } = {}): Promise<AudiolessPage> {
  const pageSize = options.pageSize ?? AUDIOLESS_PAGE_SIZE;
  let page = Math.max(1, Math.floor(options.page ?? 1));
  let rows = await audiolessQuery(db).limit(pageSize).offset((page - 1) * pageSize);
  if (rows.length === 0 && page > 1) {
    // The list shrank while someone paged (groups got their audio): the count comes from the first row.
    const [first] = await audiolessQuery(db).limit(1);
    page = Math.max(1, Math.ceil((first?.totalGroups ?? 0) / pageSize));
    rows = first ? await audiolessQuery(db).limit(pageSize).offset((page - 1) * pageSize) : [];
  }
  const totalGroups = rows[0]?.totalGroups ?? 0;
  const totalPhrases = rows[0]?.totalPhrases ?? 0;
  const texts = await firstTexts(db, rows);
  return {
    groups: rows.map(({ totalGroups: _g, totalPhrases: _p, ...group }) => ({
      ...group,
      firstText: texts.get(backfillKeyString(group)) ?? "",
    })),
    totalGroups,
    totalPhrases,
    page,
    pageCount: Math.max(1, Math.ceil(totalGroups / pageSize)),
  };
}

/**
 * The first audio-less group in catalogue order (of one lesson when `lesson` is given: the Import phrases dialog's
 * run), leaving out `skip` (groups that failed in this run), and how many groups are still without audio (the skipped
 * ones included), from the same query.
 */
export async function nextAudiolessGroup(
  db: Database,
  skip: BackfillGroupKey[] = [],
  lesson?: LessonKey,
): Promise<{ group: BackfillGroup | null; remaining: number }> {
  const skipped = new Set(skip.map(backfillKeyString));
  // The skip list is short (failures of one run), so reading that many rows past it is cheap.
  const rows = await audiolessQuery(db, lesson).limit(skipped.size + 1);
  const remaining = rows[0]?.totalGroups ?? 0;
  const row = rows.find((r) => !skipped.has(backfillKeyString(r)));
  if (!row) return { group: null, remaining };
  const { totalGroups: _g, totalPhrases: _p, ...group } = row;
  const texts = await firstTexts(db, [group]);
  return { group: { ...group, firstText: texts.get(backfillKeyString(group)) ?? "" }, remaining };
}

export type GenerateGroupResult =
  /** This request's file now plays for the group's phrases. */
  | { status: "generated"; url: string; phrases: number }
  /** The group had audio already (another admin, tab or server was first): nothing was kept. */
  | { status: "done" };

/** The group has no original text to speak. */
export class NothingToSpeakError extends Error {
  constructor() {
    super("These phrases have no original text to speak.");
  }
}

/** The group's audio-less phrases in order, with their texts trimmed. */
async function audiolessRows(db: Executor, key: BackfillGroupKey) {
  const rows = await db
    .select({ id: phrases.id, text: phrases.originalText })
    .from(phrases)
    .where(inGroup(key))
    .orderBy(phrases.position, phrases.createdAt, phrases.id);
  return rows.map((row) => ({ id: row.id, text: row.text.trim() }));
}

/**
 * Speaks the group's phrases in its language's voice, each on its own and joined as "Generate audio for the whole
 * group" does, and gives the file to the group's audio-less phrases with where each is spoken (issue 23). A group of
 * more phrases than one dialog holds (an import) gets its first text spoken, as before, and no cues. Safe to run twice
 * at once, from any server: the write takes the lesson's phrase lock (the one group edits take) and sets the URL only
 * on rows that still have none; a request that finds none left deletes its own file. A speech failure throws before
 * anything is stored or written.
 */
export async function generateGroupAudio(
  deps: {
    db: Database;
    storage: Storage;
    tts: TextToSpeech;
    events: EventBus;
    logger: { warn: (message: string, error?: unknown) => void };
    changes: ChangeRecorder;
  },
  key: BackfillGroupKey,
): Promise<GenerateGroupResult> {
  const { db } = deps;
  const rows = await audiolessRows(db, key);
  if (rows.length === 0) return { status: "done" };
  const spoken = rows.filter((row) => row.text !== "");
  if (spoken.length === 0) throw new NothingToSpeakError();
  const { url, cues } =
    spoken.length <= PHRASE_ROWS_MAX
      ? await generateGroupSpeech(deps, { texts: spoken.map((row) => row.text), languageId: key.languageId })
      : { url: await generatePhraseAudio(deps, { text: spoken[0]!.text, languageId: key.languageId }), cues: null };
  let updated = 0;
  try {
    updated = await db.transaction(async (tx) => {
      // The Phrases tab's lock: a group edit and a backfill of one lesson take turns.
      await lockLessons(tx, key);
      const now = await audiolessRows(tx, key);
      // The cues fit only the rows that were spoken: an edit meanwhile (a row added, a text changed) leaves them unknown.
      const unchanged = now.length === rows.length && now.every((row, i) => row.id === rows[i]!.id && row.text === rows[i]!.text);
      const cueOf = new Map(unchanged && cues ? spoken.map((row, i) => [row.id, cues[i]!] as const) : []);
      for (const row of now) {
        const cue = cueOf.get(row.id);
        await tx
          .update(phrases)
          .set({ audioUrl: url, audioBatch: null, cueStartMs: cue?.[0] ?? null, cueEndMs: cue?.[1] ?? null })
          .where(and(eq(phrases.id, row.id), eq(phrases.audioUrl, NO_AUDIO)));
      }
      if (now.length > 0) {
        await recordChange(tx, deps.changes, {
          section: "catalog",
          action: "Generated audio",
          subject: `${key.languageId} / ${key.levelId} / ${key.lessonId}`,
          count: now.length,
          changes: { audioUrl: { before: null, after: url } },
          // A run over a lesson's groups (an import's) is one line with its count.
          foldMinutes: 30,
        });
      }
      return now.length;
    });
  } catch (error) {
    await discard(deps, url);
    throw error;
  }
  if (updated === 0) {
    await discard(deps, url);
    return { status: "done" };
  }
  await deps.events.publish("catalog");
  return { status: "generated", url, phrases: updated };
}

async function discard(deps: { storage: Storage; logger: { warn: (message: string, error?: unknown) => void } }, url: string) {
  await deleteStoredFileByUrl(deps.storage, url).catch((error: unknown) => deps.logger.warn(`Could not remove the unused audio file ${url}`, error));
}
