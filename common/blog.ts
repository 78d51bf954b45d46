/** Blog shapes and rules shared by pages and services. Browser-safe. */

export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  createdAt: string;
  /** Readers always see 'Admin' as the author (SPEC §3). */
  authorName: string;
}

export const BLOG_AUTHOR_NAME = "Admin";
export const EXCERPT_FALLBACK_LENGTH = 120;

/** The post's excerpt, or the first 120 characters of its content followed by '...' (SPEC §9; the server passes a
 * Markdown body's text). */
export function excerptOf(post: { excerpt: string | null; content: string }) {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  return `${post.content.slice(0, EXCERPT_FALLBACK_LENGTH)}...`;
}

export function formatPostDate(iso: string) {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/**
 * Where a post's audio sample goes among its lines (SPEC §9): after the 3rd line (index 2) when there are at least
 * 3 lines, otherwise after the last one. Returns the number of lines before the sample.
 */
export function sampleInsertionIndex(lineCount: number) {
  return lineCount >= 3 ? 3 : lineCount;
}
