import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { DUE_COUNT_CAP, LEARN_AHEAD_MINUTES, NEW_PER_DAY, QUEUE_SIZE, type ReviewItem, type ReviewQueue } from "#common/review.ts";
import type { Executor } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases, reviewCards, reviewLog, userFavorites, userProgress } from "#server/db/schema.ts";
import { choices, newCard, type StoredCard } from "#server/review/scheduler.server.ts";

/**
 * The learner's deck: their favourite phrases, and when they chose it every phrase of the lessons they completed.
 * A phrase gets its card (new, state 0) when it joins (`enrollPhrases`), so finding the new ones is an index scan,
 * not a search through every favourite. Membership itself is read through the catalogue at every query: never a
 * phrase of a locked level or lesson, and a phrase an admin deleted, or a favourite taken back, is simply no longer
 * found; its card and log stay as they were.
 */

export interface DeckOwner {
  userId: string;
  deckIncludesCompleted: boolean;
}

const sameLesson = and(
  eq(lessons.languageId, phrases.languageId),
  eq(lessons.levelId, phrases.levelId),
  eq(lessons.id, phrases.lessonId),
);
const sameLevel = and(eq(levels.languageId, phrases.languageId), eq(levels.id, phrases.levelId));
const isOpen = and(eq(lessons.isLocked, false), eq(levels.isLocked, false));

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
  lessonTitle: lessons.title,
  languageName: languages.name,
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
  lessonTitle: string;
  languageName: string;
}

function toItem(row: PhraseRow, card: StoredCard | null, now: Date): ReviewItem {
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
      title: row.lessonTitle,
      languageName: row.languageName,
    },
    isNew: card === null || card.state === 0,
    choices: choices(card && card.state !== 0 ? card : newCard(now), now),
  };
}

/** Rated cards of the deck due by `until` (learning ones up to the learn-ahead limit), soonest first. */
function dueCards(db: Executor, owner: DeckOwner, now: Date, limit: number) {
  const ahead = new Date(now.getTime() + LEARN_AHEAD_MINUTES * 60_000);
  return db
    .select({ ...phraseColumns, card: cardColumns })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .innerJoin(languages, eq(languages.id, phrases.languageId))
    .where(
      and(
        eq(reviewCards.userId, owner.userId),
        ne(reviewCards.state, 0),
        or(lte(reviewCards.due, now), and(inArray(reviewCards.state, [1, 3]), lte(reviewCards.due, ahead))),
        isOpen,
        inDeck(owner),
      ),
    )
    .orderBy(asc(reviewCards.due), asc(reviewCards.phraseId))
    .limit(limit);
}

/** New cards of the deck (never rated, or their first rating undone), in the order they joined it. */
function newCards(db: Executor, owner: DeckOwner, limit: number) {
  return db
    .select({ ...phraseColumns, card: cardColumns })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .innerJoin(languages, eq(languages.id, phrases.languageId))
    .where(and(eq(reviewCards.userId, owner.userId), eq(reviewCards.state, 0), isOpen, inDeck(owner)))
    .orderBy(asc(reviewCards.createdAt), asc(phrases.position), asc(reviewCards.phraseId))
    .limit(limit);
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
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .where(and(eq(reviewCards.userId, owner.userId), isOpen, inDeck(owner)))
    .limit(1);
  return !row;
}

/** When the soonest card of the deck not in this queue is due. */
async function nextDue(db: Executor, owner: DeckOwner, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ due: reviewCards.due })
    .from(reviewCards)
    .innerJoin(phrases, eq(phrases.id, reviewCards.phraseId))
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .where(and(eq(reviewCards.userId, owner.userId), ne(reviewCards.state, 0), sql`${reviewCards.due} > ${now}`, isOpen, inDeck(owner)))
    .orderBy(asc(reviewCards.due))
    .limit(1);
  return row?.due ?? null;
}

/**
 * What a review session works through now: due cards first (soonest first), then new phrases up to the day's
 * allowance, then cards still being learned that come back within the learn-ahead limit.
 */
export async function reviewQueue(db: Executor, owner: DeckOwner, today: string, now = new Date()): Promise<ReviewQueue> {
  const [due, introduced] = await Promise.all([dueCards(db, owner, now, DUE_COUNT_CAP + 1), newIntroducedOn(db, owner.userId, today)]);
  const allowance = Math.max(0, NEW_PER_DAY - introduced);
  const fresh = allowance > 0 ? await newCards(db, owner, allowance) : [];
  const dueNow = due.filter((row) => row.card.due <= now);
  const ahead = due.filter((row) => row.card.due > now);
  const items = [
    ...dueNow.map((row) => toItem(row, row.card, now)),
    ...fresh.map((row) => toItem(row, row.card, now)),
    ...ahead.map((row) => toItem(row, row.card, now)),
  ].slice(0, QUEUE_SIZE);
  const [next, deckEmpty] = items.length === 0 ? await Promise.all([nextDue(db, owner, now), deckIsEmpty(db, owner)]) : [null, false];
  return { items, dueCount: dueNow.length, newCount: fresh.length, deckEmpty, nextDueAt: next?.toISOString() ?? null };
}

/** The header's count: cards due now and new phrases still allowed today (at most DUE_COUNT_CAP + 1). */
export async function dueCount(db: Executor, owner: DeckOwner, today: string, now = new Date()): Promise<number> {
  const [due, introduced] = await Promise.all([dueCards(db, owner, now, DUE_COUNT_CAP + 1), newIntroducedOn(db, owner.userId, today)]);
  const dueNow = due.filter((row) => row.card.due <= now).length;
  const allowance = Math.min(Math.max(0, NEW_PER_DAY - introduced), DUE_COUNT_CAP + 1 - dueNow);
  const fresh = allowance > 0 ? (await newCards(db, owner, allowance)).length : 0;
  return Math.min(DUE_COUNT_CAP + 1, dueNow + fresh);
}

/** Whether a phrase is in the owner's deck now (and open): a rating for any other is refused. */
export async function phraseInDeck(db: Executor, owner: DeckOwner, phraseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: phrases.id })
    .from(phrases)
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .where(and(eq(phrases.id, phraseId), isOpen, inDeck(owner)))
    .limit(1);
  return Boolean(row);
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
