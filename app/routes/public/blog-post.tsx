import { ArrowLeft } from "lucide-react";
import { data, redirect } from "react-router";
import { Link } from "#app/lib/page-router.tsx";
import { AudioCard } from "#app/components/audio-card.tsx";
import { PostMeta } from "#app/components/blog-card.tsx";
import { MarkdownBody } from "#app/components/markdown-body.tsx";
import { Container } from "#app/components/page-header.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ImageWithFallback } from "#app/components/ui/image-with-fallback.tsx";
import { sampleInsertionIndex } from "#common/blog.ts";
import { seo } from "#app/lib/seo.ts";
import { getIsAdmin } from "#server/auth/session.server.ts";
import { redirectedSlug } from "#server/blog/blog-admin.server.ts";
import { findPostBySlug } from "#server/blog/blog.server.ts";
import { parsePostBody } from "#server/blog/markdown.server.ts";
import { openLesson } from "#server/catalog/public-catalog.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/blog-post";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const post = await findPostBySlug(runtime.database.db, params.slug);
  if (!post) {
    // A published post's old address, from before its title changed, moves permanently to the current one.
    const moved = await redirectedSlug(runtime.database.db, params.slug);
    if (moved) throw redirect(`/blog/${encodeURIComponent(moved)}`, 301);
  }
  // Drafts exist only for administrators (the admin's View button opens them here).
  if (!post || (!post.published && !(await getIsAdmin(request, context)))) return data({ found: false as const }, { status: 404 });
  // The sample plays only what any visitor may hear: a group of an open lesson, never locked content.
  let sample = null;
  if (post.sample) {
    const access = openLesson(await runtime.catalog(), post.sample.languageId, post.sample.levelId, post.sample.lessonId);
    const group = access.kind === "open" ? access.groups.find((g) => g.audioUrl === post.sample?.audioUrl) : undefined;
    if (group) sample = { title: post.sample.title, audioUrl: group.audioUrl, phrases: group.phrases };
  }
  const { sample: _omitted, content, ...rest } = post;
  // The sample goes after the body's third line (SPEC §9); each side is Markdown of its own (a list the sample cuts
  // goes on numbered after it).
  const lines = content.split("\n");
  const before = sampleInsertionIndex(lines.length);
  const body = { beforeSample: parsePostBody(lines.slice(0, before).join("\n")), afterSample: parsePostBody(lines.slice(before).join("\n")) };
  return { found: true as const, post: rest, body, sample };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/blog-post", args);

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  loaderData?.found
    ? seo(matches, {
        title: loaderData.post.title,
        description: loaderData.post.excerpt,
        path: `/blog/${params.slug}`,
        image: loaderData.post.featuredImage,
        type: "article",
        noindex: !loaderData.post.published,
      })
    : seo(matches, { title: "Post not found", description: "This blog post doesn't exist.", path: `/blog/${params.slug}`, noindex: true });

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeft className="size-4" aria-hidden />
      Back to Blog
    </Link>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <Container className="py-16">
        <div className="mx-auto my-10 flex max-w-lg flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-brand-200 bg-brand-50/50 px-6 py-12 text-center">
          <h1 className="text-2xl font-extrabold text-ink">Post not found</h1>
          <p className="text-muted">The blog post you're looking for doesn't exist or has been removed.</p>
          <Button asChild variant="outline">
            <Link to="/blog">Back to Blog</Link>
          </Button>
        </div>
      </Container>
    );
  }
  const { post, body, sample } = loaderData;
  return (
    <article className="pb-16">
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-6 pt-10 pb-8">
          <BackToBlog />
          {!post.published ? (
            <p className="mt-4 inline-flex rounded-full bg-accent-50 px-3 py-1 text-sm font-bold text-accent-700 ring-1 ring-accent-200">
              Draft: only administrators can see this post
            </p>
          ) : null}
          <h1 className="mt-4 text-3xl leading-tight font-extrabold text-ink md:text-4xl">{post.title}</h1>
          <PostMeta post={post} className="mt-3" />
        </div>
      </header>
      <div className="mx-auto max-w-3xl space-y-5 px-6 text-[1.05rem] text-ink">
        {post.featuredImage ? (
          <ImageWithFallback
            src={post.featuredImage}
            alt=""
            width={1200}
            height={630}
            className="mb-4 aspect-[1200/630] w-full rounded-[var(--radius-card)] object-cover"
          />
        ) : null}
        <MarkdownBody blocks={body.beforeSample} />
        {sample ? (
          <AudioCard
            audioUrl={sample.audioUrl}
            title={sample.title}
            headingLevel={2}
            defaultOpen
            phrases={sample.phrases.map((p) => ({ id: p.id, original: p.originalText, translation: p.translatedText }))}
          />
        ) : null}
        <MarkdownBody blocks={body.afterSample} />
        <div className="pt-6">
          <BackToBlog />
        </div>
      </div>
    </article>
  );
}
