import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { DUE_COUNT_CAP, LEARN_AHEAD_MINUTES, NEW_PER_DAY, QUEUE_SIZE, type ReviewItem, type ReviewQueue } from "#common/review.ts";
import type { Executor } from "#server/db/client.server.ts";
import { languages, lessons, levels, phrases, reviewCards, reviewLog, userFavorites, userProgress } from "#server/db/schema.ts";
import { choices, newCard, type StoredCard } from "#server/review/scheduler.server.ts";

/**
 * The learner's deck, read through the catalogue every time: their favourite phrases, and when they chose it every
 * phrase of the lessons they completed; never a phrase of a locked level or lesson, and a phrase an admin deleted is
 * simply no longer found. So the deck needs no upkeep when favourites, progress or the catalogue change.
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

/** Phrases of the deck never rated (or whose first rating was undone), in catalogue order: a course's first lessons first. */
function newPhrases(db: Executor, owner: DeckOwner, limit: number) {
  return db
    .select({ ...phraseColumns, card: cardColumns })
    .from(phrases)
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .innerJoin(languages, eq(languages.id, phrases.languageId))
    .leftJoin(reviewCards, and(eq(reviewCards.userId, owner.userId), eq(reviewCards.phraseId, phrases.id)))
    .where(and(isOpen, inDeck(owner), or(isNull(reviewCards.phraseId), eq(reviewCards.state, 0))))
    .orderBy(asc(phrases.languageId), asc(levels.orderIndex), asc(phrases.levelId), asc(lessons.orderIndex), asc(phrases.lessonId), asc(phrases.position), asc(phrases.id))
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

async function deckSize(db: Executor, owner: DeckOwner): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(phrases)
    .innerJoin(lessons, sameLesson)
    .innerJoin(levels, sameLevel)
    .where(and(isOpen, inDeck(owner)));
  return row?.count ?? 0;
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
  const [due, introduced, size] = await Promise.all([
    dueCards(db, owner, now, DUE_COUNT_CAP + 1),
    newIntroducedOn(db, owner.userId, today),
    deckSize(db, owner),
  ]);
  const allowance = Math.max(0, NEW_PER_DAY - introduced);
  const fresh = allowance > 0 ? await newPhrases(db, owner, allowance) : [];
  const dueNow = due.filter((row) => row.card.due <= now);
  const ahead = due.filter((row) => row.card.due > now);
  const items = [
    ...dueNow.map((row) => toItem(row, row.card, now)),
    ...fresh.map((row) => toItem(row, row.card, now)),
    ...ahead.map((row) => toItem(row, row.card, now)),
  ].slice(0, QUEUE_SIZE);
  const next = items.length === 0 ? await nextDue(db, owner, now) : null;
  return { items, dueCount: dueNow.length, newCount: fresh.length, deckSize: size, nextDueAt: next?.toISOString() ?? null };
}

/** The header's count: cards due now and new phrases still allowed today (at most DUE_COUNT_CAP + 1). */
export async function dueCount(db: Executor, owner: DeckOwner, today: string, now = new Date()): Promise<number> {
  const [due, introduced] = await Promise.all([dueCards(db, owner, now, DUE_COUNT_CAP + 1), newIntroducedOn(db, owner.userId, today)]);
  const dueNow = due.filter((row) => row.card.due <= now).length;
  const allowance = Math.min(Math.max(0, NEW_PER_DAY - introduced), DUE_COUNT_CAP + 1 - dueNow);
  const fresh = allowance > 0 ? (await newPhrases(db, owner, allowance)).length : 0;
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

