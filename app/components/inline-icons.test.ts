import { ArrowLeft as LucideArrowLeft, ArrowRight as LucideArrowRight, ChevronDown as LucideChevronDown, Headphones as LucideHeadphones, Heart as LucideHeart, LoaderCircle as LucideLoaderCircle, Lock as LucideLock, Mic as LucideMic, Repeat as LucideRepeat, type LucideIcon } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChevronDown, Headphones, LoaderCircle, Repeat } from "#app/components/audio-card.tsx";
import { ArrowLeft } from "#app/components/breadcrumbs.tsx";
import { ArrowRight } from "#app/components/lesson-next.tsx";
import { Heart } from "#app/components/lesson-progress.tsx";
import { Lock } from "#app/components/locked-badge.tsx";
import { Mic } from "#app/components/recorder/record-button.tsx";

/**
 * The lesson page's components define a few lucide icons themselves (one file fewer each on its first visit,
 * docs/decisions/010-learn-mode.md): they must render exactly as lucide's own.
 */
const pairs: [string, LucideIcon, LucideIcon][] = [
  ["ChevronDown", ChevronDown, LucideChevronDown],
  ["Headphones", Headphones, LucideHeadphones],
  ["LoaderCircle", LoaderCircle, LucideLoaderCircle],
  ["Repeat", Repeat, LucideRepeat],
  ["ArrowLeft", ArrowLeft, LucideArrowLeft],
  ["ArrowRight", ArrowRight, LucideArrowRight],
  ["Heart", Heart, LucideHeart],
  ["Lock", Lock, LucideLock],
  ["Mic", Mic, LucideMic],
];

describe("the lesson page's own copies of lucide icons", () => {
  it.each(pairs)("%s renders as lucide's", (_, own, lucide) => {
    const props = { className: "size-4", "aria-hidden": true };
    expect(renderToStaticMarkup(createElement(own, props))).toBe(renderToStaticMarkup(createElement(lucide, props)));
  });
});
