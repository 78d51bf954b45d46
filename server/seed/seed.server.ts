import { eq } from "drizzle-orm";
import { slugify } from "#app/lib/slug.ts";
import type { Database } from "#server/db/client.server.ts";
import { appMeta, blogPosts, languages, lessons, levels, phrases } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.server.ts";
import { demoBlogPosts } from "#server/seed/demo-blog.ts";
import { demoCatalog, type DemoLanguage } from "#server/seed/demo-catalog.ts";
import type { Storage } from "#server/storage/storage.server.ts";
import type { TextToSpeech } from "#server/tts/text-to-speech.server.ts";

export interface SeedDeps {
  db: Database;
  storage: Storage;
  tts: TextToSpeech;
  logger: Logger;
}

const INITIALIZED_KEY = "initialized_at";

/**
 * First start of an installation: seed the demo once, ever. Deleting every language later must not bring the demo
 * back on the next restart, so the decision is recorded rather than inferred from empty tables.
 */
export async function initializeInstallation(deps: SeedDeps, options: { seedDemo: boolean }): Promise<void> {
  const [initialized] = await deps.db.select().from(appMeta).where(eq(appMeta.key, INITIALIZED_KEY));
  if (initialized) return;
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
 * Audio is generated and stored first; the rows that point at it are written in one transaction afterwards.
 */
export async function seedDemoContent({ db, storage, tts, logger }: SeedDeps): Promise<SeedResult> {
  const audioUrls = await generateDemoAudio(demoCatalog, storage, tts, logger);
  let phraseCount = 0;
  await db.transaction(async (tx) => {
    for (const language of demoCatalog) {
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
            const audioUrl = audioUrls.get(audioKey(language.id, level.id, lesson.id, groupIndex));
            if (!audioUrl) throw new Error(`Missing demo audio for ${language.id}/${level.id}/${lesson.id}`);
            const rows = group.map((phrase) => ({
              languageId: language.id,
              levelId: level.id,
              lessonId: lesson.id,
              originalText: phrase.original,
              translatedText: phrase.translation,
              audioUrl,
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
          phraseAudioUrl: sample
            ? (audioUrls.get(audioKey(sample.languageId, sample.levelId, sample.lessonId, sample.groupIndex)) ?? null)
            : null,
          sampleTitle: sample?.sampleTitle ?? null,
        })
        .onConflictDoNothing();
    }
  });
  logger.info(`Demo content ready: ${demoCatalog.length} languages, ${phraseCount} phrases, ${demoBlogPosts.length} blog posts.`);
  return { languages: demoCatalog.length, phrases: phraseCount, posts: demoBlogPosts.length };
}

function audioKey(languageId: string, levelId: string, lessonId: string, groupIndex: number) {
  return `audio/demo/${languageId}-${levelId}-${lessonId}-${groupIndex + 1}`;
}

async function generateDemoAudio(catalog: DemoLanguage[], storage: Storage, tts: TextToSpeech, logger: Logger) {
  const jobs = catalog.flatMap((language) =>
    language.levels.flatMap((level) =>
      level.lessons.flatMap((lesson) =>
        lesson.groups.map((group, groupIndex) => ({
          key: audioKey(language.id, level.id, lesson.id, groupIndex),
          voice: language.ttsVoice,
          // A pause between phrases: each sentence ends with punctuation eSpeak reads as a break.
          text: group.map((phrase) => phrase.original).join("\n"),
        })),
      ),
    ),
  );
  const urls = new Map<string, string>();
  let done = 0;
  let lastReport = Date.now();
  logger.info(`Generating demo audio for ${jobs.length} phrase groups...`);
  for (const job of jobs) {
    const fileKey = `${job.key}.wav`;
    if (!(await storage.exists("content", fileKey))) {
      const audio = await tts.synthesize(job.text, job.voice);
      await storage.put("content", fileKey, audio.data, audio.contentType);
    }
    urls.set(job.key, storage.url("content", fileKey));
    done++;
    if (Date.now() - lastReport > 2000 || done === jobs.length) {
      logger.info(`  demo audio ${done}/${jobs.length}`);
      lastReport = Date.now();
    }
  }
  return urls;
}
