import { getRuntime } from "#server/context.server.ts";
import type { Route } from "./+types/blog-feed";

/** Every character that could end an XML text or attribute, or start markup, as a numeric reference. */
function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Characters XML 1.0 forbids outright (control characters other than tab and line breaks, lone surrogates). */
function xmlText(value: string) {
  return escapeXml(value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ""));
}

/**
 * An RSS 2.0 feed of the published posts, newest first (linked from /blog). Titles and excerpts go in as escaped
 * text, never as HTML, so nothing a post holds is markup to a feed reader.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = getRuntime(context);
  const posts = await runtime.publishedPosts();
  const base = runtime.env.PUBLIC_URL;
  const site = runtime.env.SITE_NAME;
  const items = posts
    .map((post) => {
      const url = `${base}/blog/${encodeURIComponent(post.slug)}`;
      return [
        "    <item>",
        `      <title>${xmlText(post.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="false">${escapeXml(post.id)}</guid>`,
        `      <pubDate>${new Date(post.createdAt).toUTCString()}</pubDate>`,
        `      <description>${xmlText(post.excerpt)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xmlText(`${site} Blog`)}</title>`,
    `    <link>${escapeXml(`${base}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlText(`Language learning tips and updates from ${site}`)}</description>`,
    "    <language>en</language>",
    items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
  return new Response(`${body}\n`, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, no-cache" },
  });
}
