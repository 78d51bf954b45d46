import { and, asc, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { languages, phrases } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import { readingAidFor, type ReadingAid } from "#server/reading/reading-aids.ts";
import type { ReadingHelper } from "#server/reading/reading-helper.server.ts";

/**
 * Readings are stored with the phrase (issue 23 point 4). A phrase "needs" one while its reading is NULL, it is not
 * an admin's (reading_edited), and its language has an aid; "" is a reading computed to be empty. Nothing lives in
 * one server's memory: a save asks for its lesson to be filled after its commit, and every start fills whatever any
 * server left (a crash between save and compute, phrases of an older version, the demo seed). The database is the
 * progress, so any number of servers can do it at once: each update applies only to a row still needing it, with the
 * text it was computed from.
 */

export interface LessonKey {
  languageId: string;
  levelId: string;
  lessonId: string;
}

/** Phrases read per request to the reading process. */
const BATCH = 100;

export interface ReadingFillDeps {
  db: Database;
  events: EventBus;
  helper: ReadingHelper;
}

/** The catalogue's languages that have a reading aid. */
async function aidedLanguages(db: Database): Promise<Map<string, ReadingAid>> {
  const rows = await db.select({ id: languages.id, name: languages.name, voice: languages.voice }).from(languages);
  const aided = new Map<string, ReadingAid>();
  for (const row of rows) {
    const aid = readingAidFor(row);
    if (aid) aided.set(row.id, aid);
  }
  return aided;
}

/**
 * Computes and stores the reading of every phrase that needs one, in one lesson or everywhere, and announces
 * "catalog" after each batch that changed a reading. Returns how many phrases got a reading.
 */
export async function fillReadings({ db, events, helper }: ReadingFillDeps, lesson?: LessonKey): Promise<number> {
  const aided = await aidedLanguages(db);
  if (aided.size === 0) return 0;
  const ids = lesson ? [lesson.languageId].filter((id) => aided.has(id)) : [...aided.keys()];
  if (ids.length === 0) return 0;
  const where = and(
    isNull(phrases.reading),
    eq(phrases.readingEdited, false),
    inArray(phrases.languageId, ids),
    ...(lesson ? [eq(phrases.levelId, lesson.levelId), eq(phrases.lessonId, lesson.lessonId)] : []),
  );
  let filled = 0;
  // A row seen twice in one run lost its update to a concurrent change every time: left for the save that changed it.
  const seen = new Set<string>();
  for (;;) {
    const rows = await db
      .select({ id: phrases.id, languageId: phrases.languageId, originalText: phrases.originalText })
      .from(phrases)
      .where(seen.size > 0 ? and(where, notInArray(phrases.id, [...seen])) : where)
      .orderBy(asc(phrases.id))
      .limit(BATCH);
    if (rows.length === 0) return filled;
    for (const row of rows) seen.add(row.id);
    const readings = await helper.compute(rows.map((row) => ({ aid: aided.get(row.languageId)!, text: row.originalText })));
    let shown = 0;
    await db.transaction(async (tx) => {
      for (const [i, row] of rows.entries()) {
        const updated = await tx
          .update(phrases)
          .set({ reading: readings[i] ?? "" })
          .where(and(eq(phrases.id, row.id), eq(phrases.originalText, row.originalText), isNull(phrases.reading), eq(phrases.readingEdited, false)))
          .returning({ id: phrases.id });
        if (updated.length === 0) continue;
        filled++;
        if (readings[i]) shown++;
      }
    });
    if (shown > 0) await events.publish("catalog");
  }
}

/** Reading work queued in this process, run one job at a time off the request path. */
export interface ReadingJobs {
  /** After a save's commit: fill the lesson's phrases that need a reading. Returns at once. */
  afterSave(lesson: LessonKey): void;
  /** Queues a fill of every phrase that needs a reading (each start does). Returns at once. */
  backfillSoon(): void;
  /** Fills every phrase that needs a reading now (the CLI's readings:backfill); how many got one. */
  backfill(): Promise<number>;
  /** Resolves when nothing is queued or running (tests and the memory bench wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createReadingJobs(deps: ReadingFillDeps & { logger: { warn: (message: string, error?: unknown) => void } }): ReadingJobs {
  const queued = new Map<string, LessonKey | undefined>();
  let running: Promise<void> | undefined;
  let closed = false;

  const run = async () => {
    while (!closed && queued.size > 0) {
      const [key, lesson] = queued.entries().next().value!;
      queued.delete(key);
      try {
        await fillReadings(deps, lesson);
      } catch (error) {
        // Left for the next save of the lesson or the next start: nothing is lost but time.
        if (!closed) deps.logger.warn(`Could not compute readings${lesson ? ` for ${key}` : ""}`, error);
      }
    }
  };
  const kick = () => {
    running ??= run().finally(() => {
      running = undefined;
      if (!closed && queued.size > 0) kick();
    });
    return running;
  };
  const enqueue = (key: string, lesson?: LessonKey) => {
    if (closed) return;
    // Everything covers every lesson; a lesson already waiting is filled once.
    if (!queued.has("*")) queued.set(key, lesson);
    kick();
  };

  return {
    afterSave(lesson) {
      enqueue(`${lesson.languageId}/${lesson.levelId}/${lesson.lessonId}`, lesson);
    },
    backfillSoon() {
      enqueue("*");
    },
    async backfill() {
      if (closed) return 0;
      return fillReadings(deps);
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      queued.clear();
      await deps.helper.close();
      await running;
    },
  };
}
