import { inArray, or, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";
import { blogPosts, languages, lessons, levels, phrases, profiles, settings } from "#server/db/schema.ts";
import { storedFileAt, type Storage, type StoredFile } from "#server/storage/storage.server.ts";

/**
 * Removes the stored files these URLs name that no row references any more, and returns the URLs whose file went.
 * Every door that lets a file go (a cancelled dialog's discard, a cascade delete, a replaced phrase audio, blog image
 * or settings image) comes here, after its own change has committed. A file is named by its storage key, however
 * the URL spells it (`%34cb…` is `4cb…`): rows are matched by the canonical spelling and the one given, and each
 * value found is mapped to its key again before it counts as a use. An address outside our storage (or one with a
 * query or fragment, which ours never carry) is left alone and not reported. A failed delete leaves an orphan file,
 * never a broken row, so it goes to `onError`, not up.
 */
export async function removeUnreferencedFiles(db: Executor, storage: Storage, urls: string[], onError: (error: unknown) => void) {
  const files = new Map<string, { file: StoredFile; given: string[] }>();
  for (const url of urls) {
    const file = storedFileAt(storage, url);
    if (!file) continue;
    const entry = files.get(file.url) ?? { file, given: [] };
    if (!entry.given.includes(url)) entry.given.push(url);
    files.set(file.url, entry);
  }
  if (files.size === 0) return [];
  const spellings = [...new Set([...files.values()].flatMap(({ file, given }) => [file.url, ...given]))];
  const rows = await Promise.all([
    db.select({ url: languages.flagUrl }).from(languages).where(inArray(languages.flagUrl, spellings)),
    db.select({ url: levels.iconUrl }).from(levels).where(inArray(levels.iconUrl, spellings)),
    db.select({ url: lessons.iconUrl }).from(lessons).where(inArray(lessons.iconUrl, spellings)),
    db.select({ url: phrases.audioUrl }).from(phrases).where(inArray(phrases.audioUrl, spellings)),
    db
      .select({ a: blogPosts.featuredImage, b: blogPosts.phraseAudioUrl })
      .from(blogPosts)
      .where(or(inArray(blogPosts.featuredImage, spellings), inArray(blogPosts.phraseAudioUrl, spellings))),
    db.select({ a: settings.logo, b: settings.favicon, c: settings.heroImage, d: settings.appScreenshot }).from(settings),
    db.select({ url: profiles.avatarUrl }).from(profiles).where(inArray(profiles.avatarUrl, spellings)),
  ]);
  const inUse = new Set<string>();
  for (const list of rows) {
    for (const row of list) {
      for (const value of Object.values(row)) {
        const file = value ? storedFileAt(storage, value) : undefined;
        if (file) inUse.add(file.url);
      }
    }
  }
  // A stored file's address pasted into a post's text counts as a use too (rare, and only for the few URLs at hand).
  const inText = await db
    .select({ content: blogPosts.content })
    .from(blogPosts)
    .where(or(...spellings.map((url) => sql`strpos(${blogPosts.content}, ${url}) > 0`)));
  for (const { content } of inText) {
    for (const { file, given } of files.values()) if ([file.url, ...given].some((url) => content.includes(url))) inUse.add(file.url);
  }
  const removed: string[] = [];
  for (const { file, given } of files.values()) {
    if (inUse.has(file.url)) continue;
    try {
      await storage.delete(file.bucket, file.key);
      removed.push(...given);
    } catch (error) {
      onError(error);
    }
  }
  return removed;
}
