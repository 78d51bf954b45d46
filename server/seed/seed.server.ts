import { and, eq } from "drizzle-orm";
import { slugify } from "#common/slug.ts";
import type { Database, Executor } from "#server/db/client.server.ts";
import { upgradeLegacyAudio, type AudioKeyDeps } from "#server/catalog/audio-keys.server.ts";
import { lessonKey } from "#server/catalog/catalog-snapshot.server.ts";
import { appMeta, blogPosts, languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { demoBlogPosts, type DemoBlogPost } from "#server/seed/demo-blog.ts";
import { demoCatalog, type DemoLanguage } from "#server/seed/demo-catalog.ts";
import { unguessableKey, type Storage, type StoredFile } from "#server/storage/storage.server.ts";
import { forEachConcurrently } from "#server/tts/each-concurrently.server.ts";
import type { SpeechCue } from "#server/tts/speech-join.server.ts";
import type { TextToSpeech } from "#server/tts/text-to-speech.server.ts";

export interface SeedDeps {
  db: Database;
  storage: Storage;
  tts: TextToSpeech;
  logger: Logger;
}

const INITIALIZED_KEY = "initialized_at";

/**
 * Every start: the first one seeds the demo, once, ever (deleting every language later must not bring the demo back
 * on the next restart, so the decision is recorded rather than inferred from empty tables); later ones move audio
 * that an earlier version stored under guessable keys.
 */
export async function initializeInstallation(deps: AudioKeyDeps, options: { seedDemo: boolean }): Promise<void> {
  const [initialized] = await deps.db.select().from(appMeta).where(eq(appMeta.key, INITIALIZED_KEY));
  if (initialized) {
    await upgradeLegacyAudio(deps);
    return;
  }
  if (options.seedDemo) await seedDemoContent(deps);
  await deps.db
    .insert(appMeta)
    .values({ key: INITIALIZED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing();
}

export interface SeedResult {
  languages: number;
  phrases: number;
  posts: number;
}

/**
 * Adds the demo catalogue and blog. Existing rows with the same ids or slugs are left alone, so it can run again.
 * Audio is generated and stored first, only for lessons not in the database yet; the rows that point at it are
 * written in one transaction afterwards. Files whose rows were not written (a failure, or another process seeding
 * the same lesson meanwhile) are deleted again.
 */
export async function seedDemoContent(deps: SeedDeps, catalog: DemoLanguage[] = demoCatalog): Promise<SeedResult> {
  const { db, logger } = deps;
  const existing = new Set(
    (await db.select({ languageId: lessons.languageId, levelId: lessons.levelId, id: lessons.id }).from(lessons)).map((l) =>
      lessonKey(l.languageId, l.levelId, l.id),
    ),
  );
  const audio = await generateDemoAudio(catalog, existing, deps);
  const unused = new Set([...audio.values()].map((speech) => speech.file));
  let phraseCount = 0;
  try {
    await db.transaction(async (tx) => {
      for (const language of catalog) {
        await tx
          .insert(languages)
          .values({ id: language.id, name: language.name, flagUrl: language.flag })
          .onConflictDoNothing();
        for (const [levelIndex, level] of language.levels.entries()) {
          await tx
            .insert(levels)
            .values({
              languageId: language.id,
              id: level.id,
              title: level.title,
              cefrLabel: level.cefr,
              iconUrl: "",
              orderIndex: levelIndex,
              isLocked: level.locked ?? false,
            })
            .onConflictDoNothing();
          for (const [lessonIndex, lesson] of level.lessons.entries()) {
            const inserted = await tx
              .insert(lessons)
              .values({
                languageId: language.id,
                levelId: level.id,
                id: lesson.id,
                title: lesson.title,
                translatedTitle: lesson.translatedTitle,
                iconUrl: "",
                orderIndex: lessonIndex,
                isLocked: lesson.locked ?? false,
              })
              .onConflictDoNothing()
              .returning({ id: lessons.id });
            if (inserted.length === 0) continue;
            let position = 0;
            for (const [groupIndex, group] of lesson.groups.entries()) {
              const speech = audio.get(groupSlug(language.id, level.id, lesson.id, groupIndex));
              if (!speech) throw new Error(`Missing demo audio for ${language.id}/${level.id}/${lesson.id}`);
              unused.delete(speech.file);
              const rows = group.map((phrase, i) => ({
                languageId: language.id,
                levelId: level.id,
                lessonId: lesson.id,
                originalText: phrase.original,
                translatedText: phrase.translation,
                audioUrl: speech.file.url,
                cueStartMs: speech.cues?.[i]?.[0] ?? null,
                cueEndMs: speech.cues?.[i]?.[1] ?? null,
                position: position++,
              }));
              await tx.insert(phrases).values(rows);
              phraseCount += rows.length;
            }
          }
        }
      }
      const day = 24 * 60 * 60 * 1000;
      for (const post of demoBlogPosts) {
        const sample = post.sample;
        await tx
          .insert(blogPosts)
          .values({
            title: post.title,
            slug: slugify(post.title),
            content: post.content,
            excerpt: post.excerpt,
            published: post.published,
            createdAt: new Date(Date.now() - post.daysAgo * day),
            sampleLanguageId: sample?.languageId ?? null,
            sampleLevelId: sample?.levelId ?? null,
            lessonId: sample?.lessonId ?? null,
            phraseAudioUrl: sample ? await sampleAudioUrl(tx, catalog, sample) : null,
            sampleTitle: sample?.sampleTitle ?? null,
          })
          .onConflictDoNothing();
      }
    });
  } catch (error) {
    await deleteQuietly(deps, [...audio.values()].map((speech) => speech.file));
    throw error;
  }
  await deleteQuietly(deps, [...unused]);
  logger.info(`Demo content ready: ${catalog.length} languages, ${phraseCount} phrases, ${demoBlogPosts.length} blog posts.`);
  return { languages: catalog.length, phrases: phraseCount, posts: demoBlogPosts.length };
}

/** The readable part of a demo audio file's key, and the audio's key in the map the seed builds. */
const groupSlug = (languageId: string, levelId: string, lessonId: string, groupIndex: number) =>
  `${languageId}-${levelId}-${lessonId}-${groupIndex + 1}`;

/** A blog post's sample plays one audio group of a lesson: the audio of the group's first phrase, as stored. */
async function sampleAudioUrl(tx: Executor, catalog: DemoLanguage[], sample: NonNullable<DemoBlogPost["sample"]>) {
  const group = catalog
    .find((l) => l.id === sample.languageId)
    ?.levels.find((l) => l.id === sample.levelId)
    ?.lessons.find((l) => l.id === sample.lessonId)?.groups[sample.groupIndex];
  if (!group?.[0]) return null;
  const [row] = await tx
    .select({ audioUrl: phrases.audioUrl })
    .from(phrases)
    .where(
      and(
        eq(phrases.languageId, sample.languageId),
        eq(phrases.levelId, sample.levelId),
        eq(phrases.lessonId, sample.lessonId),
        eq(phrases.originalText, group[0].original),
      ),
    )
    .limit(1);
  return row?.audioUrl ?? null;
}

/** A demo group's stored speech and where each of its phrases is spoken in it. */
interface DemoSpeech {
  file: StoredFile;
  cues: SpeechCue[] | null;
}

/**
 * Speech for every audio group of the lessons not yet in the database, stored under unguessable keys. Each phrase is
 * spoken on its own and the pieces joined, so every phrase knows its place in the group's audio (issue 23).
 */
async function generateDemoAudio(catalog: DemoLanguage[], existingLessons: Set<string>, { storage, tts, logger }: SeedDeps) {
  const jobs = catalog.flatMap((language) =>
    language.levels.flatMap((level) =>
      level.lessons
        .filter((lesson) => !existingLessons.has(lessonKey(language.id, level.id, lesson.id)))
        .flatMap((lesson) =>
          lesson.groups.map((group, groupIndex) => ({
            slug: groupSlug(language.id, level.id, lesson.id, groupIndex),
            voice: language.ttsVoice,
            texts: group.map((phrase) => phrase.original),
          })),
        ),
    ),
  );
  const files = new Map<string, DemoSpeech>();
  if (jobs.length === 0) return files;
  let lastReport = Date.now();
  logger.info(`Generating demo audio for ${jobs.length} phrase groups...`);
  try {
    await forEachConcurrently(jobs, 4, async (job) => {
      const { audio, cues } = await tts.synthesizeGroup(job.texts, job.voice);
      const file = await storage.put("content", unguessableKey("audio", job.slug, audio.extension), audio.data, audio.contentType);
      files.set(job.slug, { file, cues });
      if (Date.now() - lastReport > 2000 || files.size === jobs.length) {
        logger.info(`  demo audio ${files.size}/${jobs.length}`);
        lastReport = Date.now();
      }
    });
  } catch (error) {
    await deleteQuietly({ storage, logger }, [...files.values()].map((speech) => speech.file));
    throw error;
  }
  return files;
}

async function deleteQuietly({ storage, logger }: Pick<SeedDeps, "storage" | "logger">, files: StoredFile[]) {
  for (const file of files) {
    await storage.delete(file.bucket, file.key).catch((error: unknown) => logger.warn(`Could not delete ${file.key}`, error));
  }
}
