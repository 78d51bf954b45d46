import { Newspaper } from "lucide-react";
import { BlogCard } from "#app/components/blog-card.tsx";
import { Container, EmptyState, PageHeader } from "#app/components/page-header.tsx";
import { seo } from "#app/lib/seo.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/blog";
import { reloadOrKeep } from "#app/lib/keep-shown-data.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await getRuntime(context).publishedPosts() };
}

/** A background reload that finds no connection keeps the page as shown (app/lib/keep-shown-data.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => reloadOrKeep("routes/public/blog", args);

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Our Blog",
    description: "Language learning tips, everyday phrases and news from the team.",
    path: "/blog",
  }),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Blog feed", href: "/blog/rss.xml" },
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Our Blog" description="Tips for learning languages the practical way, and news from the team." />
      <Container className="pb-16">
        {loaderData.posts.length === 0 ? (
          <EmptyState message="No blog posts yet">
            <Newspaper className="size-8 text-brand-400" aria-hidden />
            <p className="text-muted">Check back later for language learning tips and updates!</p>
          </EmptyState>
        ) : (
          <ul aria-label="Blog posts" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.posts.map((post) => (
              <BlogCard key={post.id} post={post} headingLevel={2} />
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
