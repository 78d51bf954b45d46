import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { DUE_COUNT_CAP, LEARN_AHEAD_MINUTES, NEW_PER_DAY, QUEUE_SIZE, type ReviewItem, type ReviewQueue } from "#common/review.ts";
import { lessonKey, levelKey, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { DatabaseHandle, Executor } from "#server/db/client.server.ts";
import { preparedRead } from "#server/db/prepared-read.server.ts";
import { phrases, reviewCards, reviewLog, userFavorites, userProgress } from "#server/db/schema.ts";
import { cardFromJson, choices, newCard, type StoredCardJson } from "#server/review/scheduler.server.ts";

/**
 * The learner's deck: their favourite phrases, and when they chose it every phrase of the lessons they completed.
 * A phrase gets its card (new, state 0) when it joins (`enrollPhrases`), so finding the new ones is an index scan,
 * not a search through every favourite. Membership itself is checked at every query: never a phrase of a locked
 * level or lesson, and a phrase an admin deleted, or a favourite taken back, is simply no longer found; its card and
 * log stay as they were.
 *
 * Which lessons are locked, their titles and their languages' names come from the catalogue snapshot (the same one
 * the public pages obey), so the queries join only cards and phrases: at 10,000 cards PGlite spent 4-25 ms planning
 * the four-table joins and under a millisecond on this (bench/README.md, "Review").
 */

export interface DeckOwner {
  userId: string;
  deckIncludesCompleted: boolean;
  catalog: CatalogSnapshot;
}

interface LessonInfo {
  title: string;
  languageName: string;
}

interface CatalogView {
  /** Lessons a visitor cannot open (their own lock or their level's), as a JSON array of [language, level, lesson]. */
  closed: string;
  /** Every lesson that can be opened, by lessonKey. */
  open: Map<string, LessonInfo>;
}

const views = new WeakMap<CatalogSnapshot, CatalogView>();

function catalogView(catalog: CatalogSnapshot): CatalogView {
  let view = views.get(catalog);
  if (view) return view;
  const closed: [string, string, string][] = [];
  const open = new Map<string, LessonInfo>();
  for (const language of catalog.languages) {
    for (const level of catalog.levelsByLanguage.get(language.id) ?? []) {
      for (const lesson of catalog.lessonsByLevel.get(levelKey(language.id, level.id)) ?? []) {
        if (level.isLocked || lesson.isLocked) closed.push([language.id, level.id, lesson.id]);
        else open.set(lessonKey(language.id, level.id, lesson.id), { title: lesson.title, languageName: language.name });
      }
    }
  }
  view = { closed: JSON.stringify(closed), open };
  views.set(catalog, view);
  return view;
}

/**
 * Whose deck a query reads, as values or as a prepared read's placeholders: the same conditions serve both. The locked
 * lessons are one JSON parameter rather than a list written into the text, so the statement's text (and its plan)
 * does not change with the catalogue.
 */
interface DeckKey {
  userId: unknown;
  includesCompleted: unknown;
  closed: unknown;
}

const deckKey = (owner: DeckOwner): DeckKey => ({
  userId: owner.userId,
  includesCompleted: owner.deckIncludesCompleted,
  closed: catalogView(owner.catalog).closed,
});

const placeholderKey: DeckKey = {
  userId: sql.placeholder("userId"),
  includesCompleted: sql.placeholder("includesCompleted"),
  closed: sql.placeholder("closed"),
};

/** The current row's phrase (`phrases`) is not in a locked lesson. Lessons the snapshot does not know are dropped later. */
function isOpen(key: DeckKey): SQL {
  return sql`(${phrases.languageId}, ${phrases.levelId}, ${phrases.lessonId}) not in
    (select k->>0, k->>1, k->>2 from jsonb_array_elements(${key.closed}::jsonb) k)`;
}

const lessonOf = (owner: DeckOwner, row: { languageId: string; levelId: string; lessonId: string }) =>
  catalogView(owner.catalog).open.get(lessonKey(row.languageId, row.levelId, row.lessonId));

/** Whether the phrase in the current row (`phrases`) is in the owner's deck (before the open check). */
function inDeck(key: DeckKey): SQL {
  const favourite = sql`exists (select 1 from ${userFavorites} where ${userFavorites.userId} = ${key.userId} and ${userFavorites.phraseId} = ${phrases.id})`;
  const completed = sql`exists (select 1 from ${userProgress} where ${userProgress.userId} = ${key.userId} and ${userProgress.completed}
    and ${userProgress.languageId} = ${phrases.languageId} and ${userProgress.levelId} = ${phrases.levelId} and ${userProgress.lessonId} = ${phrases.lessonId})`;
  return sql`(${favourite} or (${key.includesCompleted}::boolean and ${completed}))`;
}

/**
 * A queue item's row, as one JSON value (json_agg of these is one column of the queue's one statement): what the page
 * shows of the phrase, and the card as stored. Timestamps come as ISO 8601 text.
 */
const itemJson = sql`json_build_object(
  'phraseId', ${phrases.id}, 'original', ${phrases.originalText}, 'translation', ${phrases.translatedText},
  'reading', ${phrases.reading}, 'audioUrl', ${phrases.audioUrl}, 'cueStartMs', ${phrases.cueStartMs}, 'cueEndMs', ${phrases.cueEndMs},
  'languageId', ${phrases.languageId}, 'levelId', ${phrases.levelId}, 'lessonId', ${phrases.lessonId},
  'due', ${reviewCards.due}, 'stability', ${reviewCards.stability}, 'difficulty', ${reviewCards.difficulty},
  'scheduledDays', ${reviewCards.scheduledDays}, 'learningSteps', ${reviewCards.learningSteps}, 'reps', ${reviewCards.reps},
  'lapses', ${reviewCards.lapses}, 'state', ${reviewCards.state}, 'lastReview', ${reviewCards.lastReview})`;

interface ItemRow extends StoredCardJson {
  phraseId: string;
  original: string;
  translation: string;
  reading: string | null;
  audioUrl: string;
  cueStartMs: number | null;
  cueEndMs: number | null;
  languageId: string;
  levelId: string;
  lessonId: string;
}

function toItem(row: ItemRow, lesson: LessonInfo, now: Date): ReviewItem {
  const card = cardFromJson(row);
  return {
    phraseId: row.phraseId,
    original: row.original,
    translation: row.translation,
    reading: row.reading,
    audioUrl: row.audioUrl,
    ...(row.cueStartMs !== null && row.cueEndMs !== null ? { cue: [row.cueStartMs, row.cueEndMs] as const } : {}),
    lesson: {
      languageId: row.languageId,
      levelId: row.levelId,
      lessonId: row.lessonId,
      title: lesson.title,
      languageName: lesson.languageName,
    },
    isNew: card.state === 0,
    choices: choices(card.state !== 0 ? card : newCard(now), now),
  };
}

type CardFilter = "due" | "new" | "ahead";

/** The moment a query counts from, and the end of the learn-ahead window after it. */
interface Moment {
  now: unknown;
  aheadUntil: unknown;
}

const momentOf = (now: Date): Moment => ({ now, aheadUntil: new Date(now.getTime() + LEARN_AHEAD_MINUTES * 60_000) });

/**
 * The deck's cards of one kind, open and still members: "due" (rated, due now, soonest first), "new" (never rated,
 * or their first rating undone, in the order they joined), "ahead" (still in (re)learning and due within the
 * learn-ahead limit, so an Again comes back within the session).
 */
function cardCondition(key: DeckKey, filter: CardFilter, { now, aheadUntil }: Moment) {
  const kind =
    filter === "new"
      ? eq(reviewCards.state, 0)
      : filter === "due"
        ? and(ne(reviewCards.state, 0), sql`${reviewCards.due} <= ${now}`)
        : and(inArray(reviewCards.state, [1, 3]), sql`${reviewCards.due} > ${now}`, sql`${reviewCards.due} <= ${aheadUntil}`);
  return and(sql`${reviewCards.userId} = ${key.userId}`, kind, isOpen(key), inDeck(key));
}

const cardOrder = (filter: CardFilter) =>
  filter === "new" ? [asc(reviewCards.createdAt), asc(phrases.position), asc(reviewCards.phraseId)] : [asc(reviewCards.due), asc(reviewCards.phraseId)];

/** Up to `limit` cards of one kind as a JSON array of item rows. */
function deckItems(db: Executor, key: DeckKey, filter: CardFilter, moment: Moment, limit: number) {
  const rows = db
    .select({ item: itemJson.as("item") })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(cardCondition(key, filter, moment))
    .orderBy(...cardOrder(filter))
    .limit(limit);
  return sql<ItemRow[]>`(select coalesce(json_agg(rows.item), '[]'::json) from (${rows}) rows)`;
}

/** How many cards of one kind there are, counting up to `limit` (the ids themselves would cost more to send). */
function countCards(db: Executor, key: DeckKey, filter: CardFilter, moment: Moment, limit: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(cardCondition(key, filter, moment))
    .limit(limit);
  return sql<number>`(select count(*) from (${capped}) capped)::int`;
}

/** New phrases first rated on `today` (their first rating not undone). */
function newIntroducedOn(db: Executor, key: DeckKey, today: unknown) {
  const introduced = db
    .select({ count: sql`count(*)` })
    .from(reviewLog)
    .where(and(sql`${reviewLog.userId} = ${key.userId}`, sql`${reviewLog.learnerDay} = ${today}`, eq(reviewLog.state, 0), isNull(reviewLog.undoneAt)));
  return sql<number>`(${introduced})::int`;
}

/** A prepared read over the deck of whichever learner its placeholders name (see preparedRead). */
function deckRead<Fields extends Record<string, SQL>>(database: DatabaseHandle, name: string, fields: Fields) {
  const query = database.db.select(fields).from(sql`(select 1) one`);
  type Row = { [K in keyof Fields]: Fields[K] extends SQL<infer T> ? T : never };
  return preparedRead<Row>(database.runPrepared, name, fields, query);
}

const placeholderMoment: Moment = { now: sql.placeholder("now"), aheadUntil: sql.placeholder("aheadUntil") };

/**
 * Everything the queue needs in one statement, prepared once per connection: each kind's first QUEUE_SIZE cards (the
 * queue takes a prefix of each), the capped counts, and the new phrases met today. At 10,000 cards PGlite spent more
 * time parsing and planning the six separate queries than running them (bench/README.md, "Review").
 */
function queueRead(database: DatabaseHandle) {
  const { db } = database;
  return deckRead(database, "phrasewise_review_queue", {
    due: deckItems(db, placeholderKey, "due", placeholderMoment, QUEUE_SIZE),
    dueTotal: countCards(db, placeholderKey, "due", placeholderMoment, DUE_COUNT_CAP + 1),
    fresh: deckItems(db, placeholderKey, "new", placeholderMoment, QUEUE_SIZE),
    freshTotal: countCards(db, placeholderKey, "new", placeholderMoment, NEW_PER_DAY),
    ahead: deckItems(db, placeholderKey, "ahead", placeholderMoment, QUEUE_SIZE),
    introduced: newIntroducedOn(db, placeholderKey, sql.placeholder("today")),
  });
}

/**
 * The header's count in one statement: /api/viewer asks it on every page a learner with a deck opens (three separate
 * queries cut its throughput by three quarters).
 */
function dueCountRead(database: DatabaseHandle) {
  const { db } = database;
  return deckRead(database, "phrasewise_due_count", {
    due: countCards(db, placeholderKey, "due", placeholderMoment, DUE_COUNT_CAP + 1),
    fresh: countCards(db, placeholderKey, "new", placeholderMoment, NEW_PER_DAY),
    introduced: newIntroducedOn(db, placeholderKey, sql.placeholder("today")),
  });
}

const queueReads = new WeakMap<DatabaseHandle, ReturnType<typeof queueRead>>();
const dueCountReads = new WeakMap<DatabaseHandle, ReturnType<typeof dueCountRead>>();

function readValues(owner: DeckOwner, today: string, now: Date) {
  const key = deckKey(owner);
  const moment = momentOf(now);
  return { userId: key.userId, includesCompleted: key.includesCompleted, closed: key.closed, now: moment.now, aheadUntil: moment.aheadUntil, today };
}

/** Whether the deck holds any card at all (asked only when nothing is due: the empty and the all-done states differ). */
async function deckIsEmpty(db: Executor, owner: DeckOwner): Promise<boolean> {
  const key = deckKey(owner);
  const [row] = await db
    .select({ phraseId: reviewCards.phraseId })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(and(eq(reviewCards.userId, owner.userId), isOpen(key), inDeck(key)))
    .limit(1);
  return !row;
}

/** When the soonest card of the deck not in this queue is due. */
async function nextDue(db: Executor, owner: DeckOwner, now: Date): Promise<Date | null> {
  const key = deckKey(owner);
  const [row] = await db
    .select({ due: reviewCards.due })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(and(eq(reviewCards.userId, owner.userId), ne(reviewCards.state, 0), sql`${reviewCards.due} > ${now}`, isOpen(key), inDeck(key)))
    .orderBy(asc(reviewCards.due))
    .limit(1);
  return row?.due ?? null;
}

/**
 * What a review session works through now: due cards first (soonest first), then new phrases up to the day's
 * allowance, then cards still being learned that come back within the learn-ahead limit; QUEUE_SIZE at most.
 */
export async function reviewQueue(database: DatabaseHandle, owner: DeckOwner, today: string, now = new Date()): Promise<ReviewQueue> {
  let read = queueReads.get(database);
  if (!read) queueReads.set(database, (read = queueRead(database)));
  const [row] = await read(readValues(owner, today, now));
  if (!row) throw new Error("The review queue's statement returned no row");
  const allowance = Math.max(0, NEW_PER_DAY - row.introduced);
  const due = row.due;
  const room = QUEUE_SIZE - due.length;
  const fresh = allowance > 0 && room > 0 ? row.fresh.slice(0, Math.min(allowance, room)) : [];
  const aheadRoom = room - fresh.length;
  const ahead = aheadRoom > 0 ? row.ahead.slice(0, aheadRoom) : [];
  const items = [...due, ...fresh, ...ahead].flatMap((item) => {
    const lesson = lessonOf(owner, item);
    return lesson ? [toItem(item, lesson, now)] : [];
  });
  const { db } = database;
  const [next, deckEmpty] = items.length === 0 ? await Promise.all([nextDue(db, owner, now), deckIsEmpty(db, owner)]) : [null, false];
  return {
    items,
    dueCount: row.dueTotal,
    newCount: Math.min(row.freshTotal, allowance),
    deckEmpty,
    nextDueAt: next?.toISOString() ?? null,
  };
}

/** The header's count: cards due now and new phrases still allowed today (at most DUE_COUNT_CAP + 1). */
export async function dueCount(database: DatabaseHandle, owner: DeckOwner, today: string, now = new Date()): Promise<number> {
  let read = dueCountReads.get(database);
  if (!read) dueCountReads.set(database, (read = dueCountRead(database)));
  const [row] = await read(readValues(owner, today, now));
  if (!row) return 0;
  const allowance = Math.max(0, NEW_PER_DAY - row.introduced);
  return Math.min(DUE_COUNT_CAP + 1, row.due + Math.min(row.fresh, allowance));
}

/** Whether a phrase is in the owner's deck now (and open): a rating for any other is refused. */
export async function phraseInDeck(db: Executor, owner: DeckOwner, phraseId: string): Promise<boolean> {
  const [row] = await db
    .select({ languageId: phrases.languageId, levelId: phrases.levelId, lessonId: phrases.lessonId })
    .from(phrases)
    .where(and(eq(phrases.id, phraseId), inDeck(deckKey(owner))))
    .limit(1);
  return Boolean(row && lessonOf(owner, row));
}

/** Gives these phrases a new card each for the learner, if they have none yet (they joined the deck). */
export async function enrollPhrases(db: Executor, userId: string, phraseIds: string[], now = new Date()) {
  if (phraseIds.length === 0) return;
  const card = newCard(now);
  await db
    .insert(reviewCards)
    .values(phraseIds.map((phraseId) => ({ userId, phraseId, ...card, createdAt: now })))
    .onConflictDoNothing();
}

/** Enrols every phrase of the learner's completed lessons (the deck option was switched on), or of one of them. */
export async function enrollCompletedLessons(db: Executor, userId: string, only?: { languageId: string; levelId: string; lessonId: string }, now = new Date()) {
  const lesson = only
    ? sql`and ${userProgress.languageId} = ${only.languageId} and ${userProgress.levelId} = ${only.levelId} and ${userProgress.lessonId} = ${only.lessonId}`
    : sql``;
  const card = newCard(now);
  await db.execute(sql`insert into ${reviewCards} (user_id, phrase_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, created_at)
    select ${userId}, ${phrases.id}, ${card.due}, 0, 0, 0, 0, 0, 0, 0, ${now}
    from ${phrases} join ${userProgress} on ${userProgress.userId} = ${userId} and ${userProgress.completed}
      and ${userProgress.languageId} = ${phrases.languageId} and ${userProgress.levelId} = ${phrases.levelId} and ${userProgress.lessonId} = ${phrases.lessonId} ${lesson}
    on conflict do nothing`);
}
