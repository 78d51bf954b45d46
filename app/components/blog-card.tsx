import { ArrowRight, CalendarDays, UserRound } from "lucide-react";
import { Link } from "#app/lib/page-router.tsx";
import { ImageWithFallback, PLACEHOLDER_IMAGE } from "#app/components/ui/image-with-fallback.tsx";
import { formatPostDate, type BlogPostSummary } from "#common/blog.ts";
import { cn } from "#app/lib/cn.ts";

/** A post in a grid: featured image or placeholder, title, date, author, excerpt, 'Read more' (SPEC §2). */
export function BlogCard({ post, headingLevel = 3 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  return (
    <li>
      <article className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-brand-100 bg-white shadow-[var(--shadow-card)] transition-shadow hover:shadow-[var(--shadow-card-hover)]">
        <ImageWithFallback
          src={post.featuredImage || PLACEHOLDER_IMAGE}
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          className="aspect-[1200/630] w-full bg-brand-50 object-cover"
        />
        <div className="flex flex-1 flex-col p-6">
          <Heading className="text-xl leading-snug font-bold text-ink">
            <Link to={href} className="hover:text-brand-800">
              {post.title}
            </Link>
          </Heading>
          <PostMeta post={post} className="mt-2" />
          <p className="mt-3 flex-1 leading-relaxed text-muted">{post.excerpt}</p>
          <Link
            to={href}
            className="mt-5 inline-flex items-center gap-1.5 self-start font-semibold text-brand-700 hover:text-brand-900"
          >
            Read more
            {/* Names the post for screen readers and search engines; sighted readers see it in the card. */}
            <span className="sr-only">: {post.title}</span>
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        </div>
      </article>
    </li>
  );
}

/** A post's date and author, on its card and on its own page. */
export function PostMeta({ post, className }: { post: Pick<BlogPostSummary, "createdAt" | "authorName">; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted", className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden />
        <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden />
        {post.authorName}
      </span>
    </p>
  );
}
