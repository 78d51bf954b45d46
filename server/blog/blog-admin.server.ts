import { and, desc, eq, like, ne, or } from "drizzle-orm";
import { BLOG_AUTHOR_NAME } from "#common/blog.ts";
import type { AdminBlogPost, BlogPostInput } from "#common/blog-post-schema.ts";
import { slugify } from "#common/slug.ts";
import type { Database } from "#server/db/client.server.ts";
import type { Executor } from "#server/db/client.server.ts";
import { recordChange, textChanges, type ChangeInput, type ChangeRecorder } from "#server/admin/change-log.server.ts";
import { blogPosts, blogSlugRedirects } from "#server/db/schema.ts";
import type { EventBus } from "#server/events/event-bus.server.ts";
import type { Storage } from "#server/storage/storage.server.ts";
import { removeUnreferencedFiles } from "#server/uploads/unreferenced-files.server.ts";

/** The slug of a title made only of symbols (SPEC §5 leaves it empty; an address needs something). */
export const FALLBACK_SLUG = "post";

export interface BlogAdminDeps {
  db: Database;
  events: EventBus;
  storage: Storage;
  /** Who is changing the blog, for the change log (written in each write's transaction). */
  changes: ChangeRecorder;
}

const log = (tx: Executor, deps: BlogAdminDeps, change: Omit<ChangeInput, "section">) => recordChange(tx, deps.changes, { section: "blog", ...change });

/** The texts a post's change log entry compares. */
const postTexts = ["title", "slug", "excerpt", "content", "featuredImage", "sampleTitle", "lessonId"] as const;

/** Every post, drafts included, newest first. */
export async function listAllPosts(db: Executor): Promise<AdminBlogPost[]> {
  const rows = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      featuredImage: blogPosts.featuredImage,
      published: blogPosts.published,
      sampleLanguageId: blogPosts.sampleLanguageId,
      sampleLevelId: blogPosts.sampleLevelId,
      lessonId: blogPosts.lessonId,
      phraseAudioUrl: blogPosts.phraseAudioUrl,
      sampleTitle: blogPosts.sampleTitle,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), authorName: BLOG_AUTHOR_NAME }));
}

/**
 * A slug for this title that no other post uses: the §5 slug, or 'post' when that is empty, then '-2', '-3', ...
 * An old address (a redirect) of another post is not taken either, so that link keeps leading where it did.
 */
export async function uniqueSlug(db: Executor, title: string, postId?: string): Promise<string> {
  const base = slugify(title) || FALLBACK_SLUG;
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const others = postId ? ne(blogPosts.id, postId) : undefined;
  const [posts, redirects] = await Promise.all([
    db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(or(eq(blogPosts.slug, base), like(blogPosts.slug, pattern)), others)),
    db
      .select({ slug: blogSlugRedirects.slug })
      .from(blogSlugRedirects)
      .where(
        and(
          or(eq(blogSlugRedirects.slug, base), like(blogSlugRedirects.slug, pattern)),
          postId ? ne(blogSlugRedirects.postId, postId) : undefined,
        ),
      ),
  ]);
  const taken = new Set([...posts, ...redirects].map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const fields = (input: BlogPostInput) => ({
  title: input.title,
  excerpt: input.excerpt,
  content: input.content,
  published: input.published,
  featuredImage: input.featuredImage,
  sampleLanguageId: input.sampleLanguageId,
  sampleLevelId: input.sampleLevelId,
  lessonId: input.lessonId,
  phraseAudioUrl: input.phraseAudioUrl,
  sampleTitle: input.sampleTitle,
});

/** Whether a unique-index race on the slug lost (two posts saved with one title at the same moment). */
function isSlugConflict(error: unknown) {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return /blog_posts_slug_idx|duplicate key/i.test(text);
}

async function retryOnSlugConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isSlugConflict(error)) throw error;
    }
  }
}

export async function createPost(deps: BlogAdminDeps, input: BlogPostInput, authorId: string): Promise<{ id: string; slug: string }> {
  const created = await retryOnSlugConflict(async () => {
    return deps.db.transaction(async (tx) => {
      const slug = await uniqueSlug(tx, input.title);
      const [row] = await tx
        .insert(blogPosts)
        .values({ ...fields(input), slug, authorId })
        .returning({ id: blogPosts.id, slug: blogPosts.slug });
      await log(tx, deps, {
        action: input.published ? "Published new post" : "Added draft post",
        subject: input.title,
        changes: textChanges(null, { ...input, slug }, [...postTexts]),
      });
      return row!;
    });
  });
  await deps.events.publish("blog");
  return created;
}

export class PostNotFound extends Error {
  constructor() {
    super("The blog post was not found");
  }
}

/**
 * Saves a post. A new title gives a new slug; when the post was published, its old address is kept as a redirect. A
 * featured image that was replaced or removed leaves storage when no other post uses it.
 */
export async function updatePost(deps: BlogAdminDeps, id: string, input: BlogPostInput): Promise<{ slug: string }> {
  const { before, slug } = await retryOnSlugConflict(() =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          title: blogPosts.title,
          slug: blogPosts.slug,
          published: blogPosts.published,
          featuredImage: blogPosts.featuredImage,
          excerpt: blogPosts.excerpt,
          content: blogPosts.content,
          sampleTitle: blogPosts.sampleTitle,
          lessonId: blogPosts.lessonId,
        })
        .from(blogPosts)
        .where(eq(blogPosts.id, id))
        .for("update");
      if (!before) throw new PostNotFound();
      const slug = before.title === input.title ? before.slug : await uniqueSlug(tx, input.title, id);
      if (slug !== before.slug) {
        // The new address may have been this post's own old one: it is no longer a redirect.
        await tx.delete(blogSlugRedirects).where(eq(blogSlugRedirects.slug, slug));
        if (before.published) {
          await tx
            .insert(blogSlugRedirects)
            .values({ slug: before.slug, postId: id })
            .onConflictDoUpdate({ target: blogSlugRedirects.slug, set: { postId: id } });
        }
      }
      await tx
        .update(blogPosts)
        .set({ ...fields(input), slug, updatedAt: new Date() })
        .where(eq(blogPosts.id, id));
      const published = before.published === input.published ? "" : input.published ? " and published it" : " and made it a draft";
      await log(tx, deps, { action: `Edited post${published}`, subject: input.title, changes: textChanges(before, { ...input, slug }, [...postTexts]) });
      return { before, slug };
    }),
  );
  await deps.events.publish("blog");
  if (before.featuredImage && before.featuredImage !== input.featuredImage) await removeImageIfUnused(deps, before.featuredImage);
  return { slug };
}

export async function setPublished(deps: BlogAdminDeps, id: string, published: boolean): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(blogPosts).set({ published, updatedAt: new Date() }).where(eq(blogPosts.id, id)).returning({ title: blogPosts.title });
    if (!updated) throw new PostNotFound();
    await log(tx, deps, { action: published ? "Published post" : "Unpublished post", subject: updated.title });
  });
  await deps.events.publish("blog");
}

export async function deletePost(deps: BlogAdminDeps, id: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ featuredImage: blogPosts.featuredImage, title: blogPosts.title, excerpt: blogPosts.excerpt, content: blogPosts.content });
    if (!row) throw new PostNotFound();
    await log(tx, deps, { action: "Deleted post", subject: row.title, changes: textChanges(row, null, ["title", "excerpt", "content"]) });
    return row;
  });
  await deps.events.publish("blog");
  if (deleted.featuredImage) await removeImageIfUnused(deps, deleted.featuredImage);
}

/** Storage failures here are not the admin's problem: the post is already saved or gone; a stray file is harmless. */
async function removeImageIfUnused(deps: BlogAdminDeps, url: string) {
  // Left for a later clean-up; nothing points at it.
  const ignore = () => undefined;
  await removeUnreferencedFiles(deps.db, deps.storage, [url], ignore).catch(ignore);
}

/** The current slug of a published post that once lived at this address, if any. */
export async function redirectedSlug(db: Executor, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: blogPosts.slug })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(and(eq(blogSlugRedirects.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return row?.slug ?? null;
}
