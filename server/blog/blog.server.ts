import { desc, eq } from "drizzle-orm";
import { BLOG_AUTHOR_NAME, excerptOf, type BlogPostSummary } from "#app/lib/blog.ts";
import type { Executor } from "#server/db/client.server.ts";
import { blogPosts } from "#server/db/schema.ts";

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
    excerpt: excerptOf(row),
    featuredImage: row.featuredImage,
    createdAt: row.createdAt.toISOString(),
    authorName: BLOG_AUTHOR_NAME,
  }));
}
