import { publicPaths } from "#server/catalog/public-catalog.server.ts";
import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/sitemap";

const staticPaths = ["/", "/languages", "/download", "/blog", "/faq", "/support", "/privacy-policy", "/terms-of-use"];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Every public page; locked levels and lessons are left out (they only redirect). */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const [catalog, posts] = await Promise.all([runtime.catalog(), runtime.publishedPosts()]);
  const paths = [
    ...staticPaths,
    ...publicPaths(catalog).map((p) => p.path),
    ...posts.map((post) => `/blog/${encodeURIComponent(post.slug)}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(runtime.env.PUBLIC_URL + path)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
