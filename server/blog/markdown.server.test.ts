import { describe, expect, it } from "vitest";
import { parsePostBody, postBodyText, safeHref } from "#server/blog/markdown.server.ts";

describe("blog bodies in Markdown", () => {
  it("reads headings, bold, italic, code, links and lists, one line to a paragraph as before", () => {
    const blocks = parsePostBody(
      ["# Ordering", "Say **please** and *thank you* with `por favor`.", "Second line, [our lessons](/languages).", "- one", "- two", "3. three", "4. four"].join("\n"),
    );
    expect(blocks).toEqual([
      { type: "heading", level: 2, children: [{ type: "text", value: "Ordering" }] },
      {
        type: "paragraph",
        children: [
          { type: "text", value: "Say " },
          { type: "strong", children: [{ type: "text", value: "please" }] },
          { type: "text", value: " and " },
          { type: "emphasis", children: [{ type: "text", value: "thank you" }] },
          { type: "text", value: " with " },
          { type: "code", value: "por favor" },
          { type: "text", value: "." },
        ],
      },
      {
        type: "paragraph",
        children: [
          { type: "text", value: "Second line, " },
          { type: "link", href: "/languages", children: [{ type: "text", value: "our lessons" }] },
          { type: "text", value: "." },
        ],
      },
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[{ type: "paragraph", children: [{ type: "text", value: "one" }] }], [{ type: "paragraph", children: [{ type: "text", value: "two" }] }]],
      },
      {
        type: "list",
        ordered: true,
        start: 3,
        items: [[{ type: "paragraph", children: [{ type: "text", value: "three" }] }], [{ type: "paragraph", children: [{ type: "text", value: "four" }] }]],
      },
    ]);
  });

  it("maps ## and deeper to the levels under the post's title, and keeps quotes, rules and fenced code", () => {
    const blocks = parsePostBody(["## Two", "#### Four", "> quoted", "---", "```", "line one", "", "line three", "```"].join("\n"));
    expect(blocks.map((block) => (block.type === "heading" ? `h${block.level}` : block.type))).toEqual(["h3", "h4", "quote", "rule", "code"]);
    expect(blocks.at(-1)).toEqual({ type: "code", value: "line one\n\nline three" });
  });

  it("keeps raw HTML as the text it is, images as their alt text, and drops unsafe link targets", () => {
    const blocks = parsePostBody(
      [
        `<img src=x onerror="alert(1)"><script>alert(2)</script>after`,
        "<div onclick=alert(3)>block</div>",
        "[a](javascript:alert(4)) [b](data:text/html,<b>x</b>) [c](//evil.example/p) [d](/\\evil.example) [e](vbscript:x)",
        "![tracker](https://evil.example/pixel.png)",
        "[web](https://example.com/a?b=1) [mail](mailto:team@example.com)",
      ].join("\n"),
    );
    const json = JSON.stringify(blocks);
    expect(json).not.toContain('"type":"html"');
    expect(blocks[0]).toEqual({
      type: "paragraph",
      children: [
        { type: "text", value: `<img src=x onerror="alert(1)">` },
        { type: "text", value: "<script>" },
        { type: "text", value: "alert(2)" },
        { type: "text", value: "</script>" },
        { type: "text", value: "after" },
      ],
    });
    expect(blocks[1]).toEqual({ type: "paragraph", children: [{ type: "text", value: "<div onclick=alert(3)>block</div>" }] });
    const links = (blocks[2]!.type === "paragraph" ? blocks[2]!.children : []).filter((inline) => inline.type === "link");
    expect(links).toEqual([]);
    expect(blocks[3]).toEqual({ type: "paragraph", children: [{ type: "text", value: "tracker" }] });
    const kept = blocks[4]!.type === "paragraph" ? blocks[4]!.children.flatMap((inline) => (inline.type === "link" ? [inline.href] : [])) : [];
    expect(kept).toEqual(["https://example.com/a?b=1", "mailto:team@example.com"]);
  });

  it("accepts only web, mail and same-site addresses", () => {
    expect(safeHref("/blog/post")).toBe("/blog/post");
    expect(safeHref("HTTPS://Example.com/x")).toBe("https://example.com/x");
    for (const bad of ["//evil.example", "/\\evil.example", "javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "file:///etc/passwd", "relative/path"]) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });

  it("gives the text a reader sees, for the excerpt", () => {
    expect(postBodyText("## Hello\nSay **please** and [thanks](https://example.com).\n- one")).toBe("Hello Say please and thanks. one");
  });
});
