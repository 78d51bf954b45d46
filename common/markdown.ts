/**
 * A blog post's body as the server parsed it from Markdown (server/blog/markdown.server.ts), in a shape that holds
 * only what the page may render: no HTML, no images, links only to web, mail and same-site addresses. The browser
 * renders it with React (app/components/markdown-body.tsx), so every text is escaped. Browser-safe.
 */
export type MarkdownInline =
  | { type: "text"; value: string }
  | { type: "strong" | "emphasis"; children: MarkdownInline[] }
  | { type: "code"; value: string }
  | { type: "link"; href: string; children: MarkdownInline[] }
  | { type: "break" };

export type MarkdownBlock =
  | { type: "paragraph"; children: MarkdownInline[] }
  /** `#` is the post's first heading level under its title (h2), `##` h3, and deeper h4. */
  | { type: "heading"; level: 2 | 3 | 4; children: MarkdownInline[] }
  | { type: "list"; ordered: boolean; start: number; items: MarkdownBlock[][] }
  | { type: "quote"; children: MarkdownBlock[] }
  | { type: "code"; value: string }
  | { type: "rule" };

/** The Markdown the blog editor offers, said once for its hint and the docs. */
export const MARKDOWN_HINT = "Markdown: # heading, **bold**, *italic*, [link](https://…), - or 1. for lists. Each line is its own paragraph.";
