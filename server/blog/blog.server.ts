import { desc, eq } from "drizzle-orm";
import { BLOG_AUTHOR_NAME, excerptOf, type BlogPostSummary } from "#common/blog.ts";
import type { Executor } from "#server/db/client.server.ts";
import { blogPosts } from "#server/db/schema.ts";
import { postBodyText } from "#server/blog/markdown.server.ts";

/** The post's excerpt, or the start of its body as a reader sees it: the Markdown marks left out. */
const excerptFor = (row: { excerpt: string | null; content: string }) =>
  row.excerpt?.trim() ? excerptOf(row) : excerptOf({ excerpt: null, content: postBodyText(row.content) });

/** Published posts, newest first (only published posts appear publicly, SPEC §4). */
export async function listPublishedPosts(db: Executor): Promise<BlogPostSummary[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      featuredImage: blogPosts.featuredImage,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: excerptFor(row),
    featuredImage: row.featuredImage,
    createdAt: row.createdAt.toISOString(),
    authorName: BLOG_AUTHOR_NAME,
  }));
}

export interface BlogPostView extends BlogPostSummary {
  content: string;
  published: boolean;
  sample: { languageId: string; levelId: string; lessonId: string; audioUrl: string; title: string } | null;
}

/** The default heading of a post's embedded audio sample (SPEC §3). */
export const DEFAULT_SAMPLE_TITLE = "Here is a sample of our daily easy phrases to learn";

/** One post by slug, published or not: the caller decides who may read a draft. */
export async function findPostBySlug(db: Executor, slug: string): Promise<BlogPostView | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (!row) return null;
  const sample =
    row.sampleLanguageId && row.sampleLevelId && row.lessonId && row.phraseAudioUrl
      ? {
          languageId: row.sampleLanguageId,
          levelId: row.sampleLevelId,
          lessonId: row.lessonId,
          audioUrl: row.phraseAudioUrl,
          title: row.sampleTitle?.trim() || DEFAULT_SAMPLE_TITLE,
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: excerptFor(row),
    featuredImage: row.featuredImage,
    createdAt: row.createdAt.toISOString(),
    authorName: BLOG_AUTHOR_NAME,
    content: row.content,
    published: row.published,
    sample,
  };
}
