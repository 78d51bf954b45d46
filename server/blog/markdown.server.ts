import type { Nodes, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString } from "mdast-util-to-string";
import type { MarkdownBlock, MarkdownInline } from "#common/markdown.ts";

/**
 * Blog bodies are Markdown (issue 27, point 7), parsed here with micromark's CommonMark parser and reduced to the
 * few shapes of common/markdown.ts. Raw HTML is kept as the text it is, images become their alt text, and a link
 * keeps its address only when it is http(s), mailto or on this site.
 *
 * Each line of a post is its own paragraph, as posts were written before Markdown (SPEC §9 counts a body in lines),
 * so a single line break separates blocks here too; inside a fenced code block lines stay as they are.
 */
export function parsePostBody(content: string): MarkdownBlock[] {
  return blocksOf(fromMarkdown(linesAsBlocks(content)).children);
}

/** The text a reader sees, without the marks: for the excerpt fallback. */
export function postBodyText(content: string): string {
  return fromMarkdown(linesAsBlocks(content))
    .children.map((node) => toString(node))
    .filter(Boolean)
    .join(" ");
}

function linesAsBlocks(content: string) {
  let fenced = false;
  const lines: string[] = [];
  for (const line of content.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    // A blank line after each, except within a fence (its opening line included).
    lines.push(line, ...(fenced ? [] : [""]));
  }
  return lines.join("\n");
}

function blocksOf(nodes: RootContent[]): MarkdownBlock[] {
  return nodes.flatMap((node): MarkdownBlock[] => {
    switch (node.type) {
      case "paragraph":
        return [{ type: "paragraph", children: inlinesOf(node.children) }];
      case "heading":
        return [{ type: "heading", level: node.depth === 1 ? 2 : node.depth === 2 ? 3 : 4, children: inlinesOf(node.children) }];
      case "list":
        return [{ type: "list", ordered: Boolean(node.ordered), start: node.start ?? 1, items: node.children.map((item) => blocksOf(item.children)) }];
      case "blockquote":
        return [{ type: "quote", children: blocksOf(node.children) }];
      case "code":
        return [{ type: "code", value: node.value }];
      case "thematicBreak":
        return [{ type: "rule" }];
      case "html":
        return [{ type: "paragraph", children: [{ type: "text", value: node.value }] }];
      default:
        // Definitions, footnotes and the like: what text they have, as a paragraph.
        return textBlock(node);
    }
  });
}

function textBlock(node: Nodes): MarkdownBlock[] {
  const value = toString(node);
  return value ? [{ type: "paragraph", children: [{ type: "text", value }] }] : [];
}

function inlinesOf(nodes: PhrasingContent[]): MarkdownInline[] {
  return nodes.flatMap((node): MarkdownInline[] => {
    switch (node.type) {
      case "text":
      case "html":
        return [{ type: "text", value: node.value }];
      case "strong":
      case "emphasis":
        return [{ type: node.type, children: inlinesOf(node.children) }];
      case "inlineCode":
        return [{ type: "code", value: node.value }];
      case "break":
        return [{ type: "break" }];
      case "link": {
        const href = safeHref(node.url);
        return href ? [{ type: "link", href, children: inlinesOf(node.children) }] : inlinesOf(node.children);
      }
      case "image":
        return node.alt ? [{ type: "text", value: node.alt }] : [];
      default: {
        const value = toString(node);
        return value ? [{ type: "text", value }] : [];
      }
    }
  });
}

/** http(s) and mailto addresses, and paths on this site; anything else (javascript:, data:, //host) is dropped. */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return ["http:", "https:", "mailto:"].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
