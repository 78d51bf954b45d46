import { cn } from "#app/lib/cn.ts";
import type { MarkdownBlock, MarkdownInline } from "#common/markdown.ts";

/**
 * A blog body the server parsed (common/markdown.ts), as elements: React escapes every text, and only the shapes
 * listed there exist, so nothing in a post can add markup or script. Blocks are spaced by the parent (space-y-*).
 */
export function MarkdownBody({ blocks }: { blocks: MarkdownBlock[] }) {
  return blocks.map((block, index) => <Block key={index} block={block} />);
}

function Block({ block, tight = false }: { block: MarkdownBlock; tight?: boolean }) {
  switch (block.type) {
    case "paragraph":
      return <p className={tight ? undefined : "leading-relaxed"}>{inlines(block.children)}</p>;
    case "heading": {
      const Heading = `h${block.level}` as const;
      const size = { 2: "text-2xl/snug", 3: "text-xl/snug", 4: "text-lg/snug" }[block.level];
      return <Heading className={cn("pt-2 font-bold text-ink", size)}>{inlines(block.children)}</Heading>;
    }
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <List start={block.ordered && block.start !== 1 ? block.start : undefined} className={cn("space-y-2 pl-6 leading-relaxed", block.ordered ? "list-decimal" : "list-disc")}>
          {block.items.map((item, index) => (
            <li key={index} className="space-y-2 pl-1">
              {item.map((child, childIndex) => (
                <Block key={childIndex} block={child} tight />
              ))}
            </li>
          ))}
        </List>
      );
    }
    case "quote":
      return (
        <blockquote className="space-y-3 border-l-4 border-brand-200 pl-4 text-muted italic">
          {block.children.map((child, index) => (
            <Block key={index} block={child} />
          ))}
        </blockquote>
      );
    case "code":
      return (
        <pre className="overflow-x-auto rounded-xl bg-brand-50 p-4 text-sm">
          <code>{block.value}</code>
        </pre>
      );
    case "rule":
      return <hr className="border-brand-100" />;
  }
}

function inlines(children: MarkdownInline[]): React.ReactNode {
  return children.map((child, index) => <Inline key={index} inline={child} />);
}

function Inline({ inline }: { inline: MarkdownInline }) {
  switch (inline.type) {
    case "text":
      return inline.value;
    case "strong":
      return <strong className="font-bold">{inlines(inline.children)}</strong>;
    case "emphasis":
      return <em>{inlines(inline.children)}</em>;
    case "code":
      return <code className="rounded bg-brand-50 px-1.5 py-0.5 text-[0.9em]">{inline.value}</code>;
    case "break":
      return <br />;
    case "link": {
      // Another site's page opens as the reader expects a link in an article to, without passing them this page.
      const external = !inline.href.startsWith("/");
      return (
        <a
          href={inline.href}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          {...(external ? { rel: "nofollow noopener noreferrer" } : {})}
        >
          {inlines(inline.children)}
        </a>
      );
    }
  }
}
