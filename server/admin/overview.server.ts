import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";
import { blogPosts, languages, lessons, levels, phrases } from "#server/db/schema.ts";

export interface AdminCounts {
  languages: number;
  levels: number;
  lessons: number;
  phrases: number;
  posts: { published: number; drafts: number };
}

/**
 * The Overview's count cards (SPEC §2), exact. The runtime keeps them until a catalogue or blog change is announced
 * (Runtime.adminCounts), so an admin's own change shows at once and an unchanged catalogue is counted once.
 */
export async function adminCounts(db: Executor): Promise<AdminCounts> {
  const [languageCount, levelCount, lessonCount, phraseCount, [posts]] = await Promise.all([
    db.$count(languages),
    db.$count(levels),
    db.$count(lessons),
    db.$count(phrases),
    db
      .select({
        published: sql<number>`count(*) filter (where ${blogPosts.published})::integer`,
        drafts: sql<number>`count(*) filter (where not ${blogPosts.published})::integer`,
      })
      .from(blogPosts),
  ]);
  return {
    languages: languageCount,
    levels: levelCount,
    lessons: lessonCount,
    phrases: phraseCount,
    posts: { published: posts?.published ?? 0, drafts: posts?.drafts ?? 0 },
  };
}
