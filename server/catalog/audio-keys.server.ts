import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { blogPosts, phrases } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import type { Logger } from "#server/logger.server.ts";
import { audioTypeOf, isUnguessableKey, unguessableKey, type Storage, type StoredFile } from "#server/storage/storage.server.ts";
import { forEachConcurrently } from "#server/tts/each-concurrently.server.ts";
import type { SpeechAudio, TextToSpeech } from "#server/tts/text-to-speech.server.ts";

export interface AudioKeyDeps {
  db: Database;
  storage: Storage;
  tts: TextToSpeech;
  events: EventBus;
  logger: Logger;
}

/**
 * Moves stored audio to new unguessable keys, as MP3 (a WAV is re-encoded; other audio is copied as it is). The
 * phrases and blog samples that play it are pointed at the new address in one transaction; the old files are deleted
 * after the commit, and the catalogue and blog caches of every server are told. Safe to run in several processes at
 * once: the update moves a row only from the address it still has, and a copy no row took is deleted again.
 * Returns how many files moved.
 */
export async function rekeyAudio(deps: AudioKeyDeps, urls: string[]): Promise<number> {
  const { db, storage, logger } = deps;
  const moves: { from: string; fromKey: string; to: StoredFile }[] = [];
  const sources = [...new Set(urls)].flatMap((url) => {
    const key = storage.keyOf("content", url);
    return key ? [{ url, key }] : [];
  });
  if (sources.length === 0) return 0;
  try {
    await forEachConcurrently(sources, 4, async ({ url, key }) => {
      const data = await storage.read("content", key);
      if (!data) {
        logger.warn(`Audio file ${key} is missing; its phrases keep their address`);
        return;
      }
      const audio = await compressed(deps, key, data);
      const name = key.slice(key.lastIndexOf("/") + 1).replace(/^[0-9a-f]{32}-/, "");
      const to = await storage.put("content", unguessableKey("audio", name, audio.extension), audio.data, audio.contentType);
      moves.push({ from: url, fromKey: key, to });
    });
    if (moves.length === 0) return 0;
    const taken = new Set<string>();
    await db.transaction(async (tx) => {
      for (const move of moves) {
        const phraseRows = await tx.update(phrases).set({ audioUrl: move.to.url }).where(eq(phrases.audioUrl, move.from)).returning({ id: phrases.id });
        const postRows = await tx
          .update(blogPosts)
          .set({ phraseAudioUrl: move.to.url })
          .where(eq(blogPosts.phraseAudioUrl, move.from))
          .returning({ id: blogPosts.id });
        if (phraseRows.length + postRows.length > 0) taken.add(move.from);
      }
    });
    await deps.events.publish("catalog");
    await deps.events.publish("blog");
    for (const move of moves) {
      const [bucket, key] = taken.has(move.from) ? ["content" as const, move.fromKey] : [move.to.bucket, move.to.key];
      await storage.delete(bucket, key).catch((error: unknown) => logger.warn(`Could not delete ${key}`, error));
    }
    return taken.size;
  } catch (error) {
    for (const move of moves) await storage.delete(move.to.bucket, move.to.key).catch(() => undefined);
    throw error;
  }
}

async function compressed({ tts, logger }: AudioKeyDeps, key: string, data: Uint8Array): Promise<SpeechAudio> {
  const extension = key.includes(".") ? key.slice(key.lastIndexOf(".") + 1).toLowerCase() : "";
  if (extension === "wav") {
    try {
      return await tts.encodeWav(data);
    } catch (error) {
      logger.warn(`Audio file ${key} could not be encoded as MP3; it moves as it is`, error);
    }
  }
  return { data, contentType: audioTypeOf(key), extension };
}

/**
 * Earlier versions stored audio as WAV under keys made of public ids (`audio/demo/{language}-{level}-{lesson}-{n}.wav`),
 * so anyone could fetch a locked lesson's audio. Runs on every start: one query when there is nothing to move.
 */
export async function upgradeLegacyAudio(deps: AudioKeyDeps): Promise<number> {
  const urls = await audioUrlsWhere(deps.db);
  const guessable = urls.filter((url) => {
    const key = deps.storage.keyOf("content", url);
    return key !== undefined && !isUnguessableKey(key);
  });
  if (guessable.length === 0) return 0;
  deps.logger.info(`Moving ${guessable.length} audio files to unguessable addresses, as MP3...`);
  const moved = await rekeyAudio(deps, guessable);
  deps.logger.info(`Moved ${moved} audio files.`);
  return moved;
}

/**
 * Gives a level's or lesson's audio new addresses: for the lock action, after the lock is committed, so an address
 * that was public while the content was open stops working (a CDN may still serve its cached copy for up to an hour).
 */
export async function rekeyAudioOf(deps: AudioKeyDeps, target: { languageId: string; levelId: string; lessonId?: string }) {
  const where = [eq(phrases.languageId, target.languageId), eq(phrases.levelId, target.levelId)];
  if (target.lessonId) where.push(eq(phrases.lessonId, target.lessonId));
  return rekeyAudio(deps, await audioUrlsWhere(deps.db, and(...where)));
}

/** Distinct audio addresses of phrases (those matching `where`), and of blog samples when no filter is given. */
async function audioUrlsWhere(db: Database, where?: SQL): Promise<string[]> {
  const phraseUrls = await db.selectDistinct({ url: phrases.audioUrl }).from(phrases).where(where);
  if (where) return phraseUrls.map((r) => r.url);
  const sampleUrls = await db
    .selectDistinct({ url: blogPosts.phraseAudioUrl })
    .from(blogPosts)
    .where(isNotNull(blogPosts.phraseAudioUrl));
  return [...new Set([...phraseUrls.map((r) => r.url), ...sampleUrls.flatMap((r) => (r.url ? [r.url] : []))])];
}
