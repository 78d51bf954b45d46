import { and, asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "#server/db/client.server.ts";
import { phrases } from "#server/db/schema.ts";

/** A lesson, as the phrase locks name it. */
export interface LessonKey {
  languageId: string;
  levelId: string;
  lessonId: string;
}

/** An audio group: a lesson's phrases sharing one audio URL. */
export interface AudioGroupKey extends LessonKey {
  audioUrl: string;
}

/** The condition for the lesson's phrases. */
export function phrasesOfLesson(key: LessonKey) {
  return and(eq(phrases.languageId, key.languageId), eq(phrases.levelId, key.levelId), eq(phrases.lessonId, key.lessonId));
}

/**
 * Serializes writes to the phrases of these lessons until the transaction ends. Row locks alone are not enough: under
 * READ COMMITTED a second edit that waited on a group's rows would still miss the rows the first one inserted, and
 * leave a mix of both. The lock comes first, so every later statement sees what the previous writer committed. Every
 * writer of a lesson's phrases (the Phrases tab, the audio backfill, the cue backfill) takes this same key.
 */
export async function lockLessons(tx: Transaction, ...targets: LessonKey[]) {
  // A fixed order, so two edits moving groups between the same two lessons cannot deadlock.
  const keys = [...new Set(targets.map((t) => `phrases:${t.languageId}/${t.levelId}/${t.lessonId}`))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The group's phrases in their order, row-locked until the transaction ends (take `lockLessons` first). */
export function lockedGroupPhrases(tx: Transaction, group: AudioGroupKey) {
  return tx
    .select({
      id: phrases.id,
      position: phrases.position,
      cueStartMs: phrases.cueStartMs,
      originalText: phrases.originalText,
      translatedText: phrases.translatedText,
    })
    .from(phrases)
    .where(and(phrasesOfLesson(group), eq(phrases.audioUrl, group.audioUrl)))
    .orderBy(asc(phrases.position), asc(phrases.createdAt), asc(phrases.id))
    .for("update");
}
