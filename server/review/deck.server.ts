import { and, asc, eq, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { DUE_COUNT_CAP, LEARN_AHEAD_MINUTES, NEW_PER_DAY, QUEUE_SIZE, type ReviewItem, type ReviewQueue } from "#common/review.ts";
import { lessonKey, levelKey, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import type { Executor } from "#server/db/client.server.ts";
import { phrases, reviewCards, reviewLog, userFavorites, userProgress } from "#server/db/schema.ts";
import { choices, newCard, type StoredCard } from "#server/review/scheduler.server.ts";

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
  /** Lessons a visitor cannot open (their own lock or their level's). */
  closed: { languageId: string; levelId: string; lessonId: string }[];
  /** Every lesson that can be opened, by lessonKey. */
  open: Map<string, LessonInfo>;
}

const views = new WeakMap<CatalogSnapshot, CatalogView>();

function catalogView(catalog: CatalogSnapshot): CatalogView {
  let view = views.get(catalog);
  if (view) return view;
  view = { closed: [], open: new Map() };
  for (const language of catalog.languages) {
    for (const level of catalog.levelsByLanguage.get(language.id) ?? []) {
      for (const lesson of catalog.lessonsByLevel.get(levelKey(language.id, level.id)) ?? []) {
        if (level.isLocked || lesson.isLocked) view.closed.push({ languageId: language.id, levelId: level.id, lessonId: lesson.id });
        else view.open.set(lessonKey(language.id, level.id, lesson.id), { title: lesson.title, languageName: language.name });
      }
    }
  }
  views.set(catalog, view);
  return view;
}

/** The current row's phrase (`phrases`) is not in a locked lesson. Lessons the snapshot does not know are dropped later. */
function isOpen(owner: DeckOwner): SQL {
  const { closed } = catalogView(owner.catalog);
  if (closed.length === 0) return sql`true`;
  const keys = sql.join(
    closed.map((k) => sql`(${k.languageId}, ${k.levelId}, ${k.lessonId})`),
    sql`, `,
  );
  return sql`(${phrases.languageId}, ${phrases.levelId}, ${phrases.lessonId}) not in (${keys})`;
}

const lessonOf = (owner: DeckOwner, row: { languageId: string; levelId: string; lessonId: string }) =>
  catalogView(owner.catalog).open.get(lessonKey(row.languageId, row.levelId, row.lessonId));

/** Whether the phrase in the current row (`phrases`) is in the owner's deck (before the open check). */
function inDeck(owner: DeckOwner): SQL {
  const favourite = sql`exists (select 1 from ${userFavorites} where ${userFavorites.userId} = ${owner.userId} and ${userFavorites.phraseId} = ${phrases.id})`;
  if (!owner.deckIncludesCompleted) return favourite;
  const completed = sql`exists (select 1 from ${userProgress} where ${userProgress.userId} = ${owner.userId} and ${userProgress.completed}
    and ${userProgress.languageId} = ${phrases.languageId} and ${userProgress.levelId} = ${phrases.levelId} and ${userProgress.lessonId} = ${phrases.lessonId})`;
  return sql`(${favourite} or ${completed})`;
}

const phraseColumns = {
  phraseId: phrases.id,
  original: phrases.originalText,
  translation: phrases.translatedText,
  reading: phrases.reading,
  audioUrl: phrases.audioUrl,
  cueStartMs: phrases.cueStartMs,
  cueEndMs: phrases.cueEndMs,
  languageId: phrases.languageId,
  levelId: phrases.levelId,
  lessonId: phrases.lessonId,
};

const cardColumns = {
  due: reviewCards.due,
  stability: reviewCards.stability,
  difficulty: reviewCards.difficulty,
  scheduledDays: reviewCards.scheduledDays,
  learningSteps: reviewCards.learningSteps,
  reps: reviewCards.reps,
  lapses: reviewCards.lapses,
  state: reviewCards.state,
  lastReview: reviewCards.lastReview,
};

interface PhraseRow {
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

function toItem(row: PhraseRow, lesson: LessonInfo, card: StoredCard | null, now: Date): ReviewItem {
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
    isNew: card === null || card.state === 0,
    choices: choices(card && card.state !== 0 ? card : newCard(now), now),
  };
}

type CardFilter = "due" | "new" | "ahead";

/**
 * The deck's cards of one kind, open and still members: "due" (rated, due now, soonest first), "new" (never rated,
 * or their first rating undone, in the order they joined), "ahead" (still in (re)learning and due within the
 * learn-ahead limit, so an Again comes back within the session).
 */
function cardCondition(owner: DeckOwner, filter: CardFilter, now: Date) {
  const kind =
    filter === "new"
      ? eq(reviewCards.state, 0)
      : filter === "due"
        ? and(ne(reviewCards.state, 0), lte(reviewCards.due, now))
        : and(inArray(reviewCards.state, [1, 3]), sql`${reviewCards.due} > ${now}`, lte(reviewCards.due, new Date(now.getTime() + LEARN_AHEAD_MINUTES * 60_000)));
  return and(eq(reviewCards.userId, owner.userId), kind, isOpen(owner), inDeck(owner));
}

const cardOrder = (filter: CardFilter) =>
  filter === "new" ? [asc(reviewCards.createdAt), asc(phrases.position), asc(reviewCards.phraseId)] : [asc(reviewCards.due), asc(reviewCards.phraseId)];

/** Up to `limit` cards of one kind, with what the page shows of their phrase. */
function deckCards(db: Executor, owner: DeckOwner, filter: CardFilter, now: Date, limit: number) {
  return db
    .select({ ...phraseColumns, card: cardColumns })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(cardCondition(owner, filter, now))
    .orderBy(...cardOrder(filter))
    .limit(limit);
}

/** How many cards of one kind there are, counting up to `limit`. */
async function countCards(db: Executor, owner: DeckOwner, filter: CardFilter, now: Date, limit: number): Promise<number> {
  if (limit <= 0) return 0;
  const capped = db
    .select({ phraseId: reviewCards.phraseId })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(cardCondition(owner, filter, now))
    .limit(limit)
    .as("capped");
  // Counted in the database: the ids themselves, a hundred rows to decode, cost more than the query.
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

/** New phrases first rated on `today` (their first rating not undone). */
async function newIntroducedOn(db: Executor, userId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, userId), eq(reviewLog.learnerDay, today), eq(reviewLog.state, 0), isNull(reviewLog.undoneAt)));
  return row?.count ?? 0;
}

/** Whether the deck holds any card at all (asked only when nothing is due: the empty and the all-done states differ). */
async function deckIsEmpty(db: Executor, owner: DeckOwner): Promise<boolean> {
  const [row] = await db
    .select({ phraseId: reviewCards.phraseId })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(and(eq(reviewCards.userId, owner.userId), isOpen(owner), inDeck(owner)))
    .limit(1);
  return !row;
}

/** When the soonest card of the deck not in this queue is due. */
async function nextDue(db: Executor, owner: DeckOwner, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ due: reviewCards.due })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .where(and(eq(reviewCards.userId, owner.userId), ne(reviewCards.state, 0), sql`${reviewCards.due} > ${now}`, isOpen(owner), inDeck(owner)))
    .orderBy(asc(reviewCards.due))
    .limit(1);
  return row?.due ?? null;
}

/**
 * What a review session works through now: due cards first (soonest first), then new phrases up to the day's
 * allowance, then cards still being learned that come back within the learn-ahead limit; QUEUE_SIZE at most.
 */
export async function reviewQueue(db: Executor, owner: DeckOwner, today: string, now = new Date()): Promise<ReviewQueue> {
  const [due, dueTotal, introduced] = await Promise.all([
    deckCards(db, owner, "due", now, QUEUE_SIZE),
    countCards(db, owner, "due", now, DUE_COUNT_CAP + 1),
    newIntroducedOn(db, owner.userId, today),
  ]);
  const allowance = Math.max(0, NEW_PER_DAY - introduced);
  const room = QUEUE_SIZE - due.length;
  const [fresh, newTotal] = await Promise.all([
    allowance > 0 && room > 0 ? deckCards(db, owner, "new", now, Math.min(allowance, room)) : [],
    countCards(db, owner, "new", now, allowance),
  ]);
  const aheadRoom = room - fresh.length;
  const ahead = aheadRoom > 0 ? await deckCards(db, owner, "ahead", now, aheadRoom) : [];
  const items = [...due, ...fresh, ...ahead].flatMap((row) => {
    const lesson = lessonOf(owner, row);
    return lesson ? [toItem(row, lesson, row.card, now)] : [];
  });
  const [next, deckEmpty] = items.length === 0 ? await Promise.all([nextDue(db, owner, now), deckIsEmpty(db, owner)]) : [null, false];
  return { items, dueCount: dueTotal, newCount: newTotal, deckEmpty, nextDueAt: next?.toISOString() ?? null };
}

/**
 * The header's count: cards due now and new phrases still allowed today (at most DUE_COUNT_CAP + 1). One statement:
 * /api/viewer asks it on every page a learner opens (three separate queries cut its throughput by three quarters).
 */
export async function dueCount(db: Executor, owner: DeckOwner, today: string, now = new Date()): Promise<number> {
  const ids = (filter: CardFilter, limit: number) =>
    db.select({ id: reviewCards.phraseId }).from(reviewCards).innerJoin(phrases, eq(phrases.id, reviewCards.phraseId)).where(cardCondition(owner, filter, now)).limit(limit);
  const introduced = db
    .select({ count: sql`count(*)` })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, owner.userId), eq(reviewLog.learnerDay, today), eq(reviewLog.state, 0), isNull(reviewLog.undoneAt)));
  const [row] = await db
    .select({
      due: sql<number>`(select count(*) from (${ids("due", DUE_COUNT_CAP + 1)}) d)::int`,
      fresh: sql<number>`(select count(*) from (${ids("new", NEW_PER_DAY)}) n)::int`,
      introduced: sql<number>`(${introduced})::int`,
    })
    .from(sql`(select 1) one`);
  if (!row) return 0;
  const allowance = Math.max(0, NEW_PER_DAY - row.introduced);
  return Math.min(DUE_COUNT_CAP + 1, row.due + Math.min(row.fresh, allowance));
}

/** Whether a phrase is in the owner's deck now (and open): a rating for any other is refused. */
export async function phraseInDeck(db: Executor, owner: DeckOwner, phraseId: string): Promise<boolean> {
  const [row] = await db
    .select({ languageId: phrases.languageId, levelId: phrases.levelId, lessonId: phrases.lessonId })
    .from(phrases)
    .where(and(eq(phrases.id, phraseId), inDeck(owner)))
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
