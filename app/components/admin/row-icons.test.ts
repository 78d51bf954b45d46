import { ArrowDown, ArrowUp, ExternalLink, GripVertical, Pencil, Trash2, type LucideIcon } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RowIcon, RowIconDrawing, RowIconSprite, rowIconNames, type RowIconName } from "#app/components/admin/row-icons.tsx";

const lucide: Record<RowIconName, LucideIcon> = {
  "external-link": ExternalLink,
  pencil: Pencil,
  "trash-2": Trash2,
  "arrow-up": ArrowUp,
  "arrow-down": ArrowDown,
  "grip-vertical": GripVertical,
};

/** What lucide draws inside its <svg>, and the attributes of that <svg> that style the strokes. */
function lucideParts(icon: LucideIcon) {
  const markup = renderToStaticMarkup(createElement(icon, { "aria-hidden": true }));
  const [, attributes = "", inner = ""] = /^<svg([^>]*)>(.*)<\/svg>$/.exec(markup) ?? [];
  const strokeAttributes = ["viewBox", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"].map(
    (name) => new RegExp(` ${name}="[^"]*"`).exec(attributes)?.[0],
  );
  return { inner, strokeAttributes };
}

describe("the admin rows' icon sprite", () => {
  it.each(rowIconNames)("%s draws as lucide's icon", (name) => {
    const { inner, strokeAttributes } = lucideParts(lucide[name]);
    expect(renderToStaticMarkup(createElement(RowIconDrawing, { name }))).toBe(inner);
    const symbol = new RegExp(`<symbol id="row-icon-${name}"[^>]*>`).exec(renderToStaticMarkup(createElement(RowIconSprite)))?.[0] ?? "";
    for (const attribute of strokeAttributes) expect(symbol).toContain(attribute);
  });

  it("an icon refers to its symbol and stays hidden from assistive technology", () => {
    expect(renderToStaticMarkup(createElement(RowIcon, { name: "pencil", className: "size-5" }))).toBe(
      '<svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" class="lucide size-5"><use href="#row-icon-pencil"></use></svg>',
    );
  });
});
